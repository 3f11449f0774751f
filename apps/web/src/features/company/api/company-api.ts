import {
  type AcceptInvitationInput,
  type CompanyRole,
  companyAddresses,
  type InvitationInput,
} from '@canopy/shared';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-call.ts';

// The company page's calls, typed by the routes' shared contracts (decision 200).

export const companyKeys = {
  all: ['company'] as const,
  activity: ['company', 'activity'] as const,
};

export const companyQueryOptions = () =>
  queryOptions({
    queryKey: companyKeys.all,
    queryFn: async ({ signal }) => (await call(companyAddresses.company, { signal })).data,
  });

export const companyActivityQueryOptions = () =>
  queryOptions({
    queryKey: companyKeys.activity,
    queryFn: async ({ signal }) => (await call(companyAddresses.activity, { signal })).data,
  });

export const inviteMember = (input: InvitationInput) => call(companyAddresses.invite, { body: input });

export const revokeInvitation = (id: string) => call(companyAddresses.revokeInvitation, { params: { id } });

export const changeMemberRole = (userId: string, role: CompanyRole, orderLimit?: number | null) =>
  call(companyAddresses.changeRole, {
    params: { userId },
    body: orderLimit === undefined ? { role } : { role, orderLimit },
  });

export const removeMember = (userId: string) => call(companyAddresses.removeMember, { params: { userId } });

export const transferOwnership = (userId: string) =>
  call(companyAddresses.transferOwnership, { body: { userId } });

export const setRequireTwoFactor = (requireTwoFactor: boolean) =>
  call(companyAddresses.security, { body: { requireTwoFactor } });

export const acceptInvitation = (input: AcceptInvitationInput) =>
  call(companyAddresses.acceptInvitation, { body: input });
