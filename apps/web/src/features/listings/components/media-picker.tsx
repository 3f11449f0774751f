import { IMAGE_ACCEPT, LISTING_TOOLS, type MediaItemDto, VIDEO_ACCEPT } from '@canopy/shared';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { mediaImageSources } from '@/lib/public-product.ts';
import { moveItem, type PickedFile } from '../media-selection.ts';

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
  /** Present when the previews can be reordered. */
  reorder?: ReorderControls;
}

interface ReorderControls {
  total: number;
  /** Moves this preview to a 0-based place; `viaKeyboard` keeps focus on the button pressed. */
  moveTo: (place: number, button?: 'earlier' | 'later') => void;
  dragStart: () => void;
  dropHere: () => void;
  registerButton: (which: 'earlier' | 'later', element: HTMLButtonElement | null) => void;
}

function Preview({ kind, number, src, poster, onRemove, disabled, reorder }: PreviewProps) {
  const name = `${kind === 'image' ? 'Image' : 'Video'} ${number}`;
  const place = number - 1;
  return (
    <li
      className="overflow-hidden rounded-md border border-slate-200 bg-white"
      // Dragging is the mouse's way; the Move buttons below are the keyboard's (and a screen reader's).
      draggable={reorder !== undefined && !disabled}
      onDragStart={(event) => {
        event.dataTransfer.effectAllowed = 'move';
        reorder?.dragStart();
      }}
      onDragOver={(event) => {
        if (reorder) event.preventDefault();
      }}
      onDrop={(event) => {
        event.preventDefault();
        reorder?.dropHere();
      }}
    >
      <div className="aspect-[4/3] bg-slate-100">
        {src &&
          (kind === 'image' ? (
            <img
              src={src}
              alt={name}
              width={200}
              height={150}
              decoding="async"
              draggable={false}
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
      <div className="flex flex-wrap items-center justify-between gap-1 px-2 py-1.5">
        <span className="text-xs font-medium whitespace-nowrap text-slate-700">{name}</span>
        <span className="flex items-center gap-1">
          {reorder && (
            <>
              <Button
                ref={(element) => reorder.registerButton('earlier', element)}
                variant="ghost"
                size="sm"
                aria-label={LISTING_TOOLS.moveEarlier(name.toLowerCase())}
                disabled={disabled || place === 0}
                onClick={() => reorder.moveTo(place - 1, 'earlier')}
              >
                <span aria-hidden="true">←</span>
              </Button>
              <Button
                ref={(element) => reorder.registerButton('later', element)}
                variant="ghost"
                size="sm"
                aria-label={LISTING_TOOLS.moveLater(name.toLowerCase())}
                disabled={disabled || place === reorder.total - 1}
                onClick={() => reorder.moveTo(place + 1, 'later')}
              >
                <span aria-hidden="true">→</span>
              </Button>
            </>
          )}
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Remove ${name.toLowerCase()}`}
            disabled={disabled}
            onClick={onRemove}
          >
            Remove
          </Button>
        </span>
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
  /**
   * The previews' order as keys (existing media ids and picked files' keys) and the way to change
   * it; without them, current items come first and picked files after, in a fixed order.
   */
  order?: string[];
  onReorder?: (order: string[]) => void;
}

/**
 * A file input for images or videos with a preview grid of what the listing will hold. With
 * `onReorder`, previews can be dragged into place, or moved with their Move buttons from the
 * keyboard; each move is announced, and focus stays with the item that moved.
 */
export function MediaPicker({
  kind,
  hint,
  existing,
  added,
  onPick,
  onRemoveExisting,
  onRemoveAdded,
  disabled,
  order,
  onReorder,
}: MediaPickerProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const addedUrls = useObjectUrls(added);
  const { label, accept } = KIND[kind];
  const [announcement, setAnnouncement] = useState('');
  const dragged = useRef<number | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [focusAfterMove, setFocusAfterMove] = useState<{ key: string; button: 'earlier' | 'later' } | null>(
    null,
  );

  const keys = order ?? [...existing.map((item) => item._id), ...added.map((item) => item.key)];
  const existingById = new Map(existing.map((item) => [item._id, item]));
  const addedByKey = new Map(added.map((item) => [item.key, item]));

  useEffect(() => {
    if (!focusAfterMove) return;
    const { key, button } = focusAfterMove;
    // At an end the pressed button is disabled: the other one keeps focus on the moved item.
    const pressed = buttons.current.get(`${key}:${button}`);
    const other = buttons.current.get(`${key}:${button === 'earlier' ? 'later' : 'earlier'}`);
    (pressed && !pressed.disabled ? pressed : other)?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove]);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Cleared so choosing the same file again (after removing it) fires another change.
    event.target.value = '';
    if (files.length) onPick(files);
  };

  const move = (from: number, to: number, button?: 'earlier' | 'later') => {
    if (!onReorder || to < 0 || to >= keys.length || from === to) return;
    const next = moveItem(keys, from, to);
    onReorder(next);
    const noun = kind === 'image' ? 'Image' : 'Video';
    setAnnouncement(LISTING_TOOLS.moved(`${noun} ${from + 1}`, to + 1, keys.length));
    const key = keys[from];
    if (button && key) setFocusAfterMove({ key, button });
  };

  const reorderFor = (place: number, key: string): ReorderControls | undefined =>
    onReorder && keys.length > 1
      ? {
          total: keys.length,
          moveTo: (to, button) => move(place, to, button),
          dragStart: () => {
            dragged.current = place;
          },
          dropHere: () => {
            if (dragged.current !== null) move(dragged.current, place);
            dragged.current = null;
          },
          registerButton: (which, element) => {
            if (element) buttons.current.set(`${key}:${which}`, element);
            else buttons.current.delete(`${key}:${which}`);
          },
        }
      : undefined;

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
      {keys.length > 0 && (
        <ul
          aria-label={`${label} of this listing`}
          className={kind === 'image' ? 'grid grid-cols-2 gap-3 sm:grid-cols-3' : 'grid gap-3 sm:grid-cols-2'}
        >
          {keys.map((key, index) => {
            const current = existingById.get(key);
            const picked = addedByKey.get(key);
            if (!current && !picked) return null;
            return (
              <Preview
                key={key}
                kind={kind}
                number={index + 1}
                src={
                  current
                    ? kind === 'image'
                      ? mediaImageSources(current, 'small').src
                      : current.url
                    : addedUrls.get(key)
                }
                poster={current && kind === 'video' ? current.thumbnail : undefined}
                onRemove={() => (current ? onRemoveExisting(key) : onRemoveAdded(key))}
                disabled={disabled}
                reorder={reorderFor(index, key)}
              />
            );
          })}
        </ul>
      )}
      {onReorder && (
        <p aria-live="polite" className="sr-only">
          {announcement}
        </p>
      )}
    </div>
  );
}
