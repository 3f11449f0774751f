import {
  NOTIFICATION_AUDIENCE,
  type NotificationKind,
  type NotificationSide,
  type Permission,
  roleMay,
} from '@canopy/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companyMembers, notifications } from '../../db/schema/index.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { announce } from './feed.ts';

// The one way a notice enters the notification centre (decision 249). It is written in the
// transaction of the event it tells of, as the webhook outbox is: an event that rolls back leaves
// no notice, one that commits always has its notice. Each member of the company whose role may see
// the kind gets a row of their own, so reading and counting are per member (as unread messages are,
// decision 208), and every stream of those members hears of it once the transaction commits.

export interface Notice {
  /** The company told: every member whose role may see this kind gets it. */
  companyId: string;
  kind: NotificationKind;
  /** For kinds seen differently by buyer and seller (offers): which side this company is on. */
  side?: NotificationSide;
  title: string;
  summary?: string;
  /** The app page it is about, e.g. `/orders/{id}`. */
  link: string;
  subjectId?: string | null;
}

/** The permission a member's role must hold to see the notice; null when every member does. */
function audienceOf(notice: Notice): Permission | null {
  const audience = NOTIFICATION_AUDIENCE[notice.kind];
  if (audience === null || typeof audience === 'string') return audience;
  if (!notice.side) throw new Error(`a ${notice.kind} notice needs the side it is for`);
  return audience[notice.side];
}

/** Writes the notice for each member allowed to see it; answers the members it reached. */
export async function notify(tx: Db, notice: Notice): Promise<string[]> {
  const permission = audienceOf(notice);
  const members = await tx
    .select({ userId: companyMembers.userId, role: companyMembers.role })
    .from(companyMembers)
    .where(eq(companyMembers.companyId, notice.companyId));
  const userIds = members
    .filter((member) => permission === null || roleMay(member.role, permission))
    .map((member) => member.userId);
  if (userIds.length === 0) return [];
  await tx.insert(notifications).values(
    userIds.map((userId) => ({
      id: uuidv7(),
      userId,
      companyId: notice.companyId,
      kind: notice.kind,
      title: notice.title,
      summary: notice.summary ?? '',
      link: notice.link,
      subjectId: notice.subjectId ?? null,
    })),
  );
  await announce(tx, userIds);
  return userIds;
}
