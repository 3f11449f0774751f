import { emailField, newPasswordField, VALIDATION } from '@canopy/shared';
import { count, eq } from 'drizzle-orm';
import { z } from 'zod';
import { adminAuditLog } from '../db/schema/audit.ts';
import { sessions, type UserRow, users } from '../db/schema/index.ts';
import { uuidv7 } from '../lib/ids.ts';
import { hashPassword } from '../lib/passwords.ts';
import { endUserSessions } from '../modules/auth/index.ts';
import { insertUser } from '../seed/factories.ts';
import type { OperatorContext } from './commands.ts';
import { type OperatorOutcome, outcome } from './protocol.ts';

// npm run create-admin: creates a verified admin, or promotes and re-keys an existing account.
// Promotion is where an account takeover would pay off most, so the command shows the operator
// what it found, refuses an address its owner never confirmed unless told --force, and signs the
// account out everywhere so nobody keeps a session that was opened before the promotion.

export const createAdminInput = z.object({
  email: emailField,
  password: newPasswordField(VALIDATION.passwordRequired),
  force: z.boolean(),
});

/** Who the audit trail names for changes made from the machine's command line. */
export const OPERATOR_ACTOR = 'operator (npm run create-admin)';

const describe = (user: UserRow) =>
  `create-admin: found ${user.email}: role ${user.role}, status ${user.status}, e-mail ${
    user.emailVerified ? 'verified by its owner' : 'NOT verified by its owner'
  }`;

export async function createAdmin(
  ctx: OperatorContext,
  request: { email: string; password: string; force: boolean },
): Promise<OperatorOutcome> {
  const out = outcome();
  const input = createAdminInput.safeParse(request);
  if (!input.success) return out.fail(`create-admin: ${input.error.issues[0]?.message}`, 2);
  const { email, password, force } = input.data;
  const passwordHash = await hashPassword(password);

  return ctx.database.db.transaction(async (tx) => {
    const [existing] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
    if (!existing) {
      const created = await insertUser(tx, {
        email,
        password,
        role: 'admin',
        businessName: 'Canopy Operations',
        contactName: 'Administrator',
      });
      await tx.insert(adminAuditLog).values({
        id: uuidv7(),
        adminId: null,
        adminEmail: OPERATOR_ACTOR,
        action: 'user.create-admin',
        targetType: 'user',
        targetId: created.id,
        targetLabel: created.email,
        before: null,
        after: { role: 'admin', status: 'verified' },
      });
      out.say(`create-admin: created verified admin ${email}`);
      return out.result;
    }

    out.say(describe(existing));
    if (!existing.emailVerified && !force) {
      return out.fail(
        `create-admin: not promoting ${email}: its owner has never confirmed this address, so the account may belong to someone who does not own the mailbox. Check who registered it, then run again with --force to promote it anyway.`,
      );
    }
    const [open] = await tx.select({ total: count() }).from(sessions).where(eq(sessions.userId, existing.id));
    await tx
      .update(users)
      .set({ role: 'admin', status: 'verified', emailVerified: true, passwordHash, updatedAt: new Date() })
      .where(eq(users.id, existing.id));
    await endUserSessions(tx, existing.id);
    await tx.insert(adminAuditLog).values({
      id: uuidv7(),
      adminId: null,
      adminEmail: OPERATOR_ACTOR,
      action: 'user.promote',
      targetType: 'user',
      targetId: existing.id,
      targetLabel: existing.email,
      before: { role: existing.role, status: existing.status, emailVerified: existing.emailVerified },
      after: { role: 'admin', status: 'verified', emailVerified: true },
      reason:
        force && !existing.emailVerified ? 'promoted with --force: e-mail not verified by its owner' : null,
    });
    const ended = open?.total ?? 0;
    out.say(
      `create-admin: ${email} is now a verified admin; its password is replaced and its ${ended} open session${ended === 1 ? ' is' : 's are'} ended`,
    );
    return out.result;
  });
}
