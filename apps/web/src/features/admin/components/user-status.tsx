import type { UserDto, UserStatus } from '@canopy/shared';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useAuth } from '../../../lib/auth/session-context.tsx';
import { useUpdateUserStatus } from '../api/use-update-user-status.ts';

const STATUS_TONES: Record<UserStatus, BadgeTone> = {
  pending: 'warning',
  verified: 'success',
  rejected: 'danger',
  suspended: 'neutral',
};

export function UserStatusBadge({ status }: { status: UserStatus }) {
  return <Badge tone={STATUS_TONES[status] ?? 'neutral'}>{status}</Badge>;
}

/** SPEC §4's admin transitions: the actions offered for each current status. */
const STATUS_ACTIONS: Record<
  UserStatus,
  { label: string; to: UserStatus; variant: 'primary' | 'secondary' | 'danger' }[]
> = {
  pending: [
    { label: 'Approve', to: 'verified', variant: 'primary' },
    { label: 'Reject', to: 'rejected', variant: 'danger' },
  ],
  verified: [{ label: 'Suspend', to: 'suspended', variant: 'danger' }],
  suspended: [{ label: 'Reactivate', to: 'verified', variant: 'primary' }],
  rejected: [{ label: 'Approve', to: 'verified', variant: 'primary' }],
};

export function UserStatusActions({ user }: { user: UserDto }) {
  const { user: admin } = useAuth();
  const update = useUpdateUserStatus();
  const pendingTarget = update.isPending ? update.variables?.status : undefined;
  // The server refuses a change to one's own account, so none is offered.
  if (admin?._id === user._id) return null;

  return (
    <div className="flex flex-wrap gap-2">
      {(STATUS_ACTIONS[user.status] ?? []).map((action) => (
        <Button
          key={action.label}
          size="sm"
          variant={action.variant}
          isLoading={pendingTarget === action.to}
          disabled={update.isPending}
          onClick={() => update.mutate({ userId: user._id, status: action.to })}
        >
          {action.label}
        </Button>
      ))}
    </div>
  );
}
