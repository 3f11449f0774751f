import { PAGE_ANSWERS_ELEMENT_ID } from '@canopy/shared';

// A page whose largest element waits on an API answer (the first catalog card, the product's
// picture) waits for the script, then for that call. The server already has the answer when it
// sends the page (the same cached answer the call would read), so it puts it in the page as a
// JSON data block, keyed by the call's address; the web app draws from it at once and then makes
// the call as usual (decision 180). A data block never runs, so the CSP's script rules do not
// apply to it; `<` is escaped so a listing's text can never close the block.

/** `answers`: each call's address (with /api) → its answer as the API serialises it. */
export function pageAnswersTag(answers: Record<string, string>): string | null {
  const entries = Object.entries(answers);
  if (entries.length === 0) return null;
  const body = `{${entries.map(([path, json]) => `${JSON.stringify(path)}:${json}`).join(',')}}`;
  return `<script type="application/json" id="${PAGE_ANSWERS_ELEMENT_ID}">${body.replace(/</g, '\\u003c')}</script>`;
}
