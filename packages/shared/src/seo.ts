// What a page says about itself to browsers, search engines and link previews. The web app sets
// it while a page is shown; the server writes the same into the HTML it sends for product pages,
// so crawlers and link previews that run no script read identical text (decision 118).

export const SITE_TITLE = 'Canopy';

/** Longest page description search results show in full. */
export const META_DESCRIPTION_LENGTH = 160;

/** "Blue Dream indoor · Canopy": the browser tab and search result title of a page. */
export const documentTitle = (title: string) => `${title} · ${SITE_TITLE}`;

/** A search-result-sized summary of a listing: whitespace collapsed, cut at a word before 160 characters. */
export function productMetaDescription(name: string, description: string): string {
  const text = `${name}: ${description}`.replace(/\s+/g, ' ').trim();
  if (text.length <= META_DESCRIPTION_LENGTH) return text;
  const cut = text.slice(0, META_DESCRIPTION_LENGTH - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${cut.slice(0, lastSpace > 0 ? lastSpace : cut.length)}…`;
}
