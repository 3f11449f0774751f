import { apiBlob } from './api-client.ts';
import { notifyFailure } from './toast.ts';

/** How long the file's blob URL lives: long enough for the new tab to load it. */
const BLOB_URL_LIFETIME_MS = 60_000;

/**
 * Files behind the bearer token (license documents, order confirmations) cannot be opened by a
 * plain link, so the file is fetched and shown from a blob URL. The tab is opened before the
 * fetch, inside the click, because popup blockers refuse tabs opened after an await; without a
 * tab the file is downloaded as `downloadName`.
 */
export async function openProtectedFile(path: string, downloadName: string, failure: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = URL.createObjectURL(await apiBlob(path));
    setTimeout(() => URL.revokeObjectURL(url), BLOB_URL_LIFETIME_MS);
    if (tab) {
      tab.location.href = url;
    } else {
      const link = Object.assign(document.createElement('a'), { href: url, download: downloadName });
      link.click();
    }
  } catch (error) {
    tab?.close();
    notifyFailure(error, failure);
  }
}
