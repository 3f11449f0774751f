import { TOAST_MS } from '@canopy/shared';
import { Toaster } from 'react-hot-toast';
import { useMediaQuery } from '@/lib/use-media-query.ts';

/**
 * The toaster with SPEC §9's durations; notify.* sets the kinds the library lacks. Toasts stand at
 * the bottom (decision 133), clear of the navigation bar, the user menu and the unread banner,
 * which a 6–12 s toast at the top right covered: bottom right from 768 px, centred on phones,
 * where a toast takes the whole width anyway.
 */
export function AppToaster() {
  const wide = useMediaQuery('(min-width: 768px)');
  return (
    <Toaster
      position={wide ? 'bottom-right' : 'bottom-center'}
      toastOptions={{
        duration: TOAST_MS.default,
        success: { duration: TOAST_MS.success },
        error: { duration: TOAST_MS.error },
        className: 'text-sm',
      }}
    />
  );
}
