import type { UserStatus } from '@canopy/shared';
import type { Db } from '../../db/client.ts';
import { notify } from '../notifications/index.ts';

// An admin's decision on an account, told to every member of the company in the notification
// centre (issue 25), in the transaction that changes the status. Its e-mail is SPEC's and goes as
// before, whatever the member's switches.

const TITLES: Readonly<Record<UserStatus, string>> = {
  verified: 'Your account was approved',
  rejected: 'Your account was not approved',
  suspended: 'Your account was suspended',
  pending: 'Your account is waiting for review again',
};

export async function notifyStatusChange(
  tx: Db,
  companyId: string,
  status: UserStatus,
  reason: string | null,
): Promise<void> {
  await notify(tx, {
    companyId,
    kind: 'account',
    title: TITLES[status],
    summary: reason ? `Reason: ${reason}` : '',
    link: '/dashboard',
    subjectId: companyId,
  });
}
