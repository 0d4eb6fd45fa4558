import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// A real SMTP server in the test process (smtp-server on a random localhost port). The app under test sends
// to it through nodemailer with SMTP_URL=smtp://127.0.0.1:<port>; tests wait for a message and read it.

export interface ReceivedMail {
  from: string;
  to: string[];
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface TestSmtp {
  url: string;
  messages: ReceivedMail[];
  /** While set, every message is refused (550) so the sender has to retry later. */
  failing: boolean;
  /** Waits for a message to `to` that matches, received after the `since` count (default: any). */
  waitFor(to: string, options?: { match?: (mail: ReceivedMail) => boolean; timeoutMs?: number; since?: number }): Promise<ReceivedMail>;
  to(address: string): ReceivedMail[];
  close(): Promise<void>;
}

// ---------- a small MIME reader (enough for nodemailer's output) ----------

function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=\s*/g, (_m, _charset, enc: string, data: string) => {
    if (enc.toUpperCase() === 'B') return Buffer.from(data, 'base64').toString('utf8');
    const bytes = data.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  });
}

function splitPart(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(body: string, encoding = ''): string {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable': {
      const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    default:
      return body;
  }
}

function collect(raw: string, out: { text: string; html: string }) {
  const { headers, body } = splitPart(raw);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      collect(part.replace(/^\r?\n/, ''), out);
    }
    return;
  }
  const decoded = decodeBody(body, headers['content-transfer-encoding']);
  if (/^text\/html/i.test(type)) out.html += decoded;
  else if (/^text\/plain/i.test(type)) out.text += decoded;
}

export function parseMail(raw: string, envelope: { from: string; to: string[] }): ReceivedMail {
  const { headers } = splitPart(raw);
  const out = { text: '', html: '' };
  collect(raw, out);
  return { ...envelope, headers, subject: decodeWords(headers.subject ?? ''), text: out.text, html: out.html, raw };
}

// ---------- the server ----------

export async function startTestSmtp(): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const state: TestSmtp = {
    url: '',
    messages,
    failing: false,
    to: (address) => messages.filter((m) => m.to.includes(address.toLowerCase())),
    async waitFor(to, { match = () => true, timeoutMs = 10_000, since = 0 } = {}) {
      const find = () => messages.slice(since).find((m) => m.to.includes(to.toLowerCase()) && match(m));
      const found = find();
      if (found) return found;
      return new Promise<ReceivedMail>((resolve, reject) => {
        const check = () => {
          const mail = find();
          if (mail) {
            clearTimeout(timer);
            waiters.delete(check);
            resolve(mail);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms (got ${messages.map((m) => m.to.join(',')).join('; ') || 'none'})`));
        }, timeoutMs);
        waiters.add(check);
      });
    },
    close: async () => {},
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (state.failing) {
        const error = new Error('Mailbox unavailable (test)') as Error & { responseCode: number };
        error.responseCode = 550;
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        };
        messages.push(parseMail(raw, envelope));
        for (const waiter of [...waiters]) waiter();
        callback();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  state.url = `smtp://127.0.0.1:${port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

/** The token at the end of the first link to `/{lang}/{path}/` in a message's text. */
export function tokenFrom(mail: ReceivedMail, pathPattern: RegExp): string {
  const match = new RegExp(`https?://[^\\s/]+/(pl|en)/${pathPattern.source}/([A-Za-z0-9_%-]+)`).exec(mail.text);
  if (!match) throw new Error(`no link matching ${pathPattern} in:\n${mail.text}`);
  return decodeURIComponent(match[2]);
}
