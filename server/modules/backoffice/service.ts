import type { Db } from '../../db/client';
import { apiError, notFound } from '../../lib/errors';
import { createAccountToken } from '../accounts/account-tokens';
import { enqueueMail } from '../mail/outbox';
import { renderTokenMail } from '../mail/templates';
import { writeAudit, type Operator } from './audit';
import { findUserById } from '../accounts/users-repository';

// The back office's writes that belong to no other capability.

/**
 * Sends an inactive investor a new activation link: the same link and e-mail as the investor's own "resend
 * activation" (accounts), written to the outbox with the audit row in one transaction. The caller wakes the mail
 * worker after it returns.
 */
export async function resendActivation(
  db: Db,
  operator: Operator,
  investorId: string,
  config: { activationTokenTtl: number; publicUrl: string },
): Promise<void> {
  const user = await findUserById(db, investorId);
  if (user?.role !== 'investor') throw notFound('id');
  if (user.isActive) throw apiError(409, 'ACCOUNT_ALREADY_ACTIVE', 'id');
  await db.transaction(async (tx) => {
    const token = await createAccountToken(tx, { userId: user.id, purpose: 'activation', ttlSeconds: config.activationTokenTtl });
    const rendered = renderTokenMail({ kind: 'activation', language: user.locale, publicUrl: config.publicUrl, token, firstName: user.firstName, ttlSeconds: config.activationTokenTtl });
    await enqueueMail(tx, { ...rendered, kind: 'activation', to: user.email, language: user.locale });
    await writeAudit(tx, operator, { action: 'investor.activationResent', entityType: 'investor', entityId: user.id, after: { email: user.email } });
  });
}
