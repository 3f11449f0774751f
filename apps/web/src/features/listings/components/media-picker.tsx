import { IMAGE_ACCEPT, type MediaItemDto, VIDEO_ACCEPT } from '@canopy/shared';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { mediaImageSources } from '@/lib/public-product.ts';
import type { PickedFile } from '../media-selection.ts';

/**
 * Preview URLs for chosen files. Created in an effect (not during render) so each URL is revoked
 * exactly once, when the files change or the form goes away, and never while still shown.
 */
function useObjectUrls(files: PickedFile[]): Map<string, string> {
  const [urls, setUrls] = useState(() => new Map<string, string>());
  useEffect(() => {
    const created = new Map(files.map(({ key, file }) => [key, URL.createObjectURL(file)]));
    setUrls(created);
    return () => {
      for (const url of created.values()) URL.revokeObjectURL(url);
    };
  }, [files]);
  return urls;
}

/** The look of the form's file inputs (the lab results input uses it too). */
export const FILE_INPUT_CLASSES =
  'block w-full text-sm text-slate-700 file:mr-4 file:rounded-md file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:text-sm file:font-medium file:text-brand-800 hover:file:bg-brand-100';

type MediaKind = 'image' | 'video';

const KIND = {
  image: { label: 'Images', noun: 'image', accept: IMAGE_ACCEPT },
  video: { label: 'Videos', noun: 'video', accept: VIDEO_ACCEPT },
} as const;

interface PreviewProps {
  kind: MediaKind;
  /** 1-based place among this kind's previews: "Video 2". */
  number: number;
  src: string | undefined;
  poster?: string;
  onRemove: () => void;
  disabled: boolean;
}

function Preview({ kind, number, src, poster, onRemove, disabled }: PreviewProps) {
  const name = `${kind === 'image' ? 'Image' : 'Video'} ${number}`;
  return (
    <li className="overflow-hidden rounded-md border border-slate-200 bg-white">
      <div className="aspect-[4/3] bg-slate-100">
        {src &&
          (kind === 'image' ? (
            <img
              src={src}
              alt={name}
              width={200}
              height={150}
              decoding="async"
              className="size-full object-cover"
            />
          ) : (
            // biome-ignore lint/a11y/useMediaCaption: a preview of the seller's own upload, which has no caption file.
            <video
              src={src}
              poster={poster}
              controls
              preload="metadata"
              aria-label={name}
              className="size-full bg-slate-900"
            />
          ))}
      </div>
      <div className="flex items-center justify-between gap-2 px-2 py-1.5">
        <span className="text-xs font-medium whitespace-nowrap text-slate-700">{name}</span>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Remove ${name.toLowerCase()}`}
          disabled={disabled}
          onClick={onRemove}
        >
          Remove
        </Button>
      </div>
    </li>
  );
}

interface MediaPickerProps {
  kind: MediaKind;
  hint: string;
  /** The listing's current items of this kind that stay (edit). */
  existing: MediaItemDto[];
  /** Files chosen in this visit. */
  added: PickedFile[];
  /** Receives the newly picked files; refusing them (with a toast) is the caller's call. */
  onPick: (files: File[]) => void;
  onRemoveExisting: (mediaId: string) => void;
  onRemoveAdded: (key: string) => void;
  disabled: boolean;
}

/** A file input for images or videos with a preview grid of what the listing will hold. */
export function MediaPicker({
  kind,
  hint,
  existing,
  added,
  onPick,
  onRemoveExisting,
  onRemoveAdded,
  disabled,
}: MediaPickerProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const addedUrls = useObjectUrls(added);
  const { label, accept } = KIND[kind];

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Cleared so choosing the same file again (after removing it) fires another change.
    event.target.value = '';
    if (files.length) onPick(files);
  };

  return (
    <div className="space-y-3">
      <div className="space-y-1.5">
        <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <input
          id={inputId}
          type="file"
          multiple
          accept={accept}
          disabled={disabled}
          aria-describedby={hintId}
          onChange={pick}
          className={FILE_INPUT_CLASSES}
        />
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      </div>
      {existing.length + added.length > 0 && (
        <ul
          aria-label={`${label} of this listing`}
          className={kind === 'image' ? 'grid grid-cols-2 gap-3 sm:grid-cols-3' : 'grid gap-3 sm:grid-cols-2'}
        >
          {existing.map((item, index) => (
            <Preview
              key={item._id}
              kind={kind}
              number={index + 1}
              src={kind === 'image' ? mediaImageSources(item, 'small').src : item.url}
              poster={kind === 'video' ? item.thumbnail : undefined}
              onRemove={() => onRemoveExisting(item._id)}
              disabled={disabled}
            />
          ))}
          {added.map(({ key }, index) => (
            <Preview
              key={key}
              kind={kind}
              number={existing.length + index + 1}
              src={addedUrls.get(key)}
              onRemove={() => onRemoveAdded(key)}
              disabled={disabled}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
