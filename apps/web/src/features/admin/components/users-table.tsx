import type { UserDto } from '@canopy/shared';
import type { ReactNode } from 'react';
import { EmailAddress } from '@/components/email-address.tsx';
import { type ResponsiveColumn, ResponsiveTable } from '@/components/responsive-table.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { formatPacificDate } from '@/lib/time.ts';
import type { AdminUserRow } from '../api/admin-api.ts';
import { LicenseCheckSummary } from './license-check-summary.tsx';
import { UserStatusBadge } from './user-status.tsx';

/** The user list's rows carry their license check; the overview's recent users do not. */
type UserRowLike = UserDto & Partial<Pick<AdminUserRow, 'licenseCheck' | 'pendingProfileChange'>>;

interface UsersTableProps<T extends UserRowLike> {
  users: readonly T[];
  caption: string;
  /** Show the license verdict column (the rows must carry licenseCheck). */
  showLicense?: boolean;
  /** Buttons for each user. */
  actions?: (user: T) => ReactNode;
}

function LicenseCell({ user }: { user: UserRowLike }) {
  return (
    <>
      <LicenseCheckSummary check={user.licenseCheck ?? null} />
      {user.pendingProfileChange && (
        <Badge tone="info" className="mt-1">
          Profile change to review
        </Badge>
      )}
    </>
  );
}

function BusinessBlock({ user }: { user: UserDto }) {
  return (
    <>
      <span className="block font-medium text-slate-900">{user.profile?.businessName || '—'}</span>
      <span className="block text-slate-600">{user.profile?.contactName}</span>
    </>
  );
}

const COLUMNS: readonly ResponsiveColumn<UserRowLike>[] = [
  { header: 'Business', cell: (user) => <BusinessBlock user={user} />, card: false },
  { header: 'Email', cell: (user) => <EmailAddress address={user.email} />, className: 'text-slate-700' },
  { header: 'Role', cell: (user) => user.role, className: 'text-slate-700 capitalize' },
  { header: 'Status', cell: (user) => <UserStatusBadge status={user.status} />, card: false },
];
const LICENSE: ResponsiveColumn<UserRowLike> = {
  header: 'License check',
  cell: (user) => <LicenseCell user={user} />,
};
const JOINED: ResponsiveColumn<UserRowLike> = {
  header: 'Joined',
  cell: (user) => formatPacificDate(user.createdAt),
  className: 'whitespace-nowrap text-slate-700',
};

/** Users as a table from the md breakpoint up, and as cards on phones, where the columns cannot fit. */
export function UsersTable<T extends UserRowLike>({
  users,
  caption,
  showLicense = false,
  actions,
}: UsersTableProps<T>) {
  return (
    <ResponsiveTable<T>
      rows={users}
      rowKey={(user) => user._id}
      caption={caption}
      columns={showLicense ? [...COLUMNS, LICENSE, JOINED] : [...COLUMNS, JOINED]}
      tableFrom="md"
      cardHeader={(user) => (
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <BusinessBlock user={user} />
          </div>
          <UserStatusBadge status={user.status} />
        </div>
      )}
      actions={actions}
    />
  );
}
