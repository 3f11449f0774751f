import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { DocumentTitle } from '@/components/ui/page-header.tsx';

// Every screen but the home page is a chunk loaded when first opened (routes.tsx). That load fails
// in two ordinary ways, neither of them an error of the app (decision 192):
// - the browser is offline: the visitor is told so calmly and retries once connected;
// - a new deployment replaced the chunks, so the page in the tab names files that are gone: one
//   reload fetches the new page and its new chunks. sessionStorage remembers each chunk reloaded
//   for, so a chunk that is missing after the reload too cannot start a reload loop.

export const SCREEN_LOAD = {
  offlineTitle: 'You are offline',
  offlineBody: 'This screen needs a connection to load. Check your connection, then retry.',
  stillOffline: 'Still offline. Retry once you are connected again.',
  unavailableTitle: 'This screen could not be loaded',
  unavailableBody: 'Canopy may have just been updated. Retrying loads the newest version.',
  retry: 'Retry',
} as const;

const RELOADED_FOR_PREFIX = 'canopy.reloadedForChunk:';

/** What browsers throw when a dynamic import() or Vite's preload of its files fails. */
const LOAD_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export const isScreenLoadFailure = (error: unknown): error is Error =>
  error instanceof Error && LOAD_FAILURE.test(error.message);

/** The address of the file that failed, as the message names it; null when it names none. */
function failedFileOf(error: Error): string | null {
  return error.message.match(/(?:https?:\/\/\S+|\/assets\/\S+)/)?.[0] ?? null;
}

type Verdict = 'checking' | 'offline' | 'unavailable';

/** Offline, or (the file answering at all) gone with a deployment: then one reload per file. */
async function judge(error: Error): Promise<Verdict> {
  if (!navigator.onLine) return 'offline';
  const file = failedFileOf(error);
  if (file) {
    try {
      await fetch(file, { method: 'HEAD', cache: 'no-store' });
    } catch {
      return 'offline';
    }
  }
  const key = `${RELOADED_FOR_PREFIX}${file ?? window.location.pathname}`;
  if (sessionStorage.getItem(key) !== null) return 'unavailable';
  sessionStorage.setItem(key, new Date().toISOString());
  window.location.reload();
  return 'checking';
}

/** The router's error element for a screen whose code could not be loaded. */
export function ScreenLoadFailure({ error }: { error: Error }) {
  const [verdict, setVerdict] = useState<Verdict>('checking');
  const [stillOffline, setStillOffline] = useState(false);

  useEffect(() => {
    // A failure toast from the same lost connection would only repeat this page, late.
    toast.dismiss();
    let current = true;
    void judge(error).then((next) => current && setVerdict(next));
    return () => {
      current = false;
    };
  }, [error]);

  if (verdict === 'checking') return null;
  const offline = verdict === 'offline';
  const title = offline ? SCREEN_LOAD.offlineTitle : SCREEN_LOAD.unavailableTitle;
  const retry = () => {
    // Reloading while offline would swap the app for the browser's own error page.
    if (!navigator.onLine) {
      setStillOffline(true);
      return;
    }
    window.location.reload();
  };

  return (
    <PageContainer width="medium">
      <DocumentTitle title={title} />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-3 text-slate-700">{offline ? SCREEN_LOAD.offlineBody : SCREEN_LOAD.unavailableBody}</p>
      <Button className="mt-4" onClick={retry}>
        {SCREEN_LOAD.retry}
      </Button>
      <p role="status" className="mt-3 min-h-6 text-sm text-slate-700">
        {stillOffline ? SCREEN_LOAD.stillOffline : ''}
      </p>
    </PageContainer>
  );
}
