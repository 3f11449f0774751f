import {
  LISTING_RULES,
  LISTINGS,
  MAX_IMAGES,
  MAX_VIDEOS,
  TEST_UPLOAD_MAX_BYTES,
  VIDEO_MAX_BYTES,
} from '@canopy/shared';
import { describe, expect, test } from 'vitest';
import {
  galleryOrder,
  moveItem,
  pickedInOrder,
  selectImages,
  selectVideos,
  testUploadProblem,
  toPicked,
} from './media-selection.ts';

/** A file of the given name, type and size, without writing its bytes out. */
function file(name: string, type: string, size = 1024): File {
  const made = new File(['x'], name, { type });
  Object.defineProperty(made, 'size', { value: size });
  return made;
}

const jpeg = (name = 'lot.jpg') => file(name, 'image/jpeg');
const mp4 = (size = 1024) => file('tour.MP4', 'video/mp4', size);

describe('selectImages', () => {
  test('images are accepted up to MAX_IMAGES, counting those the listing keeps', () => {
    const files = [jpeg('a.jpg'), jpeg('b.jpg')];
    expect(selectImages(MAX_IMAGES - 2, files)).toEqual({ accepted: files, problem: null });
    expect(selectImages(MAX_IMAGES - 1, files)).toEqual({ accepted: [], problem: LISTINGS.maxImages });
  });

  test('one file that is not an image refuses the whole selection', () => {
    expect(selectImages(0, [jpeg(), file('notes.pdf', 'application/pdf')])).toEqual({
      accepted: [],
      problem: LISTING_RULES.imageType,
    });
  });
});

describe('selectVideos', () => {
  test('mp4, mov, avi and wmv, whatever the case of the extension', () => {
    const files = [mp4(), file('b.mov', 'video/quicktime'), file('c.avi', ''), file('d.WMV', '')];
    expect(selectVideos(0, files.slice(0, MAX_VIDEOS))).toEqual({
      accepted: files.slice(0, MAX_VIDEOS),
      problem: null,
    });
    expect(selectVideos(0, [file('clip.webm', 'video/webm')]).problem).toBe(LISTING_RULES.videoType);
  });

  test('a video of VIDEO_MAX_BYTES or more is refused, one byte less is not', () => {
    expect(selectVideos(0, [mp4(VIDEO_MAX_BYTES)]).problem).toBe(LISTINGS.videoTooLarge);
    expect(selectVideos(0, [mp4(VIDEO_MAX_BYTES - 1)]).problem).toBeNull();
  });

  test('no more than MAX_VIDEOS with those the listing keeps', () => {
    expect(selectVideos(MAX_VIDEOS, [mp4()])).toEqual({ accepted: [], problem: LISTINGS.maxVideos });
  });
});

describe('testUploadProblem', () => {
  test("SPEC's types up to the server's size are fine", () => {
    expect(testUploadProblem(file('coa.PDF', 'application/pdf', TEST_UPLOAD_MAX_BYTES))).toBeNull();
    expect(testUploadProblem(file('coa.docx', ''))).toBeNull();
  });

  test('another type, or one byte too many, is refused with its own text', () => {
    expect(testUploadProblem(file('coa.txt', 'text/plain'))).toBe(LISTING_RULES.testUploadType);
    expect(testUploadProblem(file('coa.pdf', 'application/pdf', TEST_UPLOAD_MAX_BYTES + 1))).toBe(
      LISTING_RULES.testUploadTooLarge,
    );
  });
});

describe('toPicked', () => {
  test('every chosen file gets a key no other chosen file has', () => {
    const keys = [...toPicked([jpeg(), jpeg()]), ...toPicked([jpeg()])].map((picked) => picked.key);
    expect(new Set(keys).size).toBe(3);
  });
});

describe('moveItem', () => {
  test('moves one item and keeps the others in order, clamped to the ends', () => {
    expect(moveItem(['a', 'b', 'c'], 1, 0)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 9)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });
});

describe('galleryOrder', () => {
  test('names kept media by id and uploads by their place in the request, images before videos', () => {
    const [first, second] = toPicked([jpeg(), jpeg()]) as [
      { key: string; file: File },
      { key: string; file: File },
    ];
    const [video] = toPicked([file('clip.mp4', 'video/mp4')]);
    const order = [second.key, 'kept-1', first.key, 'kept-2'];
    expect(galleryOrder(order, [first, second], ['kept-video'], video ? [video] : [])).toEqual([
      'new:0',
      'kept-1',
      'new:1',
      'kept-2',
      'kept-video',
      'new:2',
    ]);
    // The files go up in the order shown, so "new:0" is the one shown first.
    expect(pickedInOrder(order, [first, second])).toEqual([second.file, first.file]);
  });
});
