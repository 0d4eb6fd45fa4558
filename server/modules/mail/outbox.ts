import type { Language } from '../../config';
import type { Executor } from '../../db/client';
import { mailOutbox, type MailKind } from '../../db/schema-accounts';
import type { RenderedMail } from './templates';

export type { Executor, Tx } from '../../db/client';

export interface OutgoingMail extends RenderedMail {
  kind: MailKind;
  to: string;
  language: Language;
}

/**
 * Puts a message into the outbox. Call it with the transaction of the change that causes the message: the
 * message exists exactly when the change is committed, so a crash or an SMTP outage never loses it.
 */
export async function enqueueMail(tx: Executor, mail: OutgoingMail): Promise<number> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      kind: mail.kind,
      recipient: mail.to,
      language: mail.language,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      link: mail.link ?? null,
    })
    .returning({ id: mailOutbox.id });
  return row.id;
}
