import { MAX_IMAGES, MAX_VIDEOS } from '@canopy/shared';
import { Card } from '@/components/ui/card.tsx';
import { MediaPicker } from '../components/media-picker.tsx';
import type { MediaState } from './use-media-state.ts';

export function MediaSection({ media, disabled }: { media: MediaState; disabled: boolean }) {
  return (
    <Card className="space-y-6 p-5 sm:p-6">
      <MediaPicker
        kind="image"
        hint={`Up to ${MAX_IMAGES} images. The first picture is the listing's thumbnail: drag the pictures, or use their arrow buttons, to change the order.`}
        existing={media.keptImages}
        added={media.images}
        order={media.imageOrder}
        onReorder={media.reorderImages}
        onPick={media.pickImages}
        onRemoveExisting={media.removeKept}
        onRemoveAdded={media.removeImage}
        disabled={disabled}
      />
      <MediaPicker
        kind="video"
        hint={`Up to ${MAX_VIDEOS} videos (MP4, MOV, AVI or WMV), each under 100MB.`}
        existing={media.keptVideos}
        added={media.videos}
        onPick={media.pickVideos}
        onRemoveExisting={media.removeKept}
        onRemoveAdded={media.removeVideo}
        disabled={disabled}
      />
    </Card>
  );
}
