/** How long a saved file's blob URL lives: long enough for the browser to start the download. */
const BLOB_URL_LIFETIME_MS = 60_000;

/** Saves a fetched file (a CSV export) under `name` through a temporary link. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), BLOB_URL_LIFETIME_MS);
}
