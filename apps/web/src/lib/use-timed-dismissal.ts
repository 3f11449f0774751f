import { useCallback, useEffect, useState } from 'react';

// A dismissal that expires: the moment of dismissal is stored in localStorage, so it survives
// reloads and other tabs, and the thing shows again once `durationMs` has passed.

function readDismissedAt(key: string): number | null {
  try {
    const stored = Number(localStorage.getItem(key));
    return Number.isFinite(stored) && stored > 0 ? stored : null;
  } catch {
    return null;
  }
}

function remainingMs(key: string, durationMs: number): number {
  const dismissedAt = readDismissedAt(key);
  return dismissedAt === null ? 0 : Math.max(dismissedAt + durationMs - Date.now(), 0);
}

export function useTimedDismissal(
  key: string,
  durationMs: number,
): [dismissed: boolean, dismiss: () => void] {
  const [remaining, setRemaining] = useState(() => remainingMs(key, durationMs));

  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setTimeout(() => setRemaining(remainingMs(key, durationMs)), remaining);
    return () => clearTimeout(timer);
  }, [key, durationMs, remaining]);

  const dismiss = useCallback(() => {
    try {
      localStorage.setItem(key, String(Date.now()));
    } catch {
      // Without storage the dismissal lasts for this page view only.
    }
    setRemaining(durationMs);
  }, [key, durationMs]);

  return [remaining > 0, dismiss];
}
