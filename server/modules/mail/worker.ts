import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config, Language } from '../../config';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema-accounts';
import { contactMessages, contactNotifications } from '../../db/schema-content';
import { createPeriodicWorker, type PassOutcome, type PeriodicWorker } from '../../lib/periodic-worker';
import { activeOperators, findUserByEmail } from '../accounts/users-repository';
import { enqueueMail } from './outbox';
import { renderContactNotification } from './templates';
import type { MailTransport } from './transport';

// Sends the outbox. Every node may run it: a batch of due rows is CLAIMED in one statement
// (SELECT ... FOR UPDATE SKIP LOCKED inside an UPDATE that sets a lease, `locked_until`), so two nodes never
// take the same row; the row is then sent outside any transaction and marked sent, or put back with an
// exponential backoff and the error. A node that dies mid-send leaves a lease that expires, and another node
// retries the row (at-least-once; the lease is far longer than the SMTP timeouts).

const BATCH = 10;
const LEASE_SECONDS = 120;
const MAX_BACKOFF_SECONDS = 3600;

export interface RunResult {
  sent: number;
  failed: number;
}

export interface MailWorker {
  /** Sends everything due now (tests and the poll loop). */
  runOnce(): Promise<RunResult>;
  /** Something was just enqueued: run soon instead of waiting for the next poll. */
  wake(): void;
  /** The periodic loop (its status: last success, failures in a row). */
  loop: PeriodicWorker;
  start(): void;
  stop(): Promise<void>;
}

export function backoffSeconds(attempts: number, baseSeconds: number): number {
  return Math.min(MAX_BACKOFF_SECONDS, baseSeconds * 2 ** Math.max(0, attempts - 1));
}

export interface MailWorkerOptions {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  transport: MailTransport;
  /** After each pass of the loop, failed or not (metrics: worker passes). */
  onLoopPass?: (outcome: PassOutcome) => void;
}

export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, config, log, transport } = options;
  let running: Promise<RunResult> | undefined;
  let stopped = false;

  async function claim() {
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.status, 'pending'),
          lte(mailOutbox.nextAttemptAt, sql`now()`),
          or(isNull(mailOutbox.lockedUntil), lt(mailOutbox.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(mailOutbox.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return db
      .update(mailOutbox)
      .set({
        lockedUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
        attempts: sql`${mailOutbox.attempts} + 1`,
      })
      .where(inArray(mailOutbox.id, due))
      .returning();
  }

  /**
   * Contact-form notifications (the content API's `contact_notifications`, written in the same transaction as
   * the message): each unsent row becomes outbox mail to the operators, in their language, and is marked
   * `sent_at` (handed over to the outbox) in the same transaction, so it is neither lost nor sent twice.
   */
  async function takeContactNotifications(): Promise<number> {
    return db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: contactNotifications.id, recipient: contactNotifications.recipient, messageId: contactNotifications.messageId })
        .from(contactNotifications)
        .where(and(isNull(contactNotifications.sentAt), lt(contactNotifications.attempts, config.mailMaxAttempts)))
        .orderBy(asc(contactNotifications.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (!rows.length) return 0;

      let operators: { email: string; locale: Language }[] | undefined;
      let handed = 0;
      for (const row of rows) {
        const [message] = await tx.select().from(contactMessages).where(eq(contactMessages.id, row.messageId));
        let recipients: { email: string; locale: Language }[];
        if (row.recipient) {
          // The content API names each operator; mail them in their stored language.
          const account = await findUserByEmail(tx, row.recipient);
          recipients = [{ email: row.recipient, locale: account?.locale ?? config.defaultLanguage }];
        }
        else if (config.contactNotifyTo) recipients = [{ email: config.contactNotifyTo, locale: config.defaultLanguage }];
        else {
          operators ??= await activeOperators(tx);
          recipients = operators;
        }
        if (!message || !recipients.length) {
          log.warn({ contactNotification: row.id }, 'contact notification has no recipient (set CONTACT_NOTIFY_TO)');
          await tx
            .update(contactNotifications)
            .set({ attempts: sql`${contactNotifications.attempts} + 1` })
            .where(eq(contactNotifications.id, row.id));
          continue;
        }
        for (const recipient of recipients) {
          const rendered = renderContactNotification({
            language: recipient.locale,
            publicUrl: config.publicUrl,
            fullName: message.fullName,
            email: message.email,
            phoneNumber: message.phoneNumber,
            message: message.message,
            receivedAt: message.createdAt,
          });
          await enqueueMail(tx, { ...rendered, kind: 'contact_notification', to: recipient.email, language: recipient.locale });
        }
        await tx
          .update(contactNotifications)
          .set({ sentAt: sql`now()`, attempts: sql`${contactNotifications.attempts} + 1` })
          .where(eq(contactNotifications.id, row.id));
        handed += 1;
      }
      return handed;
    });
  }

  async function sendOne(row: typeof mailOutbox.$inferSelect): Promise<boolean> {
    try {
      const { messageId } = await transport.send({
        outboxId: row.id,
        kind: row.kind,
        to: row.recipient,
        subject: row.subject,
        text: row.textBody ?? '',
        html: row.htmlBody,
        link: row.link,
      });
      // The bodies carry one-time links: once delivered they are not kept.
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: sql`now()`, lockedUntil: null, lastError: null, messageId, textBody: null, htmlBody: null, link: null })
        .where(eq(mailOutbox.id, row.id));
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = row.attempts >= config.mailMaxAttempts;
      const delay = backoffSeconds(row.attempts, config.mailRetryBaseSeconds);
      await db
        .update(mailOutbox)
        .set({
          status: giveUp ? 'failed' : 'pending',
          lockedUntil: null,
          lastError: message.slice(0, 1000),
          nextAttemptAt: sql`now() + make_interval(secs => ${delay})`,
        })
        .where(eq(mailOutbox.id, row.id));
      log.warn({ outboxId: row.id, attempts: row.attempts, giveUp, err: message }, giveUp ? 'mail failed, giving up' : 'mail failed, will retry');
      return false;
    }
  }

  async function run(): Promise<RunResult> {
    const result: RunResult = { sent: 0, failed: 0 };
    await takeContactNotifications();
    for (;;) {
      const claimed = await claim();
      for (const row of claimed) {
        if (await sendOne(row)) result.sent += 1;
        else result.failed += 1;
      }
      // A stop (shutdown) ends the pass after the batch in hand; the rest waits for the next pass, on any node.
      if (claimed.length < BATCH || stopped) break;
    }
    return result;
  }

  function runOnce(): Promise<RunResult> {
    if (running) {
      // One run at a time per process; a caller asking meanwhile gets a run that starts after it.
      return running.catch(() => undefined).then(() => runOnce());
    }
    running = run().finally(() => {
      running = undefined;
    });
    return running;
  }

  // The shared loop: every MAIL_POLL_INTERVAL_MS (sooner when woken), and after a failure (database away) a
  // growing wait; it resumes by itself.
  const loop = createPeriodicWorker({
    name: 'mail-outbox',
    intervalMs: config.mailPollIntervalMs,
    pass: () => runOnce(),
    log,
    backoff: config.workerBackoff,
    onPass: options.onLoopPass,
  });

  return {
    runOnce,
    loop,
    wake() {
      loop.wake();
    },
    start() {
      stopped = false;
      loop.start();
    },
    async stop() {
      stopped = true;
      await loop.stop();
      try {
        await running;
      } catch {
        // a failed pass is logged by the loop
      }
      transport.close();
    },
  };
}
