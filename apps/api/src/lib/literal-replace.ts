// String.prototype.replace reads `$&`, `$'`, `` $` `` and `$1` in a replacement string as patterns,
// so a seller's words put into a page that way would splice the page's own head or body into it.
// Text that reaches a page (tags built from listings, settings) goes in through these, as written.

/** `text` with its first `search` replaced by `insert`, exactly as given. */
export function replaceFirst(text: string, search: string, insert: string): string {
  const at = text.indexOf(search);
  return at === -1 ? text : text.slice(0, at) + insert + text.slice(at + search.length);
}

/** A page with `tags` added at the end of its head. */
export const withTagsInHead = (html: string, tags: string): string =>
  replaceFirst(html, '</head>', `  ${tags}\n  </head>`);
