import { COMPANY_ROLES, roleMay } from '@canopy/shared';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { companyMembers } from '../../db/schema/index.ts';

// Who in a company reads its conversations (decision 208): every member whose role has
// messages:read in the shared role table. They see the company's conversations, get its live
// message events, keep their own unread counts and are mailed about new messages.

export const READING_ROLES = COMPANY_ROLES.filter((role) => roleMay(role, 'messages:read'));

/** The members of the company who may read its messages, as a condition on company_members. */
export const readersOf = (companyId: string | SQL): SQL =>
  and(eq(companyMembers.companyId, companyId), inArray(companyMembers.role, READING_ROLES)) as SQL;
