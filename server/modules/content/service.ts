import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Language } from '../../config';
import type { Db } from '../../db/client';
import { siteSettings } from '../../db/schema';
import { contactMessages, contactNotifications } from '../../db/schema-content';
import { tooManyTries } from '../../lib/errors';
import { writeAudit, type Operator } from '../backoffice/audit';
import { activeOperators } from '../accounts/users-repository';
import { bumpContentVersion, type SiteSettingsRow } from './repository';

// Content's writes: a contact-form message with its operator notifications, and the operator's site settings.

export const CONTACT_LIMIT = 5;
export const CONTACT_WINDOW_SECONDS = 60;
// pg_advisory_xact_lock(class, key): a class number no other feature uses, the key hashed from the IP.
const CONTACT_LOCK_CLASS = 724_311_902;

export interface ContactMessage {
  fullName: string;
  email: string;
  phoneNumber: string;
  phoneCountry: string;
  message: string;
  language: Language;
  /** The agreements as answered, with the text the sender was shown. */
  agreements: { id: number; isAccepted: boolean; content: string }[];
  ip: string;
}

/**
 * Stores a contact-form message and one notification per active operator, in one transaction; 429
 * TOO_MANY_TRIES past CONTACT_LIMIT messages from the IP within CONTACT_WINDOW_SECONDS.
 */
export async function submitContactMessage(db: Db, input: ContactMessage): Promise<void> {
  await db.transaction(async (tx) => {
    // Light rate limit per client IP, counted in the database so it holds across server processes; the
    // lock makes parallel submissions from one IP count one after another.
    await tx.execute(sql`select pg_advisory_xact_lock(${CONTACT_LOCK_CLASS}, hashtext(${input.ip}))`);
    const [{ recent }] = await tx
      .select({ recent: count() })
      .from(contactMessages)
      .where(
        and(
          eq(contactMessages.ip, input.ip),
          gt(contactMessages.createdAt, sql`now() - make_interval(secs => ${CONTACT_WINDOW_SECONDS})`),
        ),
      );
    if (recent >= CONTACT_LIMIT) throw tooManyTries(CONTACT_WINDOW_SECONDS);

    const [message] = await tx
      .insert(contactMessages)
      .values({
        fullName: input.fullName,
        email: input.email.toLowerCase(),
        phoneNumber: input.phoneNumber,
        phoneCountry: input.phoneCountry,
        message: input.message,
        language: input.language,
        agreements: input.agreements,
        ip: input.ip,
      })
      .returning({ id: contactMessages.id });

    // The operator notification: one outbox row per active operator (one without a recipient when
    // there is none, so nothing is lost); the mail worker delivers them.
    const operators = await activeOperators(tx);
    const subject = `Contact form: ${input.fullName} <${input.email}>`;
    const text = [
      `From: ${input.fullName} <${input.email}>`,
      `Phone: ${input.phoneNumber || '-'} (${input.phoneCountry})`,
      `Language: ${input.language}`,
      '',
      input.message,
    ].join('\n');
    const recipients = operators.length ? operators.map((o) => o.email) : [null];
    await tx
      .insert(contactNotifications)
      .values(recipients.map((recipient) => ({ messageId: message.id, recipient, subject, body: text })));
  });
}

/**
 * Changes the site settings named in `patch`, with the audit row (the changed fields before and after) and a new
 * content version in the same transaction: the splash screen is cached public content, and the maintenance flags
 * are read with the version.
 */
export async function updateSiteSettings<P extends Partial<SiteSettingsRow>>(
  db: Db,
  operator: Operator,
  patch: P,
  before: Record<keyof P, unknown>,
  reason: string | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(siteSettings).set(patch).where(eq(siteSettings.id, 1));
    await writeAudit(tx, operator, {
      action: 'siteSettings.updated',
      entityType: 'siteSettings',
      entityId: 1,
      reason,
      before: Object.fromEntries(Object.keys(patch).map((k) => [k, before[k as keyof P]])),
      after: patch,
    });
    await bumpContentVersion(tx);
  });
}
