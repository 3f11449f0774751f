import {
  ADMIN,
  adminAddresses,
  type adminContracts,
  type RouteQuery,
  type UserDto,
  type UserStatus,
} from '@canopy/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-call.ts';

export type {
  AdminStats,
  AdminUserRowDto as AdminUserRow,
  PaginationDto as Pagination,
  UserReviewDto as AdminUserDetails,
} from '@canopy/shared';

// The admin calls (GET /api/openapi.json); their answers are typed by @canopy/shared's schemas. Every query toasts SPEC's "Failed to fetch admin data" on
// failure through the shared query cache (app/query-client.ts).

/** The users list's filters: GET /admin/users's query (`profileChange: 'pending'`: changes waiting for review). */
export type AdminUsersFilters = RouteQuery<typeof adminContracts.listUsers>;

export const ADMIN_USERS_PAGE_SIZE = 20;

/** The listings list's filters (`moderation: 'hidden'`: only listings Canopy hid, decision 075). */
export type AdminListingsFilters = RouteQuery<typeof adminContracts.listListings>;

export const adminKeys = {
  all: ['admin'] as const,
  stats: () => [...adminKeys.all, 'stats'] as const,
  users: (filters: AdminUsersFilters) => [...adminKeys.all, 'users', filters] as const,
  user: (id: string) => [...adminKeys.all, 'user', id] as const,
  listings: (filters: AdminListingsFilters) => [...adminKeys.all, 'listings', filters] as const,
  audit: (page: number) => [...adminKeys.all, 'audit', page] as const,
};

export const adminStatsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.stats(),
    queryFn: async () => (await call(adminAddresses.stats)).data,
    meta: { errorToast: ADMIN.fetchFailed },
  });

export const adminUsersQueryOptions = (filters: AdminUsersFilters) =>
  queryOptions({
    queryKey: adminKeys.users(filters),
    queryFn: ({ signal }) => call(adminAddresses.listUsers, { query: filters, signal }),
    // Keep the current page on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
    meta: { errorToast: ADMIN.fetchFailed },
  });

export const adminUserDetailsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.user(id),
    queryFn: async ({ signal }) => (await call(adminAddresses.userReview, { params: { id }, signal })).data,
    meta: { errorToast: ADMIN.fetchFailed },
  });

export async function updateUserStatus(userId: string, status: UserStatus, reason: string): Promise<UserDto> {
  const response = await call(adminAddresses.changeUserStatus, {
    params: { id: userId },
    body: reason ? { status, reason } : { status },
  });
  return response.data;
}

export async function decideProfileChange(userId: string, approve: boolean, reason: string): Promise<string> {
  const decision = approve ? adminAddresses.approveProfileChange : adminAddresses.rejectProfileChange;
  const response = await call(decision, { params: { id: userId }, body: reason ? { reason } : {} });
  return response.message;
}
