import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

/** The account with this e-mail (trimmed, lower-cased as stored). */
export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return row;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Just the account's e-mail (who an operator is, for the audit log). */
export async function findUserEmail(db: Executor, id: string): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, id)).limit(1);
  return row?.email;
}

/** The e-mails of these accounts, by id (ids without an account are left out). */
export async function findUserEmails(db: Executor, ids: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)];
  const rows = wanted.length ? await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, wanted)) : [];
  return new Map(rows.map((r) => [r.id, r.email]));
}

/** Every active operator account's e-mail and language (who gets the contact form's notifications). */
export function activeOperators(db: Executor): Promise<{ email: string; locale: UserRow['locale'] }[]> {
  return db
    .select({ email: users.email, locale: users.locale })
    .from(users)
    .where(and(eq(users.role, 'operator'), eq(users.isActive, true)));
}
