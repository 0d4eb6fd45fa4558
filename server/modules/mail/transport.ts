import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';

export interface MailMessage {
  outboxId: number;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  link: string | null;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'file';
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): void;
}

const toNodemailer = (config: Config, message: MailMessage) => ({
  from: config.mailFrom,
  to: message.to,
  subject: message.subject,
  text: message.text,
  ...(message.html ? { html: message.html } : {}),
  headers: { 'X-Outbox-Id': String(message.outboxId), 'X-Mail-Kind': message.kind },
});

/**
 * SMTP_URL set: nodemailer over SMTP (a pooled connection). Unset: the local default that works on a fresh
 * machine: every message is written as an .eml file into MAIL_DIR and one log line names the recipient, the
 * subject and the link.
 */
export function createMailTransport(config: Config, log: FastifyBaseLogger): MailTransport {
  if (config.smtpUrl) {
    const transporter = nodemailer.createTransport({
      url: config.smtpUrl,
      // Fail fast so the row goes back to the outbox for a retry instead of holding its lease.
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    });
    return {
      kind: 'smtp',
      async send(message) {
        const info = await transporter.sendMail(toNodemailer(config, message));
        return { messageId: info.messageId };
      },
      close: () => transporter.close(),
    };
  }

  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'file',
    async send(message) {
      const info = await builder.sendMail(toNodemailer(config, message));
      await mkdir(config.mailDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(config.mailDir, `${stamp}-${message.outboxId}-${message.kind}.eml`);
      await writeFile(file, info.message as Buffer);
      log.info(
        { mail: { to: message.to, subject: message.subject, link: message.link, file } },
        `mail to ${message.to}: "${message.subject}"${message.link ? ` ${message.link}` : ''} (saved to ${file})`,
      );
      return { messageId: info.messageId };
    },
    close: () => builder.close(),
  };
}
