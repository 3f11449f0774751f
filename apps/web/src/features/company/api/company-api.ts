import type {
  AcceptInvitationInput,
  CompanyActivityResponse,
  CompanyResponse,
  CompanyRole,
  InvitationAcceptedResponse,
  InvitationCreatedResponse,
  InvitationInput,
  MessageResponse,
} from '@canopy/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

// The company page's calls, typed by the shared response schemas.

export const companyKeys = {
  all: ['company'] as const,
  activity: ['company', 'activity'] as const,
};

export const companyQueryOptions = () =>
  queryOptions({
    queryKey: companyKeys.all,
    queryFn: async ({ signal }) => (await apiRequest<CompanyResponse>('/company', { signal })).data,
  });

export const companyActivityQueryOptions = () =>
  queryOptions({
    queryKey: companyKeys.activity,
    queryFn: async ({ signal }) =>
      (await apiRequest<CompanyActivityResponse>('/company/activity', { signal })).data,
  });

export const inviteMember = (input: InvitationInput) =>
  apiRequest<InvitationCreatedResponse>('/company/invitations', { method: 'POST', body: input });

export const revokeInvitation = (id: string) =>
  apiRequest<MessageResponse>(`/company/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const changeMemberRole = (userId: string, role: CompanyRole) =>
  apiRequest<MessageResponse>(`/company/members/${encodeURIComponent(userId)}`, {
    method: 'PUT',
    body: { role },
  });

export const removeMember = (userId: string) =>
  apiRequest<MessageResponse>(`/company/members/${encodeURIComponent(userId)}`, { method: 'DELETE' });

export const transferOwnership = (userId: string) =>
  apiRequest<MessageResponse>('/company/transfer', { method: 'POST', body: { userId } });

export const setRequireTwoFactor = (requireTwoFactor: boolean) =>
  apiRequest<MessageResponse>('/company/security', { method: 'PUT', body: { requireTwoFactor } });

export const acceptInvitation = (input: AcceptInvitationInput) =>
  apiRequest<InvitationAcceptedResponse>('/company/invitations/accept', { method: 'POST', body: input });
