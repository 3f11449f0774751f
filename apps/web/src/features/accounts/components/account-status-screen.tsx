import { ACCOUNT_STATUS, STATUS_SCREEN, type UserDto } from '@canopy/shared';
import type { ReactNode } from 'react';
import { EmailAddress } from '@/components/email-address.tsx';
import { Badge, type BadgeTone } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { DocumentTitle } from '@/components/ui/page-header.tsx';
import { useAuth } from '@/lib/auth/session-context.tsx';
import { adminEmail } from '@/lib/runtime-config.ts';

const ROLE_LABELS: Record<UserDto['role'], string> = { admin: 'Admin', seller: 'Seller', buyer: 'Buyer' };

/** A mailto: link to the review team with the business name in the subject, for every next step. */
function reviewTeamHref(user: UserDto, topic: string): string {
  const business = user.profile?.businessName || user.email;
  return `mailto:${adminEmail()}?subject=${encodeURIComponent(`${topic}: ${business}`)}`;
}

interface StatusCopy {
  title: string;
  tone: BadgeTone;
  body: ReactNode;
  /** SPEC's footer promises a notification "once your account is verified": true for pending only. */
  reviewFooter: boolean;
}

function statusCopy(user: UserDto): StatusCopy {
  switch (user.status) {
    case 'pending':
      return {
        title: ACCOUNT_STATUS.pendingTitle,
        tone: 'warning',
        body: (
          <>
            <p>{ACCOUNT_STATUS.pendingBody}</p>
            <p className="mt-3">
              {STATUS_SCREEN.pendingNextStep}{' '}
              <a href={reviewTeamHref(user, 'Priority review request')}>Request a priority review</a> by
              e-mail.
            </p>
          </>
        ),
        reviewFooter: true,
      };
    case 'suspended': {
      // SPEC's sentence, with "contact support" as the link it promises.
      const [before, after] = ACCOUNT_STATUS.suspendedBody.split('contact support');
      return {
        title: ACCOUNT_STATUS.suspendedTitle,
        tone: 'danger',
        body: (
          <>
            <p>
              {before}
              <a href={reviewTeamHref(user, 'Suspended account')}>contact support</a>
              {after}
            </p>
            <p className="mt-3">
              {STATUS_SCREEN.suspendedNextStep}{' '}
              <a href={reviewTeamHref(user, 'Suspended account')}>{adminEmail()}</a>.
            </p>
          </>
        ),
        reviewFooter: false,
      };
    }
    case 'rejected':
      return {
        title: STATUS_SCREEN.rejectedTitle,
        tone: 'danger',
        body: (
          <>
            <p>{STATUS_SCREEN.rejectedBody}</p>
            <p className="mt-3">
              {STATUS_SCREEN.rejectedNextStep}{' '}
              <a href={reviewTeamHref(user, 'Account review')}>{adminEmail()}</a>
            </p>
          </>
        ),
        reviewFooter: false,
      };
    default:
      return {
        title: ACCOUNT_STATUS.unknownTitle,
        tone: 'neutral',
        body: (
          <p>
            This account cannot be used right now. Please contact{' '}
            <a href={reviewTeamHref(user, 'Account status')}>{adminEmail()}</a> for details.
          </p>
        ),
        reviewFooter: false,
      };
  }
}

/** Shown in place of any protected page while the signed-in user's status is not verified (SPEC §2). */
export function AccountStatusScreen({ user }: { user: UserDto }) {
  const { logout } = useAuth();
  const { profile } = user;
  const copy = statusCopy(user);

  return (
    <PageContainer width="medium">
      <DocumentTitle title={copy.title} />
      <Card className="p-6 sm:p-8">
        <Badge tone={copy.tone}>Status: {user.status}</Badge>
        <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900">{copy.title}</h1>
        <div className="mt-3 text-slate-700">{copy.body}</div>

        <h2 className="mt-8 text-base font-semibold text-slate-900">Account details</h2>
        <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[8rem_1fr] sm:gap-y-3">
          <dt className="font-medium text-slate-600">Business</dt>
          <dd className="mb-2 text-slate-900 sm:mb-0">{profile?.businessName || '—'}</dd>
          <dt className="font-medium text-slate-600">Email</dt>
          <dd className="mb-2 text-slate-900 sm:mb-0">
            <EmailAddress address={user.email} />
          </dd>
          <dt className="font-medium text-slate-600">Role</dt>
          <dd className="mb-2 text-slate-900 sm:mb-0">{ROLE_LABELS[user.role]}</dd>
          {user.role === 'seller' && (
            <>
              <dt className="font-medium text-slate-600">License</dt>
              <dd className="text-slate-900">
                {[profile?.licenseType, profile?.licenseNumber].filter(Boolean).join(' · ') || '—'}
              </dd>
            </>
          )}
        </dl>

        {copy.reviewFooter && (
          <p className="mt-8 border-t border-slate-200 pt-4 text-sm text-slate-600">
            {ACCOUNT_STATUS.reviewFooter}
          </p>
        )}
        <Button variant="secondary" className="mt-4" onClick={() => void logout()}>
          Sign out
        </Button>
      </Card>
    </PageContainer>
  );
}
