import { parseArgs } from 'node:util';
import { emailField, newPasswordField, VALIDATION } from '@canopy/shared';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { insertUser } from '../db/factories.ts';
import { runMigrations } from '../db/migrate.ts';
import { users } from '../db/schema/index.ts';
import { hashPassword } from '../lib/passwords.ts';

// npm run create-admin -- --email E --password P : creates a verified admin, or promotes and
// re-keys an existing account with that e-mail.

const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } } });
const input = z
  .object({ email: emailField, password: newPasswordField(VALIDATION.passwordRequired) })
  .safeParse(values);
if (!input.success) {
  console.error(
    `create-admin: ${input.error.issues[0]?.message}\nusage: npm run create-admin -- --email E --password P`,
  );
  process.exit(2);
}
const { email, password } = input.data;

const database = await openDatabase(loadConfig());
try {
  await runMigrations(database);
  const { db } = database;
  const [existing] = await db.select().from(users).where(eq(users.email, email));
  if (existing) {
    await db
      .update(users)
      .set({
        role: 'admin',
        status: 'verified',
        emailVerified: true,
        passwordHash: await hashPassword(password),
        updatedAt: new Date(),
      })
      .where(eq(users.id, existing.id));
    console.log(`create-admin: ${email} is now a verified admin`);
  } else {
    await insertUser(db, {
      email,
      password,
      role: 'admin',
      businessName: 'Canopy Operations',
      contactName: 'Administrator',
    });
    console.log(`create-admin: created verified admin ${email}`);
  }
} finally {
  await database.close();
}
