import { TOAST_MS } from '@canopy/shared';
import { useEffect, useState } from 'react';
import { Toaster } from 'react-hot-toast';

/** The gap between a toast and the page's edge or the bottom of the navigation bar, in px. */
const TOAST_GAP = 16;

/**
 * Where the top of the toast column must stand so that it covers nothing of the navigation bar:
 * just below the bar while the bar is on screen (its height changes as it wraps on narrow
 * screens), at the top edge once the page has scrolled the bar away.
 */
function useTopClearOfNavigation(): number {
  const [top, setTop] = useState(TOAST_GAP);
  useEffect(() => {
    const header = document.querySelector('header');
    if (!header) return;
    const update = () =>
      setTop(Math.max(TOAST_GAP, Math.round(header.getBoundingClientRect().bottom) + TOAST_GAP / 2));
    // Not measured here: this effect runs in the first render's task, and reading the bar's edge
    // would lay out the whole new page inside it (decision 260). The observer reports the bar once
    // just after the browser's own next layout, and again whenever its height changes.
    const observer = new ResizeObserver(update);
    observer.observe(header);
    window.addEventListener('scroll', update, { passive: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', update);
    };
  }, []);
  return top;
}

/**
 * The toaster with SPEC §9's durations and place (top right); notify.* sets the kinds the library
 * lacks. The column starts below the navigation bar (decision 133), so a 6–12 s toast no longer
 * covers the user menu or the messages link.
 */
export function AppToaster() {
  const top = useTopClearOfNavigation();
  return (
    <Toaster
      position="top-right"
      containerStyle={{ top }}
      toastOptions={{
        duration: TOAST_MS.default,
        success: { duration: TOAST_MS.success },
        error: { duration: TOAST_MS.error },
        className: 'text-sm',
      }}
    />
  );
}
