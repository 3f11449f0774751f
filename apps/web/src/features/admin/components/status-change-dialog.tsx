import {
  ADMIN,
  countOf,
  LICENSE_FLAG_LABELS,
  type LicenseCheck,
  type LicenseHolder,
  STATUS_REASONS,
  statusReasonNeeded,
  type UserDto,
  type UserStatus,
  userStatusBody,
} from '@canopy/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { EmailAddress } from '@/components/email-address.tsx';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { failureText } from '@/lib/api-client.ts';
import { adminUserDetailsQueryOptions } from '../api/admin-api.ts';
import { useUpdateUserStatus } from '../api/use-update-user-status.ts';
import { licenseCheckSentence } from './license-check-summary.tsx';
import { ACCOUNT_REASON_HINT, accountReasonSchema, ReasonPicker, useReasonForm } from './reason-picker.tsx';

export type StatusActionKind = keyof Omit<typeof STATUS_REASONS, 'profileChange'>;

export interface StatusAction {
  kind: StatusActionKind;
  label: string;
  to: UserStatus;
  variant: 'primary' | 'secondary' | 'danger';
}

const CONFIRM_LABELS: Record<StatusActionKind, string> = {
  approve: 'Approve account',
  reject: 'Reject account',
  suspend: 'Suspend account',
  reactivate: 'Reactivate account',
};

export function DuplicateHolders({ holders }: { holders: readonly LicenseHolder[] }) {
  if (holders.length === 0) return null;
  return (
    <div className="text-sm">
      <p className="font-medium text-slate-900">The same license number is held by:</p>
      <ul className="mt-1 list-disc pl-5 text-slate-700">
        {holders.map((holder) => (
          <li key={holder._id}>
            {holder.businessName || '—'} · <EmailAddress address={holder.email} /> · {holder.status}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The verdict an approval rests on, said again where the admin confirms it. */
export function VerdictRestated({
  check,
  holders,
}: {
  check: LicenseCheck;
  holders: readonly LicenseHolder[];
}) {
  if (check.clear) {
    return (
      <Alert tone="success" title="License check: clear">
        Found in the state registry, active and current; the business name matches.{' '}
        {licenseCheckSentence(check)}
      </Alert>
    );
  }
  return (
    <Alert tone="warning" title="License check: not clear">
      <ul className="list-disc pl-5">
        {check.flags.map((flag) => (
          <li key={flag}>{LICENSE_FLAG_LABELS[flag]}</li>
        ))}
      </ul>
      <p className="mt-2">{licenseCheckSentence(check)}</p>
      <div className="mt-2">
        <DuplicateHolders holders={holders} />
      </div>
      <p className="mt-2 font-medium">Approving anyway needs a written reason.</p>
    </Alert>
  );
}

interface StatusChangeDialogProps {
  user: UserDto;
  /** The action being confirmed; null when the dialog is closed. */
  action: StatusAction | null;
  onClose: () => void;
}

/**
 * Every status change is confirmed here with a reason (issue 10 items 1 and 2): an approval
 * restates the license verdict, a suspension says how many listings leave the catalog.
 */
export function StatusChangeDialog({ user, action, onClose }: StatusChangeDialogProps) {
  const business = user.profile?.businessName || user.email;
  return (
    <Dialog open={action !== null} onClose={onClose} title={action ? `${action.label} ${business}?` : ''}>
      {action && <StatusChangeForm user={user} action={action} onDone={onClose} />}
    </Dialog>
  );
}

function StatusChangeForm({
  user,
  action,
  onDone,
}: {
  user: UserDto;
  action: StatusAction;
  onDone: () => void;
}) {
  const details = useQuery(adminUserDetailsQueryOptions(user._id));
  const update = useUpdateUserStatus();
  const approving = action.to === 'verified';
  const check = details.data?.licenseCheck ?? null;
  // Until the verdict has loaded, an approval cannot be judged, so it waits.
  const waitingForVerdict = approving && user.role !== 'admin' && !details.data;
  const required = statusReasonNeeded(user.status, action.to, check);
  // The approval reasons are reasons to overrule the license check: offered only once the check
  // has come back not clear. A clear check leaves nothing to overrule, only the optional note.
  const reasons = action.kind === 'approve' && !required ? [] : STATUS_REASONS[action.kind];

  const schema = useMemo(
    () => accountReasonSchema(userStatusBody.pick({ reason: true }), () => required),
    [required],
  );
  const { picker, handleSubmit } = useReasonForm(schema);

  const submit = handleSubmit(({ reason }) =>
    update.mutate({ userId: user._id, status: action.to, reason: reason ?? '' }, { onSuccess: onDone }),
  );

  return (
    <form className="space-y-4 text-sm" noValidate onSubmit={submit}>
      {details.isPending ? (
        <Spinner label="Checking the license against the state registry" />
      ) : details.isError ? (
        <Alert tone="error">The license check could not be loaded. Close this and try again.</Alert>
      ) : (
        <>
          {approving && check && <VerdictRestated check={check} holders={details.data.license.duplicates} />}
          {action.to === 'suspended' && user.role === 'seller' && (
            <p className="text-slate-800">
              {`Suspending takes ${countOf(details.data.catalogListings, 'listing')} out of the catalog until the account is reactivated.`}
            </p>
          )}
        </>
      )}
      <ReasonPicker options={reasons} {...picker} required={required} hint={ACCOUNT_REASON_HINT} />
      {update.isError && <Alert tone="error">{failureText(update.error, ADMIN.statusFailed)}</Alert>}
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-3">
        <Button type="button" variant="secondary" disabled={update.isPending} onClick={onDone}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant={action.variant}
          isLoading={update.isPending}
          disabled={waitingForVerdict}
        >
          {CONFIRM_LABELS[action.kind]}
        </Button>
      </div>
    </form>
  );
}
