import { STATUS_SCREEN, type UserStatus } from '@canopy/shared';
import { Badge, type BadgeTone } from '@/components/ui/badge.tsx';
import { NAV } from '@/lib/texts.ts';

/** The header badge says the same as the account status screen (issue 10 item 6). */
const BADGES: Record<UserStatus, { text: string; tone: BadgeTone }> = {
  verified: { text: NAV.licenseVerified, tone: 'success' },
  pending: { text: NAV.licensePending, tone: 'warning' },
  rejected: { text: STATUS_SCREEN.badgeRejected, tone: 'danger' },
  suspended: { text: STATUS_SCREEN.badgeSuspended, tone: 'danger' },
};

export function AccountStatusBadge({ status }: { status: UserStatus }) {
  const badge = BADGES[status] ?? BADGES.pending;
  return <Badge tone={badge.tone}>{badge.text}</Badge>;
}
