import { apiBlob } from '@/lib/api-client.ts';
import { ADMIN_TEXTS } from '@/lib/texts.ts';
import { notifyFailure } from '@/lib/toast.ts';

/** How long the document's blob URL lives: long enough for the new tab to load it. */
const BLOB_URL_LIFETIME_MS = 60_000;

/**
 * License documents need the bearer token, so a plain link cannot open them. The file is
 * fetched and shown from a blob URL. The tab is opened before the fetch, inside the click,
 * because popup blockers refuse tabs opened after an await.
 */
export async function openLicenseDocument(path: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = URL.createObjectURL(await apiBlob(path));
    setTimeout(() => URL.revokeObjectURL(url), BLOB_URL_LIFETIME_MS);
    if (tab) {
      tab.location.href = url;
    } else {
      const link = Object.assign(document.createElement('a'), { href: url, download: 'license-document' });
      link.click();
    }
  } catch (error) {
    tab?.close();
    notifyFailure(error, ADMIN_TEXTS.licenseDocumentFailed);
  }
}
