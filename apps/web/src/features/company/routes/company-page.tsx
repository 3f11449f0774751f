import {
  COMPANY,
  COMPANY_ROLES,
  type CompanyDto,
  type CompanyMemberDto,
  type CompanyRole,
  INVITABLE,
  ORDER_LIMIT_TEXTS,
  ROLE_LABELS,
} from '@canopy/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { QueryState } from '@/components/query-state.tsx';
import { Alert } from '@/components/ui/alert.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Select } from '@/components/ui/select.tsx';
import { ApiKeysSection } from '@/features/api-keys';
import { AddLicenseButton } from '@/features/licenses';
import { WebhooksSection } from '@/features/webhooks';
import { failureText } from '@/lib/api-client.ts';
import { usePermissions } from '@/lib/auth/use-permissions.ts';
import { formatPacificDate } from '@/lib/time.ts';
import { notify } from '@/lib/toast.ts';
import {
  changeMemberRole,
  companyActivityQueryOptions,
  companyKeys,
  companyQueryOptions,
  inviteMember,
  removeMember,
  revokeInvitation,
  setRequireTwoFactor,
  transferOwnership,
} from '../api/company-api.ts';
import { OrderLimitForm } from '../components/order-limit-form.tsx';
import { describeActivity, roleOptions, COMPANY_PAGE as TEXT } from '../texts.ts';

/** /company: the members, their roles, invitations, licenses, security and activity. */
export function CompanyPage() {
  const company = useQuery(companyQueryOptions());
  return (
    <PageContainer width="medium">
      <PageHeader title={company.data?.company.name ?? TEXT.title} description={TEXT.description} />
      <QueryState
        query={company}
        loading={TEXT.loading}
        error={(error) => failureText(error, COMPANY.fetchFailed)}
      >
        {(data) => <CompanyScreen data={data} />}
      </QueryState>
    </PageContainer>
  );
}

/** A change to the company; `toast` names the failure toast of changes made outside a dialog. */
function useCompanyMutation<T>(run: (input: T) => Promise<{ message: string }>, toast?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: companyKeys.all });
      notify.success(answer.message);
    },
    meta: toast ? { errorToast: toast } : undefined,
  });
}

function CompanyScreen({ data }: { data: CompanyDto }) {
  const { may } = usePermissions();
  const manages = may('company:manage');
  const isOwner = data.me.role === 'owner';
  return (
    <div className="space-y-6">
      <Members data={data} manages={manages} isOwner={isOwner} />
      {manages && <Invitations data={data} />}
      <Licenses data={data} manages={manages} />
      {isOwner && <Security required={data.company.requireTwoFactor} />}
      {manages && <ApiKeysSection />}
      {manages && <WebhooksSection />}
      {manages && <Activity />}
    </div>
  );
}

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card className="p-4 sm:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        {action}
      </div>
      {children}
    </Card>
  );
}

function Members({ data, manages, isOwner }: { data: CompanyDto; manages: boolean; isOwner: boolean }) {
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<CompanyMemberDto | null>(null);
  const [handingOver, setHandingOver] = useState<CompanyMemberDto | null>(null);
  const role = useCompanyMutation(
    ({ userId, role }: { userId: string; role: CompanyRole }) => changeMemberRole(userId, role),
    COMPANY.roleFailed,
  );
  const limit = useCompanyMutation(
    ({ userId, orderLimit }: { userId: string; orderLimit: number | null }) =>
      changeMemberRole(userId, 'purchasing', orderLimit),
    COMPANY.roleFailed,
  );
  // Only owners touch owners: a manager is offered neither an owner's row nor the owner role.
  const assignable = isOwner ? COMPANY_ROLES : COMPANY_ROLES.filter((r) => r !== 'owner');

  return (
    <Section
      title={TEXT.members}
      action={
        manages && (
          <Button size="sm" onClick={() => setInviting(true)}>
            {TEXT.invite}
          </Button>
        )
      }
    >
      <ul className="divide-y divide-slate-200">
        {data.members.map((member) => {
          const name = member.contactName || member.email;
          const isMe = member.userId === data.me.userId;
          const editable = manages && !isMe && (isOwner || member.role !== 'owner');
          return (
            <li key={member.userId} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
              <div className="min-w-0 flex-1 basis-48">
                <p className="truncate font-medium text-slate-900">
                  {name} {isMe && <span className="text-sm text-slate-500">({TEXT.you})</span>}
                </p>
                <p className="truncate text-sm text-slate-600">{member.email}</p>
              </div>
              <Badge tone={member.twoFactor ? 'success' : 'neutral'}>
                {member.twoFactor ? TEXT.twoFactorOn : TEXT.twoFactorOff}
              </Badge>
              {editable ? (
                <Select
                  aria-label={TEXT.roleLabel(name)}
                  className="w-auto"
                  value={member.role}
                  options={roleOptions(assignable)}
                  disabled={role.isPending}
                  onChange={(event) =>
                    role.mutate({ userId: member.userId, role: event.target.value as CompanyRole })
                  }
                />
              ) : (
                <Badge tone="info">{ROLE_LABELS[member.role]}</Badge>
              )}
              {member.role === 'purchasing' &&
                (editable ? (
                  <OrderLimitForm
                    name={name}
                    limit={member.orderLimit}
                    saving={limit.isPending}
                    onSave={(orderLimit) => limit.mutate({ userId: member.userId, orderLimit })}
                  />
                ) : (
                  <span className="text-sm text-slate-600">
                    {ORDER_LIMIT_TEXTS.describe(member.orderLimit)}
                  </span>
                ))}
              {editable && (
                <div className="flex flex-wrap gap-2">
                  {isOwner && member.role !== 'owner' && (
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={TEXT.makeOwnerLabel(name)}
                      onClick={() => setHandingOver(member)}
                    >
                      {TEXT.makeOwner}
                    </Button>
                  )}
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={TEXT.removeLabel(name)}
                    onClick={() => setRemoving(member)}
                  >
                    {TEXT.remove}
                  </Button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {inviting && <InviteDialog onClose={() => setInviting(false)} />}
      {removing && <RemoveDialog member={removing} onClose={() => setRemoving(null)} />}
      {handingOver && <TransferDialog member={handingOver} onClose={() => setHandingOver(null)} />}
    </Section>
  );
}

function InviteDialog({ onClose }: { onClose: () => void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<string>('sales');
  const invite = useCompanyMutation(inviteMember);
  const problem = invite.error ? failureText(invite.error, COMPANY.inviteFailed) : null;
  function submit(event: FormEvent) {
    event.preventDefault();
    invite.mutate({ email, role: role as (typeof INVITABLE)[number] }, { onSuccess: onClose });
  }
  return (
    <Dialog
      open
      onClose={onClose}
      title={TEXT.inviteTitle}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {TEXT.cancel}
          </Button>
          <Button type="submit" form="invite-member" isLoading={invite.isPending}>
            {TEXT.send}
          </Button>
        </>
      }
    >
      <form id="invite-member" className="space-y-4" onSubmit={submit} noValidate>
        <p className="text-sm text-slate-600">{TEXT.inviteHint}</p>
        <FormField id="invite-email" label={TEXT.email} required>
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="off"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
        </FormField>
        <FormField id="invite-role" label={TEXT.role} required>
          {(control) => (
            <Select
              {...control}
              value={role}
              options={roleOptions(INVITABLE)}
              onChange={(e) => setRole(e.target.value)}
            />
          )}
        </FormField>
        {problem && <Alert tone="error">{problem}</Alert>}
      </form>
    </Dialog>
  );
}

function RemoveDialog({ member, onClose }: { member: CompanyMemberDto; onClose: () => void }) {
  const remove = useCompanyMutation(() => removeMember(member.userId));
  return (
    <ConfirmDialog
      title={TEXT.removeTitle}
      body={TEXT.removeBody(member.contactName || member.email)}
      confirm={TEXT.remove}
      pending={remove.isPending}
      problem={remove.error ? failureText(remove.error, COMPANY.removeFailed) : null}
      onConfirm={() => remove.mutate(undefined, { onSuccess: onClose })}
      onClose={onClose}
    />
  );
}

function TransferDialog({ member, onClose }: { member: CompanyMemberDto; onClose: () => void }) {
  const transfer = useCompanyMutation(() => transferOwnership(member.userId));
  return (
    <ConfirmDialog
      title={TEXT.transferTitle}
      body={TEXT.transferBody(member.contactName || member.email)}
      confirm={TEXT.transfer}
      pending={transfer.isPending}
      problem={transfer.error ? failureText(transfer.error, COMPANY.transferFailed) : null}
      onConfirm={() => transfer.mutate(undefined, { onSuccess: onClose })}
      onClose={onClose}
    />
  );
}

function Invitations({ data }: { data: CompanyDto }) {
  const revoke = useCompanyMutation(revokeInvitation, COMPANY.revokeFailed);
  return (
    <Section title={TEXT.invitations}>
      {data.invitations.length === 0 ? (
        <p className="text-sm text-slate-600">{TEXT.noInvitations}</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {data.invitations.map((invitation) => {
            const expired = new Date(invitation.expiresAt) <= new Date();
            return (
              <li key={invitation._id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
                <div className="min-w-0 flex-1 basis-48">
                  <p className="truncate font-medium text-slate-900">{invitation.email}</p>
                  <p className="text-sm text-slate-600">
                    {ROLE_LABELS[invitation.role]} ·{' '}
                    {expired ? TEXT.expired : TEXT.expires(formatPacificDate(invitation.expiresAt))}
                  </p>
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={TEXT.revokeLabel(invitation.email)}
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate(invitation._id)}
                >
                  {TEXT.revoke}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}

/** The company's licenses; a member who manages the company adds one (decision 209). */
function Licenses({ data, manages }: { data: CompanyDto; manages: boolean }) {
  return (
    <Section title={TEXT.licenses} action={manages && <AddLicenseButton />}>
      <ul className="divide-y divide-slate-200">
        {data.company.licenses.map((license) => (
          <li key={license._id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3">
            <div className="min-w-0 flex-1 basis-48">
              <p className="font-medium break-all text-slate-900">{license.licenseNumber}</p>
              <p className="text-sm text-slate-600">
                {license.licenseType} · {license.address.city}, {license.address.county}
              </p>
            </div>
            <Badge tone={license.status === 'verified' ? 'success' : 'warning'}>{license.status}</Badge>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Security({ required }: { required: boolean }) {
  const save = useCompanyMutation(setRequireTwoFactor, COMPANY.securityFailed);
  return (
    <Section title={TEXT.security}>
      <Checkbox
        label={TEXT.requireTwoFactor}
        description={TEXT.requireTwoFactorHint}
        checked={required}
        disabled={save.isPending}
        onChange={(event) => save.mutate(event.target.checked)}
      />
    </Section>
  );
}

function Activity() {
  const activity = useQuery(companyActivityQueryOptions());
  return (
    <Section title={TEXT.activity}>
      <QueryState
        query={activity}
        loading={TEXT.loading}
        error={(error) => failureText(error, COMPANY.fetchFailed)}
        isEmpty={(rows) => rows.length === 0}
        empty={<p className="text-sm text-slate-600">{TEXT.noActivity}</p>}
      >
        {(rows) => (
          <ul className="space-y-2 text-sm text-slate-700">
            {rows.map((entry) => (
              <li key={entry._id} className="break-words">
                <span className="font-medium text-slate-900">
                  {entry.actor.contactName || entry.actor.email}
                </span>{' '}
                {describeActivity(entry.action, entry.subject, entry.details)}{' '}
                <span className="text-slate-500">· {formatPacificDate(entry.createdAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Section>
  );
}
