import type { ListingDto } from '@canopy/shared';
import { useState } from 'react';
import type { ListingFiles } from '../api/listings-api.ts';
import {
  galleryOrder,
  type PickedFile,
  pickedInOrder,
  selectImages,
  selectVideos,
  toPicked,
} from '../media-selection.ts';

/**
 * The pictures and videos of a listing form: what it keeps, what the seller adds or removes, and
 * the gallery order. `refuse` is told a pick that breaks SPEC's file rules.
 */
export function useMediaState(listing: ListingDto | undefined, refuse: (problem: string) => void) {
  const [images, setImages] = useState<PickedFile[]>([]);
  const [videos, setVideos] = useState<PickedFile[]>([]);
  const [removedMedia, setRemovedMedia] = useState<string[]>([]);
  const initialImageOrder = (listing?.media ?? [])
    .filter((item) => item.type === 'image')
    .map((item) => item._id);
  // The images as shown: kept ones by id and chosen files by key, in the order the seller set.
  const [imageOrder, setImageOrder] = useState<string[]>(initialImageOrder);

  const keptMedia = (listing?.media ?? []).filter((item) => !removedMedia.includes(item._id));
  const keptImages = keptMedia.filter((item) => item.type === 'image');
  const keptVideos = keptMedia.filter((item) => item.type === 'video');

  const orderChanged =
    imageOrder.join() !== initialImageOrder.filter((id) => !removedMedia.includes(id)).join();

  return {
    images,
    videos,
    imageOrder,
    keptImages,
    keptVideos,
    changed: images.length > 0 || videos.length > 0 || removedMedia.length > 0 || orderChanged,
    reorderImages: setImageOrder,
    pickImages(files: File[]) {
      const { accepted, problem } = selectImages(keptImages.length + images.length, files);
      if (problem) return refuse(problem);
      const picked = toPicked(accepted);
      setImages((current) => [...current, ...picked]);
      setImageOrder((current) => [...current, ...picked.map(({ key }) => key)]);
    },
    pickVideos(files: File[]) {
      const { accepted, problem } = selectVideos(keptVideos.length + videos.length, files);
      if (problem) refuse(problem);
      else setVideos((current) => [...current, ...toPicked(accepted)]);
    },
    removeKept(mediaId: string) {
      setRemovedMedia((current) => [...current, mediaId]);
      setImageOrder((current) => current.filter((key) => key !== mediaId));
    },
    removeImage(key: string) {
      setImages((current) => current.filter((item) => item.key !== key));
      setImageOrder((current) => current.filter((entry) => entry !== key));
    },
    removeVideo(key: string) {
      setVideos((current) => current.filter((item) => item.key !== key));
    },
    /** The files part of the save; the gallery order is sent on edits only (decision 165). */
    files(testUpload: File | null): ListingFiles {
      return {
        images: pickedInOrder(imageOrder, images),
        videos: videos.map(({ file }) => file),
        testUpload,
        removeMedia: removedMedia,
        mediaOrder: listing
          ? galleryOrder(
              imageOrder,
              images,
              keptVideos.map((item) => item._id),
              videos,
            )
          : undefined,
      };
    },
  };
}

export type MediaState = ReturnType<typeof useMediaState>;
