import { STATUS_TRANSITIONS, type StatusChangeKind, type UserDto, type UserStatus } from '@canopy/shared';
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

/** How each of SPEC §4's transitions (STATUS_TRANSITIONS, shared with the API) is offered. */
const ACTION_LOOKS: Record<StatusChangeKind, Pick<StatusAction, 'label' | 'variant'>> = {
  approve: { label: 'Approve', variant: 'primary' },
  reject: { label: 'Reject', variant: 'danger' },
  suspend: { label: 'Suspend', variant: 'danger' },
  reactivate: { label: 'Reactivate', variant: 'primary' },
};

const actionsFor = (status: UserStatus): StatusAction[] =>
  (STATUS_TRANSITIONS[status] ?? []).map(({ kind, to }) => ({ kind, to, ...ACTION_LOOKS[kind] }));

/** Each action opens its confirmation, where the admin gives the reason (issue 10 item 2). */
export function UserStatusActions({ user }: { user: UserDto }) {
  const { user: admin } = useAuth();
  const [action, setAction] = useState<StatusAction | null>(null);
  // The server refuses a change to one's own account, so none is offered.
  if (admin?._id === user._id) return null;

  return (
    <div className="flex flex-wrap gap-2">
      {actionsFor(user.status).map((candidate) => (
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
