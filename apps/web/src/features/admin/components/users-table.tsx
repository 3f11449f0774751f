import type { UserDto } from '@canopy/shared';
import type { ReactNode } from 'react';
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
  /** Extra cells at the end of each row, e.g. actions. */
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

/**
 * Users as a table from the md breakpoint up, and as cards on phones, where five columns and the
 * actions cannot fit. Only one of the two is displayed (the other is display:none, so it is
 * neither seen nor read).
 */
export function UsersTable<T extends UserRowLike>({
  users,
  caption,
  showLicense = false,
  actions,
}: UsersTableProps<T>) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-lg border border-slate-200 bg-white md:block">
        <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">
                Business
              </th>
              <th scope="col" className="px-4 py-3">
                Email
              </th>
              <th scope="col" className="px-4 py-3">
                Role
              </th>
              <th scope="col" className="px-4 py-3">
                Status
              </th>
              {showLicense && (
                <th scope="col" className="px-4 py-3">
                  License check
                </th>
              )}
              <th scope="col" className="px-4 py-3">
                Joined
              </th>
              {actions && (
                <th scope="col" className="px-4 py-3">
                  Actions
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {users.map((user) => (
              <tr key={user._id} className="align-top">
                <td className="px-4 py-3">
                  <BusinessBlock user={user} />
                </td>
                <td className="px-4 py-3 break-all text-slate-700">{user.email}</td>
                <td className="px-4 py-3 text-slate-700 capitalize">{user.role}</td>
                <td className="px-4 py-3">
                  <UserStatusBadge status={user.status} />
                </td>
                {showLicense && (
                  <td className="px-4 py-3">
                    <LicenseCell user={user} />
                  </td>
                )}
                <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                  {formatPacificDate(user.createdAt)}
                </td>
                {actions && <td className="px-4 py-3">{actions(user)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="space-y-3 md:hidden" aria-label={caption}>
        {users.map((user) => (
          <li key={user._id} className="rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <BusinessBlock user={user} />
              </div>
              <UserStatusBadge status={user.status} />
            </div>
            <p className="mt-2 break-all text-slate-700">{user.email}</p>
            <p className="mt-1 text-slate-600">
              <span className="capitalize">{user.role}</span> · joined {formatPacificDate(user.createdAt)}
            </p>
            {showLicense && (
              <div className="mt-2">
                <LicenseCell user={user} />
              </div>
            )}
            {actions && <div className="mt-3 border-t border-slate-100 pt-3">{actions(user)}</div>}
          </li>
        ))}
      </ul>
    </>
  );
}
