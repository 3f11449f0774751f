import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { useAuth } from '@/lib/auth/session-context.tsx';
import { permissionsOf } from '@/lib/auth/use-permissions.ts';
import { SAVE_SEARCH } from '../texts.ts';

// The form checks the filters with the shared schemas, so it brings the form and schema vendor
// chunk; the catalog page must not wait for that (decision 177). It loads when the pointer or the
// focus reaches the button, and at the latest on the click.
const loadDialog = () => import('./save-search-dialog.tsx');
const SaveSearchDialog = lazy(async () => ({ default: (await loadDialog()).SaveSearchDialog }));

/**
 * "Save search" on the catalog: saves the filters in the address (not the page) under a name.
 * Only verified accounts may keep searches, so nobody else sees the button.
 */
export function SaveSearchButton() {
  const { user } = useAuth();
  const [searchParams] = useSearchParams();
  const [open, setOpen] = useState(false);
  if (user?.status !== 'verified' || !permissionsOf(user).may('searches:write')) return null;
  const preload = () => void loadDialog();
  return (
    <div className="flex justify-end">
      <Button
        variant="secondary"
        size="sm"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen(true)}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-current">
          <path d="M5 2.5A1.5 1.5 0 0 0 3.5 4v13.2a.5.5 0 0 0 .8.4L10 13.5l5.7 4.1a.5.5 0 0 0 .8-.4V4A1.5 1.5 0 0 0 15 2.5H5Z" />
        </svg>
        {SAVE_SEARCH.button}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <SaveSearchDialog search={searchParams.toString()} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
