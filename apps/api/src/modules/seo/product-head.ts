import { documentTitle, productMetaDescription, SITE_TITLE } from '@canopy/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { listingMedia, listings, REACHABLE_LISTING } from '../../db/schema/index.ts';
import { escapeHtml } from '../../lib/email-html.ts';
import { withTagsInHead } from '../../lib/literal-replace.ts';

// The head of a product page as the server sends it (decision 118): title, description,
// canonical address and the Open Graph and Twitter tags a link preview reads, with the listing's
// first picture. Crawlers and chat apps that run no script see them; the web app keeps the same
// title and description once it runs.

export interface ProductHead {
  id: string;
  title: string;
  description: string;
  /** The first picture's medium variant (storage key), when the listing has one. */
  imageKey: string | null;
}

/**
 * A public listing's title, description and first picture, in one query (primary key, then the
 * media index for the first picture); null when the listing is missing, hidden, archived or its
 * seller is not verified. A sold-out listing keeps its page, and so its head (decision 124).
 */
export async function findProductHead(db: Db, id: string): Promise<ProductHead | null> {
  const firstImage = db
    .select({ key: listingMedia.mediumKey })
    .from(listingMedia)
    .where(and(eq(listingMedia.listingId, listings.id), eq(listingMedia.kind, 'image')))
    .orderBy(asc(listingMedia.position))
    .limit(1)
    .as('first_image');
  const [row] = await db
    .select({
      id: listings.id,
      title: listings.title,
      description: listings.description,
      imageKey: firstImage.key,
    })
    .from(listings)
    .leftJoinLateral(firstImage, sql`true`)
    .where(and(eq(listings.id, id), REACHABLE_LISTING))
    .limit(1);
  return row ?? null;
}

/** Every tag is built from escaped text: a listing's words never become markup. */
const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;

export function productHeadTags(head: ProductHead, appUrl: string, imageUrl: string | null): string {
  const title = documentTitle(head.title);
  const description = productMetaDescription(head.title, head.description);
  const url = `${appUrl}/products/${head.id}`;
  return [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:site_name', SITE_TITLE),
    meta('property', 'og:type', 'product'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    ...(imageUrl
      ? [meta('property', 'og:image', imageUrl), meta('property', 'og:image:alt', head.title)]
      : []),
    meta('name', 'twitter:card', imageUrl ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', description),
    ...(imageUrl ? [meta('name', 'twitter:image', imageUrl)] : []),
  ].join('\n    ');
}

const SITE_TITLE_TAG = /<title>[\s\S]*?<\/title>/;
const SITE_DESCRIPTION_TAG = /<meta\s+name="description"[^>]*>/;

/** index.html with the site's own title and description replaced by the product's head. */
export function withProductHead(html: string, tags: string): string {
  return withTagsInHead(html.replace(SITE_TITLE_TAG, '').replace(SITE_DESCRIPTION_TAG, ''), tags);
}
