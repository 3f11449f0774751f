import { type ImageVariantsDto, type MediaItemDto, mediaImageSources } from '@canopy/shared';
import { escapeHtml } from '../../lib/email-html.ts';

// The largest thing in a page's first view is often a picture the web app only asks for after
// its script has run and its data has come back. A <link rel="preload" as="image"> in the page
// the server sends lets the browser fetch it beside the script instead (decision 171). It names
// the same srcset and sizes as the <img> the web app draws (both from @canopy/shared), so the
// browser picks the same file once.

interface ImagePreload {
  /** The variant the <img> falls back to without srcset support. */
  preferred: keyof ImageVariantsDto;
  /** The <img>'s `sizes`. */
  sizes: string;
  /** Only where the picture is in the first view (a media query), when not everywhere. */
  media?: string;
}

/** The preload tag for a gallery item, or null for a video (its poster is not worth a head start). */
export function imagePreloadTag(item: MediaItemDto | undefined, { preferred, sizes, media }: ImagePreload) {
  if (item?.type !== 'image') return null;
  const image = mediaImageSources(item, preferred);
  const attributes = [
    'rel="preload"',
    'as="image"',
    `href="${escapeHtml(image.src)}"`,
    ...(image.srcSet
      ? [`imagesrcset="${escapeHtml(image.srcSet)}"`, `imagesizes="${escapeHtml(sizes)}"`]
      : []),
    'fetchpriority="high"',
    ...(media ? [`media="${escapeHtml(media)}"`] : []),
  ];
  return `<link ${attributes.join(' ')}>`;
}
