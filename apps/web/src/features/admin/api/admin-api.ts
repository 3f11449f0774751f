import {
  ADMIN,
  type AdminStatsResponse,
  type AdminUsersResponse,
  type LicenseFilter,
  type MessageResponse,
  type Role,
  type UserDto,
  type UserReviewResponse,
  type UserStatus,
  type UserStatusChangedResponse,
} from '@canopy/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

export type {
  AdminStats,
  AdminUserRowDto as AdminUserRow,
  PaginationDto as Pagination,
  UserReviewDto as AdminUserDetails,
} from '@canopy/shared';

// The admin calls (GET /api/openapi.json); their answers are typed by @canopy/shared's schemas. Every query toasts SPEC's "Failed to fetch admin data" on
// failure through the shared query cache (app/query-client.ts).

export interface AdminUsersFilters {
  page: number;
  limit: number;
  status?: UserStatus;
  role?: Role;
  query?: string;
  license?: LicenseFilter;
  /** Only accounts with a business name or license change waiting for review. */
  profileChange?: 'pending';
}

export const ADMIN_USERS_PAGE_SIZE = 20;

export interface AdminListingsFilters {
  page: number;
  limit: number;
  query?: string;
  active?: boolean;
  /** "hidden": only listings Canopy hid (decision 075). */
  moderation?: 'clear' | 'hidden';
}

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
    queryFn: async () => (await apiRequest<AdminStatsResponse>('/admin/stats')).data,
    meta: { errorToast: ADMIN.fetchFailed },
  });

function usersSearch(filters: AdminUsersFilters): string {
  const params = new URLSearchParams({ page: String(filters.page), limit: String(filters.limit) });
  if (filters.status) params.set('status', filters.status);
  if (filters.role) params.set('role', filters.role);
  if (filters.query) params.set('query', filters.query);
  if (filters.license) params.set('license', filters.license);
  if (filters.profileChange) params.set('profileChange', filters.profileChange);
  return params.toString();
}

export const adminUsersQueryOptions = (filters: AdminUsersFilters) =>
  queryOptions({
    queryKey: adminKeys.users(filters),
    queryFn: () => apiRequest<AdminUsersResponse>(`/admin/users?${usersSearch(filters)}`),
    // Keep the current page on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
    meta: { errorToast: ADMIN.fetchFailed },
  });

export const adminUserDetailsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.user(id),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<UserReviewResponse>(`/admin/users/${encodeURIComponent(id)}`, {
          signal,
        })
      ).data,
    meta: { errorToast: ADMIN.fetchFailed },
  });

export async function updateUserStatus(userId: string, status: UserStatus, reason: string): Promise<UserDto> {
  const response = await apiRequest<UserStatusChangedResponse>(
    `/admin/users/${encodeURIComponent(userId)}/status`,
    {
      method: 'PUT',
      body: reason ? { status, reason } : { status },
    },
  );
  return response.data;
}

export async function decideProfileChange(userId: string, approve: boolean, reason: string): Promise<string> {
  const response = await apiRequest<MessageResponse>(
    `/admin/users/${encodeURIComponent(userId)}/profile-change/${approve ? 'approve' : 'reject'}`,
    { method: 'POST', body: reason ? { reason } : {} },
  );
  return response.message;
}
