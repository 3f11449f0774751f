import { TOAST_MS } from '@canopy/shared';
import { Toaster } from 'react-hot-toast';

/** Toasts at the top right with SPEC §9's durations; notify.* sets the kinds the library lacks. */
export function AppToaster() {
  return (
    <Toaster
      position="top-right"
      toastOptions={{
        duration: TOAST_MS.default,
        success: { duration: TOAST_MS.success },
        error: { duration: TOAST_MS.error },
        className: 'text-sm',
      }}
    />
  );
}
