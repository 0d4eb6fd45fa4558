import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import { accountTokens, type AccountTokenPurpose } from '../../db/schema-accounts';
import type { Executor } from '../mail/outbox';

// One-time account tokens (activation, reset/set password, e-mail change): 256 random bits sent to the user,
// only the SHA-256 kept; single use (used_at) and an expiry.

export const hashAccountToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createAccountToken(
  tx: Executor,
  input: { userId: string; purpose: AccountTokenPurpose; ttlSeconds: number; newEmail?: string },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.insert(accountTokens).values({
    userId: input.userId,
    purpose: input.purpose,
    tokenHash: hashAccountToken(token),
    newEmail: input.newEmail ?? null,
    expiresAt: sql`now() + make_interval(secs => ${input.ttlSeconds})`,
  });
  return token;
}

const live = (purpose: AccountTokenPurpose, token: string) =>
  and(
    eq(accountTokens.tokenHash, hashAccountToken(token)),
    eq(accountTokens.purpose, purpose),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, sql`now()`),
  );

/** Marks a live token used, in one statement (two concurrent uses: one wins). */
export async function consumeAccountToken(tx: Executor, purpose: AccountTokenPurpose, token: string) {
  if (!token) return undefined;
  const [row] = await tx
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(live(purpose, token))
    .returning({ userId: accountTokens.userId, newEmail: accountTokens.newEmail });
  return row;
}

/**
 * Whose account a token of a purpose was ever issued for, used or expired included (a second activation link
 * of an account already active is told apart from a link that never existed).
 */
export async function findAccountTokenOwner(db: Executor, purpose: AccountTokenPurpose, token: string) {
  if (!token) return undefined;
  const [row] = await db
    .select({ userId: accountTokens.userId, isActive: users.isActive })
    .from(accountTokens)
    .innerJoin(users, eq(users.id, accountTokens.userId))
    .where(and(eq(accountTokens.tokenHash, hashAccountToken(token)), eq(accountTokens.purpose, purpose)))
    .limit(1);
  return row;
}

/** Looks a live token up without using it (GET /user/reset-password). */
export async function findLiveAccountToken(db: Executor, purpose: AccountTokenPurpose, token: string) {
  if (!token) return undefined;
  const [row] = await db
    .select({ userId: accountTokens.userId, email: users.email })
    .from(accountTokens)
    .innerJoin(users, eq(users.id, accountTokens.userId))
    .where(live(purpose, token))
    .limit(1);
  return row;
}

/** Retires the user's unused tokens of a purpose (a newer one replaces them, or the purpose is fulfilled). */
export async function retireAccountTokens(tx: Executor, userId: string, purpose: AccountTokenPurpose) {
  await tx
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
}
