import { type CheckedProfileFields, REVIEW, type UserDto } from '@canopy/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { formatPacificDate } from '@/lib/time.ts';
import { pendingProfileChangeQueryOptions, useWithdrawProfileChange } from '../api/pending-profile-change.ts';

/** Accounts an admin has approved: their business name and license change only through review. */
const changesNeedReview = (user: UserDto) =>
  user.role !== 'admin' && (user.status === 'verified' || user.status === 'suspended');

const describeFields = (fields: CheckedProfileFields) =>
  `${fields.businessName} · ${fields.licenseNumber} · ${fields.licenseType}`;

/**
 * Said before saving (issue 10 item 4): a new business name, license number or license type
 * waits for our check, and until then the approved ones stay on listings and the badge.
 */
export function CheckedFieldsWarning({
  user,
  edited,
}: {
  user: UserDto;
  edited: Partial<CheckedProfileFields>;
}) {
  if (!changesNeedReview(user)) return null;
  const { businessName, licenseNumber, licenseType } = user.profile;
  const changed =
    (edited.businessName ?? businessName).trim() !== businessName ||
    (edited.licenseNumber ?? licenseNumber).trim() !== licenseNumber ||
    (edited.licenseType ?? licenseType) !== licenseType;
  if (!changed) return null;
  return (
    <Alert tone="warning" title="These changes need our review">
      {REVIEW.changeHeld} Until then your listings and badge keep showing “{businessName}”, license{' '}
      {licenseNumber}, and your account stays active.
    </Alert>
  );
}

/** The request already waiting, with a way to take it back. */
export function PendingChangeNotice({ user }: { user: UserDto }) {
  const pending = useQuery({ ...pendingProfileChangeQueryOptions(), enabled: changesNeedReview(user) });
  const withdraw = useWithdrawProfileChange();
  if (!pending.data) return null;
  return (
    <Alert tone="info" title="Waiting for review">
      <p>
        You asked on {formatPacificDate(pending.data.requestedAt)} to change your business details to{' '}
        <strong>{describeFields(pending.data)}</strong>. Our team checks it against the state license
        registry; until then your approved details stay in place.
      </p>
      <Button
        variant="secondary"
        size="sm"
        className="mt-3"
        isLoading={withdraw.isPending}
        onClick={() => withdraw.mutate()}
      >
        Withdraw request
      </Button>
    </Alert>
  );
}
