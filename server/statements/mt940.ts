import { createRequire } from 'node:module';
import { StatementError, isoDay, type ParsedStatement, type StatementEntry } from './types';

// MT940 (SWIFT customer statement), read with mt940js: it parses the tags (:20: :25: :28C: :60F: :61:
// :86: :62F:), checks the mandatory ones and that opening balance + lines = closing balance. What it leaves
// to us is the inside of :86:, where Polish banks put the title, the payer and the payer's account in
// numbered sub-fields with a separator of their choosing:
//   ING, mBank: "020<00Przelew<20ES-7K3M-Q9PX<21zamowienie<27JAN KOWALSKI<28UL. X<38PL61..."
//   Pekao:      "^20...^21...^32..."    PKO BP: "~20...~21...~32..."    DE/NL style: "?20...?32..."
// Title: <20..<25 (and <26), joined as the bank split them (fixed-width chunks, so no space is added);
// payer name: <27 <28 (or <32 <33); payer account: <38 (IBAN), else <30 + <31.

const require = createRequire(import.meta.url);
const mt940js = require('mt940js') as {
  Parser: new (options?: { no86Structure?: boolean }) => { parse(data: string, withTags?: boolean): Mt940Statement[] };
};

interface Mt940Transaction {
  date: Date;
  entryDate: Date | '';
  amount: number;
  isReversal?: boolean;
  reversal?: boolean;
  currency: string;
  details: string;
  transactionType: string;
  reference: string;
  bankReference: string;
}

interface Mt940Statement {
  transactionReference: string;
  accountIdentification: string;
  number: { statement: string; sequence: string };
  openingBalanceDate: Date | null;
  closingBalanceDate: Date | null;
  currency: string;
  transactions: Mt940Transaction[];
}

export function looksLikeMt940(content: string): boolean {
  // A SWIFT block header ({1:...}{2:...}{4:) or a first tag :20: within the first lines.
  const head = content.replace(/^\uFEFF/, '').trimStart().slice(0, 400);
  return /^(\{1:[^}]*\}|:20:)/.test(head) || /(^|\n):20:[^\n]*\n(:21:[^\n]*\n)?:25:/.test(head);
}

const SUBFIELD_SEPARATORS = ['<', '^', '~', '?', '>'];

/** Splits a Polish (or German-style) structured :86: into sub-fields, or undefined when it is free text. */
export function subfields86(details: string): Map<string, string> | undefined {
  const flat = details.replace(/\r?\n/g, '');
  for (const sep of SUBFIELD_SEPARATORS) {
    const escaped = sep.replace(/[\^?]/g, '\\$&');
    const marker = new RegExp(`${escaped}(\\d{2})`, 'g');
    const found = [...flat.matchAll(marker)];
    // At least two sub-fields, the first one near the start (after an optional 3-digit transaction code).
    if (found.length < 2 || (found[0].index ?? 0) > 4) continue;
    const fields = new Map<string, string>();
    found.forEach((match, i) => {
      const start = (match.index ?? 0) + match[0].length;
      const end = i + 1 < found.length ? found[i + 1].index : flat.length;
      const code = match[1];
      fields.set(code, (fields.get(code) ?? '') + flat.slice(start, end));
    });
    return fields;
  }
  return undefined;
}

function describe86(details: string): { title: string; payerName: string | null; payerAccount: string | null } {
  const fields = subfields86(details);
  if (!fields) return { title: details.replace(/\s+/g, ' ').trim(), payerName: null, payerAccount: null };
  const join = (codes: string[], sep: string) =>
    codes
      .map((c) => fields.get(c))
      .filter((v): v is string => !!v && v.trim() !== '')
      .join(sep)
      .replace(/\s+/g, ' ')
      .trim();
  const title = join(['20', '21', '22', '23', '24', '25', '26'], '');
  const payerName = join(['27', '28'], '') || join(['32', '33'], '') || null;
  const iban = (fields.get('38') ?? '').replace(/\s+/g, '');
  const domestic = `${fields.get('30') ?? ''}${fields.get('31') ?? ''}`.replace(/\s+/g, '');
  return { title, payerName, payerAccount: iban || domestic || null };
}

/** mt940js names the tag at fault; find its line so the operator can open the file there. */
function locate(content: string, message: string): string {
  const lines = content.split(/\r?\n/);
  const bad = /^Cannot parse tag (\w+): ([^\n]*)/.exec(message);
  if (bad) {
    const index = lines.findIndex((l) => l.startsWith(`:${bad[1]}`) && l.includes(bad[2].slice(0, 20)));
    if (index >= 0) return `line ${index + 1} (:${bad[1]}:)`;
    return `:${bad[1]}:`;
  }
  const unknown = /^Unknown tag (\w+)/.exec(message);
  if (unknown) {
    const index = lines.findIndex((l) => l.startsWith(`:${unknown[1]}:`));
    return index >= 0 ? `line ${index + 1} (:${unknown[1]}:)` : `:${unknown[1]}:`;
  }
  const missing = /^Mandatory tag (\w+) is missing in group (\d+)/.exec(message);
  // mt940js numbers its statement groups from 1.
  if (missing) return `statement ${Number(missing[2])}: :${missing[1]}:`;
  const sum = /in group (\d+)/.exec(message);
  if (sum) {
    const closings = lines.map((l, i) => (/^:62[FM]:/.test(l) ? i + 1 : 0)).filter(Boolean);
    const line = closings[Number(sum[1]) - 1];
    return line ? `line ${line} (:62F:)` : `statement ${Number(sum[1])}`;
  }
  const amount = /^(Amount cannot be parsed|Wrong debit\/credit mark|Wrong reversal mark)/.exec(message);
  if (amount) return ':61:';
  return 'file';
}

export function parseMt940(raw: string): ParsedStatement {
  const content = raw.replace(/^\uFEFF/, '');
  let statements: Mt940Statement[];
  try {
    statements = new mt940js.Parser({ no86Structure: true }).parse(content);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new StatementError('STATEMENT_MALFORMED', locate(content, message), message);
  }
  if (statements.length === 0) throw new StatementError('STATEMENT_MALFORMED', 'line 1', 'no :20: statement found');

  // The line of every :61: in order, so an entry can say where it is.
  const rawLines = content.split(/\r?\n/);
  const lineNumbers: number[] = [];
  rawLines.forEach((l, i) => {
    if (l.startsWith(':61:')) lineNumbers.push(i + 1);
  });

  const entries: StatementEntry[] = [];
  for (const statement of statements) {
    const account = statement.accountIdentification.replace(/^\//, '').replace(/\s+/g, '');
    for (const t of statement.transactions) {
      const location = `line ${lineNumbers[entries.length] ?? '?'}`;
      const cents = Math.round(Math.abs(t.amount) * 100);
      if (!Number.isSafeInteger(cents) || cents <= 0) {
        throw new StatementError('STATEMENT_MALFORMED', `${location} (:61:)`, `amount ${t.amount} is not valid`);
      }
      const reference = t.reference?.trim();
      entries.push({
        position: entries.length + 1,
        location,
        account,
        bankReference: t.bankReference?.trim() || null,
        endToEndId: reference && reference.toUpperCase() !== 'NONREF' ? reference : null,
        direction: t.amount >= 0 ? 'CRDT' : 'DBIT',
        amount: cents,
        currency: (t.currency || statement.currency || '').toUpperCase(),
        bookingDate: t.entryDate instanceof Date ? isoDay(t.entryDate) : isoDay(t.date),
        valueDate: isoDay(t.date),
        reversal: Boolean(t.isReversal ?? t.reversal),
        booked: true,
        ...describe86(t.details ?? ''),
      });
    }
  }
  const first = statements[0];
  return {
    format: 'mt940',
    account: first.accountIdentification.replace(/^\//, '').replace(/\s+/g, ''),
    statementId: [first.transactionReference, first.number?.statement].filter(Boolean).join(' / ') || null,
    periodFrom: first.openingBalanceDate ? isoDay(first.openingBalanceDate) : null,
    periodTo: statements.at(-1)?.closingBalanceDate ? isoDay(statements.at(-1)!.closingBalanceDate!) : null,
    entries,
  };
}
