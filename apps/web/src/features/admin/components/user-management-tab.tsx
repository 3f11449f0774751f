import {
  countOf,
  LICENSE_FILTER_LABELS,
  LICENSE_FILTERS,
  type LicenseFilter,
  ROLES,
  type Role,
  USER_STATUSES,
  type UserDto,
  type UserStatus,
} from '@canopy/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { QueryState } from '@/components/query-state.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { Select } from '@/components/ui/select.tsx';
import { LicenseReviewQueue } from '@/features/licenses';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import { ADMIN_USERS_PAGE_SIZE, adminUsersQueryOptions } from '../api/admin-api.ts';
import { UserDetailsDialog } from './user-details-dialog.tsx';
import { UserStatusActions } from './user-status.tsx';
import { UsersTable } from './users-table.tsx';

/** A filter value the address may carry (`?status=pending&role=seller`), when it is one. */
const fromAddress = <T extends string>(values: readonly T[], value: string | null): T | '' =>
  values.find((known) => known === value) ?? '';

export function UserManagementTab() {
  // The overview's Pending Sellers figure links here with its filters in the address.
  const [searchParams] = useSearchParams();
  const [status, setStatus] = useState<UserStatus | ''>(() =>
    fromAddress(USER_STATUSES, searchParams.get('status')),
  );
  const [role, setRole] = useState<Role | ''>(() => fromAddress(ROLES, searchParams.get('role')));
  const [license, setLicense] = useState<LicenseFilter | ''>('');
  const [changesOnly, setChangesOnly] = useState(false);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<UserDto | null>(null);
  const query = useDebouncedValue(search.trim());

  const users = useQuery(
    adminUsersQueryOptions({
      page,
      limit: ADMIN_USERS_PAGE_SIZE,
      status: status || undefined,
      role: role || undefined,
      query: query || undefined,
      license: license || undefined,
      profileChange: changesOnly ? 'pending' : undefined,
    }),
  );

  // Any filter change starts again from the first page.
  const filterChanged =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <FormField id="admin-user-search" label="Search">
          {(a11y) => (
            <Input
              type="search"
              name="query"
              placeholder="Business, contact or email"
              value={search}
              onChange={(event) => filterChanged(setSearch)(event.target.value)}
              {...a11y}
            />
          )}
        </FormField>
        <FormField id="admin-user-status" label="Status">
          {(a11y) => (
            <Select
              name="status"
              options={USER_STATUSES}
              placeholder="All statuses"
              value={status}
              onChange={(event) => filterChanged(setStatus)(event.target.value as UserStatus | '')}
              {...a11y}
            />
          )}
        </FormField>
        <FormField id="admin-user-role" label="Role">
          {(a11y) => (
            <Select
              name="role"
              options={ROLES}
              placeholder="All roles"
              value={role}
              onChange={(event) => filterChanged(setRole)(event.target.value as Role | '')}
              {...a11y}
            />
          )}
        </FormField>
        <FormField id="admin-user-license" label="License check">
          {(a11y) => (
            <Select
              name="license"
              options={LICENSE_FILTERS.map((value) => ({ value, label: LICENSE_FILTER_LABELS[value] }))}
              placeholder="All license checks"
              value={license}
              onChange={(event) => filterChanged(setLicense)(event.target.value as LicenseFilter | '')}
              {...a11y}
            />
          )}
        </FormField>
      </div>

      <Checkbox
        id="admin-user-profile-changes"
        label="Only accounts with a profile change to review"
        checked={changesOnly}
        onChange={(event) => filterChanged(setChangesOnly)(event.target.checked)}
      />

      <QueryState
        query={users}
        loading="Loading users"
        error="The users could not be loaded."
        isEmpty={({ data }) => data.length === 0}
        empty={<EmptyState title="No users match these filters" />}
      >
        {({ data, pagination }) => (
          <>
            <p className="mb-3 text-sm text-slate-600" aria-live="polite">
              {countOf(pagination ? pagination.total : data.length, 'user')}
            </p>
            <UsersTable
              users={data}
              caption="Users"
              showLicense
              actions={(user) => (
                <>
                  <UserStatusActions user={user} />
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`View details of ${user.profile?.businessName || user.email}`}
                    onClick={() => setSelected(user)}
                  >
                    Details
                  </Button>
                </>
              )}
            />
            <Pagination
              page={page}
              pages={pagination?.pages ?? 1}
              onPageChange={setPage}
              label="Users pages"
            />
          </>
        )}
      </QueryState>

      <UserDetailsDialog user={selected} onClose={() => setSelected(null)} />
      {/* Licenses companies added beyond their main one, reviewed on their own (decision 209). */}
      <LicenseReviewQueue />
    </div>
  );
}
