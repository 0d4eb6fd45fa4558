import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Language } from '../../config';
import { sessions, users } from '../../db/schema';
import { userAgreements } from '../../db/schema-accounts';
import { agreements } from '../../db/schema-content';
import { ApiError, apiError, badRequest, tooManyTries, unauthorized, type ApiErrorItem } from '../../lib/errors';
import { hashPassword, verifyAgainstNobody, verifyPassword } from '../../lib/passwords';
import { enqueueMail, type Executor } from '../mail/outbox';
import { renderEmailChangedNotice, renderTokenMail, type TokenMailKind } from '../mail/templates';
import { DEFAULT_RULE, failureRetentionSeconds, type RateLimitAction } from './rate-limit-repository';
import { findUserByEmail, findUserById, type UserRow } from './users-repository';
import { consumeAccountToken, createAccountToken, findAccountTokenOwner, findLiveAccountToken, retireAccountTokens } from './account-tokens';
import type { InvestorPatch, Registration } from './schemas';

// The account flows of docs/api.md "Accounts". Every change that sends mail writes the mail into the outbox in
// the SAME transaction (server/modules/mail/outbox.ts), then wakes the sender.

const isUniqueViolation = (error: unknown): boolean => {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
};

/** An account created without a password has an empty hash (it cannot sign in until one is set). */
export const hasPassword = (user: Pick<UserRow, 'passwordHash'>) => user.passwordHash !== '';

export function toInvestor(user: UserRow) {
  return {
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    phoneCountry: user.phoneCountry,
    address: { street: user.street, city: user.city, zip: user.zip, state: user.state, country: user.country },
    bank: { country: user.bankCountry, bankName: user.bankName, accountNumber: user.bankAccountNumber },
    notificationsOptOut: user.notificationsOptOut,
    language: user.locale,
  };
}

export function createAccountsService(fastify: FastifyInstance) {
  const { db, config, rateLimitRepository } = fastify;

  const ttl: Record<TokenMailKind, number> = {
    activation: config.activationTokenTtl,
    reset_password: config.resetPasswordTokenTtl,
    set_password: config.resetPasswordTokenTtl,
    email_change: config.emailChangeTokenTtl,
  };

  /** Creates the token and enqueues its mail, in the caller's transaction. */
  async function tokenMail(
    tx: Executor,
    kind: TokenMailKind,
    user: Pick<UserRow, 'id' | 'email' | 'firstName' | 'locale'>,
    newEmail?: string,
  ) {
    const purpose = kind === 'set_password' ? 'reset_password' : kind;
    const token = await createAccountToken(tx, { userId: user.id, purpose, ttlSeconds: ttl[kind], newEmail });
    const rendered = renderTokenMail({
      kind,
      language: user.locale,
      publicUrl: config.publicUrl,
      token,
      firstName: user.firstName,
      ttlSeconds: ttl[kind],
      newEmail,
    });
    await enqueueMail(tx, { ...rendered, kind, to: newEmail ?? user.email, language: user.locale });
  }

  /** 5 per minute per e-mail and per client IP, counted atomically in the database (shared by every node). */
  async function limit(action: RateLimitAction, email: string, ip: string) {
    const { admitted } = await rateLimitRepository.admit(action, { email, ip }, DEFAULT_RULE);
    if (!admitted) throw tooManyTries(DEFAULT_RULE.windowSeconds);
    await rateLimitRepository.prune(action);
  }

  async function revokeSessions(tx: Executor, userId: string, exceptSessionId?: string) {
    await tx
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined));
  }

  const wake = () => fastify.mail.worker.wake();

  /**
   * The settings' current-password check, limited like the password grant (action `current_password`, see
   * token-service.ts passwordGrant): only FAILURES count, per account (a growing lock after LOGIN_ACCOUNT_LIMIT)
   * and per client IP (LOGIN_IP_LIMIT), so parallel correct attempts all pass; once the account is locked the call
   * is refused with 429 even when the password is right. A right one clears the account's failures.
   */
  async function checkCurrentPassword(user: UserRow, currentPassword: string, ip: string) {
    const keys = { account: user.id, ip };
    const limits = config.loginLimits;
    const attempt = await rateLimitRepository.beginGuarded('current_password', keys, limits);
    try {
      if (attempt.state.limited) throw tooManyTries(attempt.state.retryAfterSeconds);
      const matches = hasPassword(user) ? await verifyPassword(user.passwordHash, currentPassword) : await verifyAgainstNobody(currentPassword);
      if (!matches) {
        const failure = await rateLimitRepository.recordFailure('current_password', keys, limits);
        await rateLimitRepository.prune('current_password', failureRetentionSeconds(limits));
        throw failure.limited ? tooManyTries(failure.retryAfterSeconds) : badRequest('CURRENT_PASSWORD_NOT_MATCH', 'password.currentPassword');
      }
      const meanwhile = await rateLimitRepository.failuresReached('current_password', keys, limits);
      if (meanwhile.limited) throw tooManyTries(meanwhile.retryAfterSeconds);
    } finally {
      await rateLimitRepository.finishGuarded(attempt.pendingIds);
    }
    await rateLimitRepository.clearAccount('current_password', user.id);
  }

  async function requireUser(userId: string): Promise<UserRow> {
    const user = await findUserById(db, userId);
    if (!user) throw unauthorized();
    return user;
  }

  return {
    /** The registration's EMAIL_EXISTS rule alone (the first step of the form asks it). */
    async checkEmailFree(email: string): Promise<{ email: string }> {
      if (await findUserByEmail(db, email)) throw badRequest('EMAIL_EXISTS', 'email');
      return { email };
    },

    async register(input: Registration, language: Language): Promise<{ email: string }> {
      const errors: ApiErrorItem[] = [];
      if (await findUserByEmail(db, input.email)) errors.push({ code: 'EMAIL_EXISTS', context: 'email' });
      const registrationAgreements = await db
        .select({ id: agreements.id, required: agreements.required })
        .from(agreements)
        .where(eq(agreements.context, 'registration'));
      const accepted = new Set(input.acceptedAgreementIds);
      for (const agreement of registrationAgreements) {
        if (agreement.required && !accepted.has(agreement.id)) errors.push({ code: 'IS_EMPTY', context: `agreements.${agreement.id}` });
      }
      if (errors.length) throw new ApiError(400, errors);

      const passwordHash = await hashPassword(input.password);
      try {
        await db.transaction(async (tx) => {
          const [user] = await tx
            .insert(users)
            .values({
              email: input.email,
              passwordHash,
              role: 'investor',
              isActive: false,
              firstName: input.firstName,
              lastName: input.lastName,
              phone: input.phone,
              phoneCountry: input.phoneCountry,
              ...input.address,
              bankCountry: input.bank.country,
              bankName: input.bank.bankName,
              bankAccountNumber: input.bank.accountNumber,
              locale: language,
            })
            .returning();
          const acceptedIds = registrationAgreements.filter((a) => accepted.has(a.id)).map((a) => a.id);
          if (acceptedIds.length) {
            await tx.insert(userAgreements).values(acceptedIds.map((agreementId) => ({ userId: user.id, agreementId })));
          }
          await tokenMail(tx, 'activation', user);
        });
      } catch (error) {
        // Two registrations of one address at once: the unique index decides.
        if (isUniqueViolation(error)) throw badRequest('EMAIL_EXISTS', 'email');
        throw error;
      }
      wake();
      return { email: input.email };
    },

    async activate(token: string): Promise<{ email: string }> {
      const email = await db.transaction(async (tx) => {
        const used = await consumeAccountToken(tx, 'activation', token);
        if (!used) return undefined;
        const [user] = await tx.update(users).set({ isActive: true }).where(eq(users.id, used.userId)).returning({ email: users.email });
        await retireAccountTokens(tx, used.userId, 'activation');
        return user?.email;
      });
      if (!email) {
        // An earlier link of this account (used or replaced) after the account became active: the investor
        // only needs to log in.
        const owner = await findAccountTokenOwner(db, 'activation', token);
        if (owner?.isActive) throw apiError(409, 'ACCOUNT_ALREADY_ACTIVE', 'activationToken');
        throw badRequest('ACTIVATION_TOKEN_NOT_EXIST', 'activationToken');
      }
      return { email };
    },

    /** Same answer whether the address is unknown, inactive or already active. */
    async resendActivation(email: string, ip: string): Promise<void> {
      await limit('activation_resend', email, ip);
      const user = await findUserByEmail(db, email);
      if (!user || user.isActive) return;
      await db.transaction((tx) => tokenMail(tx, 'activation', user));
      wake();
    },

    /** Same answer whether the address is registered or not; a newer link replaces the older ones. */
    async requestPasswordReset(email: string, ip: string): Promise<void> {
      await limit('reset_password', email, ip);
      const user = await findUserByEmail(db, email);
      if (!user) return;
      await db.transaction(async (tx) => {
        await retireAccountTokens(tx, user.id, 'reset_password');
        await tokenMail(tx, hasPassword(user) ? 'reset_password' : 'set_password', user);
      });
      wake();
    },

    async checkResetToken(token: string): Promise<{ valid: true; email: string }> {
      const row = await findLiveAccountToken(db, 'reset_password', token);
      if (!row) throw badRequest('TOKEN_NOT_VALID', 'resetPasswordToken');
      return { valid: true, email: row.email };
    },

    /**
     * Sets the password (reset or first set), revokes every session of the account and, since following the
     * link proves the address, activates an account that was not active yet.
     */
    async setPasswordWithToken(token: string, password: string): Promise<void> {
      if (!(await findLiveAccountToken(db, 'reset_password', token))) throw badRequest('TOKEN_NOT_VALID', 'resetPasswordToken');
      const passwordHash = await hashPassword(password);
      const done = await db.transaction(async (tx) => {
        const used = await consumeAccountToken(tx, 'reset_password', token);
        if (!used) return false;
        await tx.update(users).set({ passwordHash, isActive: true }).where(eq(users.id, used.userId));
        await retireAccountTokens(tx, used.userId, 'reset_password');
        await revokeSessions(tx, used.userId);
        return true;
      });
      if (!done) throw badRequest('TOKEN_NOT_VALID', 'resetPasswordToken');
    },

    async investor(userId: string) {
      return toInvestor(await requireUser(userId));
    },

    async patch(userId: string, sessionId: string, patch: InvestorPatch, ip: string) {
      const user = await requireUser(userId);
      const update = (values: Partial<typeof users.$inferInsert>) =>
        db.update(users).set(values).where(eq(users.id, userId)).returning();

      switch (patch.group) {
        case 'personal': {
          const [row] = await update(patch.value);
          return toInvestor(row);
        }
        case 'address': {
          const [row] = await update(patch.value);
          return toInvestor(row);
        }
        case 'bank': {
          const [row] = await update({ bankCountry: patch.value.country, bankName: patch.value.bankName, bankAccountNumber: patch.value.accountNumber });
          return toInvestor(row);
        }
        case 'notificationsOptOut': {
          const [row] = await update({ notificationsOptOut: patch.value });
          return toInvestor(row);
        }
        case 'password': {
          await checkCurrentPassword(user, patch.value.currentPassword, ip);
          const passwordHash = await hashPassword(patch.value.newPassword);
          const row = await db.transaction(async (tx) => {
            const [updated] = await tx.update(users).set({ passwordHash }).where(eq(users.id, userId)).returning();
            await revokeSessions(tx, userId, sessionId);
            await retireAccountTokens(tx, userId, 'reset_password');
            return updated;
          });
          return toInvestor(row);
        }
        case 'email': {
          const { newEmail } = patch.value;
          if (newEmail === user.email) throw badRequest('EMAIL_SAME', 'email.newEmail');
          if (await findUserByEmail(db, newEmail)) throw badRequest('EMAIL_TAKEN', 'email.newEmail');
          await db.transaction(async (tx) => {
            await retireAccountTokens(tx, userId, 'email_change');
            await tokenMail(tx, 'email_change', user, newEmail);
          });
          wake();
          return toInvestor(user);
        }
      }
    },

    /** Switches the address and, in the same transaction, tells the OLD address about it (in case of a takeover). */
    async confirmEmail(token: string): Promise<{ email: string }> {
      try {
        const email = await db.transaction(async (tx) => {
          const used = await consumeAccountToken(tx, 'email_change', token);
          if (!used?.newEmail) return undefined;
          const [before] = await tx
            .select({ email: users.email, firstName: users.firstName, locale: users.locale })
            .from(users)
            .where(eq(users.id, used.userId))
            .for('update');
          if (!before) return undefined;
          const [row] = await tx.update(users).set({ email: used.newEmail }).where(eq(users.id, used.userId)).returning({ email: users.email });
          await retireAccountTokens(tx, used.userId, 'email_change');
          const notice = renderEmailChangedNotice({
            language: before.locale,
            publicUrl: config.publicUrl,
            firstName: before.firstName,
            newEmail: row.email,
          });
          await enqueueMail(tx, { ...notice, kind: 'email_changed', to: before.email, language: before.locale });
          return row.email;
        });
        if (!email) throw badRequest('TOKEN_NOT_VALID', 'token');
        wake();
        return { email };
      } catch (error) {
        // Someone registered the address between the request and the confirmation.
        if (isUniqueViolation(error)) throw badRequest('EMAIL_TAKEN', 'token');
        throw error;
      }
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
