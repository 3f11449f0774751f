import { profileChangeDecisionBody, STATUS_REASONS, type UserDto } from '@canopy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { failureText } from '@/lib/api-client.ts';
import { notify } from '@/lib/toast.ts';
import { type AdminUserDetails, adminKeys, decideProfileChange } from '../api/admin-api.ts';
import { Detail, DetailList } from './detail-list.tsx';
import { LicenseVerdictView } from './license-verdict.tsx';
import { ACCOUNT_REASON_HINT, accountReasonSchema, ReasonPicker, useReasonForm } from './reason-picker.tsx';
import { VerdictRestated } from './status-change-dialog.tsx';

type PendingChange = NonNullable<AdminUserDetails['pendingProfileChange']>;

const FAILED = 'Failed to decide the profile change';

/**
 * A verified trader's requested new business name or license (decision 082), next to the values
 * in force, with the registry's verdict on the new ones. Rejecting, or approving a change whose
 * verdict is not clear, needs a reason.
 */
export function ProfileChangeReview({ user, change }: { user: UserDto; change: PendingChange }) {
  const queryClient = useQueryClient();
  // Which button was pressed: rejecting always needs a reason, approving only an unclear change.
  const approving = useRef(true);
  const schema = useMemo(
    () =>
      accountReasonSchema(profileChangeDecisionBody, () => !approving.current || !change.licenseCheck.clear),
    [change.licenseCheck.clear],
  );
  const { picker, handleSubmit } = useReasonForm(schema);
  const decide = useMutation({
    mutationFn: ({ approve, text }: { approve: boolean; text: string }) =>
      decideProfileChange(user._id, approve, text),
    onSuccess: (message) => {
      notify.success(message);
      return queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });

  const submit = (approve: boolean) => {
    approving.current = approve;
    void handleSubmit(({ reason }) => decide.mutate({ approve, text: reason ?? '' }))();
  };

  const changed = (now: string, asked: string) => (now === asked ? asked : `${now} → ${asked}`);
  return (
    <div className="space-y-3">
      <DetailList>
        <Detail label="Business name" value={changed(user.profile.businessName, change.businessName)} />
        <Detail label="License number" value={changed(user.profile.licenseNumber, change.licenseNumber)} />
        <Detail label="License type" value={changed(user.profile.licenseType, change.licenseType)} />
      </DetailList>
      <VerdictRestated check={change.licenseCheck} holders={change.license.duplicates} />
      <LicenseVerdictView verdict={change.license} businessName={change.businessName} />
      <ReasonPicker
        options={STATUS_REASONS.profileChange}
        {...picker}
        required={!change.licenseCheck.clear}
        hint={ACCOUNT_REASON_HINT}
      />
      {decide.isError && <Alert tone="error">{failureText(decide.error, FAILED)}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button
          isLoading={decide.isPending && decide.variables?.approve}
          disabled={decide.isPending}
          onClick={() => submit(true)}
        >
          Approve change
        </Button>
        <Button
          variant="danger"
          isLoading={decide.isPending && !decide.variables?.approve}
          disabled={decide.isPending}
          onClick={() => submit(false)}
        >
          Reject change
        </Button>
      </div>
    </div>
  );
}
