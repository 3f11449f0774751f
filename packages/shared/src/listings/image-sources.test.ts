import { describe, expect, test } from 'vitest';
import { mediaImageSources } from './image-sources.ts';
import type { MediaItemDto } from './responses.ts';

const picture = (width: number, height: number): MediaItemDto => ({
  _id: 'm1',
  type: 'image',
  url: '/uploads/p/original.webp',
  thumbnail: '/uploads/p/thumbnail.webp',
  duration: null,
  size: 1000,
  width,
  height,
  mimeType: 'image/webp',
  variants: {
    thumbnail: '/uploads/p/thumbnail.webp',
    small: '/uploads/p/small.webp',
    medium: '/uploads/p/medium.webp',
    original: '/uploads/p/original.webp',
  },
});

describe('a picture’s srcset', () => {
  test('names every variant with its real width when each variant is smaller than the next', () => {
    expect(mediaImageSources(picture(1600, 1200), 'small').srcSet).toBe(
      '/uploads/p/thumbnail.webp 200w, /uploads/p/small.webp 400w, /uploads/p/medium.webp 800w, /uploads/p/original.webp 1600w',
    );
  });

  test('names each width once when the stored picture is no larger than a variant (the HTML checker rejects two)', () => {
    // 640 × 480: medium and original are both 640 px wide, never scaled up.
    expect(mediaImageSources(picture(640, 480), 'medium').srcSet).toBe(
      '/uploads/p/thumbnail.webp 200w, /uploads/p/small.webp 400w, /uploads/p/medium.webp 640w',
    );
    // 150 × 100: every variant is the stored size.
    expect(mediaImageSources(picture(150, 100), 'small').srcSet).toBe('/uploads/p/thumbnail.webp 150w');
  });
});
