import type { UserDto } from '@canopy/shared';
import type { ReactNode } from 'react';
import { formatPacificDate } from '../../../lib/time.ts';
import { UserStatusBadge } from './user-status.tsx';

interface UsersTableProps {
  users: readonly UserDto[];
  caption: string;
  /** Extra cells at the end of each row, e.g. actions. */
  actions?: (user: UserDto) => ReactNode;
}

/** Users as a table; it scrolls sideways on narrow screens rather than squeezing the columns. */
export function UsersTable({ users, caption, actions }: UsersTableProps) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
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
                <div className="font-medium text-slate-900">{user.profile?.businessName || '—'}</div>
                <div className="text-slate-600">{user.profile?.contactName}</div>
              </td>
              <td className="px-4 py-3 break-all text-slate-700">{user.email}</td>
              <td className="px-4 py-3 text-slate-700 capitalize">{user.role}</td>
              <td className="px-4 py-3">
                <UserStatusBadge status={user.status} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                {formatPacificDate(user.createdAt)}
              </td>
              {actions && <td className="px-4 py-3">{actions(user)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
