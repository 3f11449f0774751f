import { LISTING_TOOLS } from '@canopy/shared';
import { type RefObject, useEffect } from 'react';
import { useBlocker } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';

interface UnsavedChangesGuardProps {
  /** The form holds changes that are not saved. */
  when: boolean;
  /** Set when the form leaves on purpose (after a successful save): nothing is lost then. */
  leaving: RefObject<boolean>;
}

/**
 * Asks before unsaved changes are lost: a dialog for a move inside the app (a link, Cancel, Back),
 * and the browser's own prompt for a reload, a closed tab or another site, which is all a page may
 * ask there. Nothing is asked when nothing changed or once the changes are saved.
 */
export function UnsavedChangesGuard({ when, leaving }: UnsavedChangesGuardProps) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (leaving.current) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when, leaving]);

  const blocked = blocker.state === 'blocked';
  return (
    <Dialog
      open={blocked}
      onClose={() => blocker.reset?.()}
      title={LISTING_TOOLS.unsavedTitle}
      footer={
        <>
          <Button variant="secondary" onClick={() => blocker.reset?.()}>
            {LISTING_TOOLS.stay}
          </Button>
          <Button variant="danger" onClick={() => blocker.proceed?.()}>
            {LISTING_TOOLS.leave}
          </Button>
        </>
      }
    >
      <p>{LISTING_TOOLS.unsavedBody}</p>
    </Dialog>
  );
}
