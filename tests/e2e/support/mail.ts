// Reads the mail the e2e server sends. With no SMTP_URL the server writes every message as an .eml file
// into MAIL_DIR (scripts/e2e-server.mjs sets it to <E2E_DATA_DIR>/mail); this waits for a message to an
// address and pulls its links out of the (quoted-printable or base64) text. The storyboard (scripts/storyboard)
// runs a server of its own and passes that server's mail folder (`dir`).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { E2E_DATA_DIR } from './env';

export const MAIL_DIR = process.env.E2E_MAIL_DIR || path.join(E2E_DATA_DIR, 'mail');

export interface Mail {
  file: string;
  to: string;
  subject: string;
  /** X-Mail-Kind: activation, reset, email-change, ... */
  kind: string;
  text: string;
  links: string[];
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const soft = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i];
    if (c === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeHeader(value: string): string {
  // =?UTF-8?Q?...?= / =?UTF-8?B?...?=
  return value.replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body };
}

/** The decoded text of every text/* part. */
function textOf(headers: Record<string, string>, body: string): string {
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .map((part) => {
        const p = splitHeaders(part.replace(/^\r?\n/, ''));
        return textOf(p.headers, p.body);
      })
      .join('\n');
  }
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

export function parseMail(file: string): Mail {
  const raw = readFileSync(file, 'utf8');
  const { headers, body } = splitHeaders(raw);
  const text = textOf(headers, body);
  const links = [...new Set([...text.matchAll(/https?:\/\/[^\s"'<>)]+/g)].map((m) => m[0].replace(/&amp;/g, '&')))];
  return {
    file,
    to: decodeHeader(headers.to ?? ''),
    subject: decodeHeader(headers.subject ?? ''),
    kind: headers['x-mail-kind'] ?? '',
    text,
    links,
  };
}

/** Links a mail leads to: activating an account, setting a new password (either language). */
export const ACTIVATION_LINK = /\/(activate|aktywuj)\//;
export const RESET_LINK = /\/(reset-password|resetuj-haslo)\//;

/** Every message in the mail folder (`dir`: the e2e server's unless given), oldest first. */
export function listMail(dir = MAIL_DIR): Mail[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => parseMail(path.join(dir, f)));
}

/**
 * Waits for a message to `to` (case-insensitive) that matches `kind` / `link`, and is not one of `seen`
 * (the files of earlier messages, so a second reset mail is told from the first).
 */
export async function waitForMail(
  to: string,
  options: { kind?: string; link?: RegExp; seen?: string[]; timeout?: number; dir?: string } = {},
): Promise<Mail> {
  const deadline = Date.now() + (options.timeout ?? 20_000);
  const wanted = to.toLowerCase();
  const dir = options.dir ?? MAIL_DIR;
  for (;;) {
    const found = listMail(dir).find(
      (m) =>
        m.to.toLowerCase().includes(wanted) &&
        !(options.seen ?? []).includes(m.file) &&
        (!options.kind || m.kind === options.kind) &&
        (!options.link || m.links.some((l) => options.link!.test(l))),
    );
    if (found) return found;
    if (Date.now() > deadline) {
      const seen = listMail(dir).map((m) => `${m.to} [${m.kind}] ${m.subject}`);
      throw new Error(`no mail to ${to} in ${dir} after ${options.timeout ?? 20_000} ms; there are: ${seen.join('; ') || 'none'}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The path (with search) of the first link of `mail` matching `pattern`, to open on the e2e server. */
export function linkPath(mail: Mail, pattern: RegExp): string {
  const link = mail.links.find((l) => pattern.test(l));
  if (!link) throw new Error(`no link matching ${pattern} in mail "${mail.subject}": ${mail.links.join(', ')}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
