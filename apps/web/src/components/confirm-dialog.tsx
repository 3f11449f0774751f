import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';

// Dialogs whose footer offers Cancel beside one action: a confirmation before something is removed
// or handed over (a member, an API key, a webhook), or a small form's submit button.

const CANCEL = 'Cancel';

/** An open dialog with Cancel and `action` in its footer; Cancel and the header's Close both close. */
export function ActionDialog({
  title,
  action,
  onClose,
  children,
}: {
  title: string;
  action: ReactNode;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {CANCEL}
          </Button>
          {action}
        </>
      }
    >
      {children}
    </Dialog>
  );
}

/** A question that asks before a move that cannot be undone; the server's refusal shows inside. */
export function ConfirmDialog({
  title,
  body,
  confirm,
  pending,
  problem,
  onConfirm,
  onClose,
}: {
  title: string;
  body: ReactNode;
  confirm: string;
  pending: boolean;
  problem: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ActionDialog
      title={title}
      onClose={onClose}
      action={
        <Button variant="danger" isLoading={pending} onClick={onConfirm}>
          {confirm}
        </Button>
      }
    >
      <p className="text-sm text-slate-700">{body}</p>
      {problem && (
        <Alert tone="error" className="mt-4">
          {problem}
        </Alert>
      )}
    </ActionDialog>
  );
}
