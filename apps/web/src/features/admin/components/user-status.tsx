import type { UserDto, UserStatus } from '@canopy/shared';
import { useState } from 'react';
import { Badge, type BadgeTone } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useAuth } from '@/lib/auth/session-context.tsx';
import { type StatusAction, StatusChangeDialog } from './status-change-dialog.tsx';

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
const STATUS_ACTIONS: Record<UserStatus, StatusAction[]> = {
  pending: [
    { kind: 'approve', label: 'Approve', to: 'verified', variant: 'primary' },
    { kind: 'reject', label: 'Reject', to: 'rejected', variant: 'danger' },
  ],
  verified: [{ kind: 'suspend', label: 'Suspend', to: 'suspended', variant: 'danger' }],
  suspended: [{ kind: 'reactivate', label: 'Reactivate', to: 'verified', variant: 'primary' }],
  rejected: [{ kind: 'approve', label: 'Approve', to: 'verified', variant: 'primary' }],
};

/** Each action opens its confirmation, where the admin gives the reason (issue 10 item 2). */
export function UserStatusActions({ user }: { user: UserDto }) {
  const { user: admin } = useAuth();
  const [action, setAction] = useState<StatusAction | null>(null);
  // The server refuses a change to one's own account, so none is offered.
  if (admin?._id === user._id) return null;

  return (
    <div className="flex flex-wrap gap-2">
      {(STATUS_ACTIONS[user.status] ?? []).map((candidate) => (
        <Button
          key={candidate.label}
          size="sm"
          variant={candidate.variant}
          onClick={() => setAction(candidate)}
        >
          {candidate.label}
        </Button>
      ))}
      <StatusChangeDialog user={user} action={action} onClose={() => setAction(null)} />
    </div>
  );
}
