import { createRequire } from 'node:module';
import { describe86 } from './layouts';
import { StatementError, isoDay, type ParsedStatement, type StatementEntry } from './types';

// MT940 (SWIFT customer statement), read with mt940js: it parses the tags (:20: :25: :28C: :60F: :61:
// :86: :62F:), checks the mandatory ones and that opening balance + lines = closing balance. What it leaves
// to us:
// - a line's :86: given more than once (a code line, then the sub-field line, as some Polish banks export
//   it): mt940js files every :86: after the first under the statement, so the lines' details are rebuilt
//   here from the tags, every :86: that follows a :61: joined to it;
// - the inside of :86:, where Polish banks put the title, the payer and the payer's account in numbered
//   sub-fields with a marker of their choosing: read by the table of layouts in layouts.ts.

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

interface Mt940Tag {
  constructor: { ID: number | string };
  fields?: { transactionDetails?: string };
}

interface Mt940Statement {
  transactionReference: string;
  accountIdentification: string;
  number: { statement: string; sequence: string };
  openingBalanceDate: Date | null;
  closingBalanceDate: Date | null;
  currency: string;
  transactions: Mt940Transaction[];
  tags: Mt940Tag[];
}

export function looksLikeMt940(content: string): boolean {
  // A SWIFT block header ({1:...}{2:...}{4:) or a first tag :20: within the first lines.
  const head = content.replace(/^\uFEFF/, '').trimStart().slice(0, 400);
  return /^(\{1:[^}]*\}|:20:)/.test(head) || /(^|\n):20:[^\n]*\n(:21:[^\n]*\n)?:25:/.test(head);
}

/** Every :86: that follows each :61: of a statement (until the next other tag), joined by line breaks. */
function detailsOfLines(statement: Mt940Statement): string[] {
  const details: string[] = [];
  let current: string[] | undefined;
  for (const tag of statement.tags ?? []) {
    const id = tag.constructor.ID;
    if (id === 'NS') continue; // non-SWIFT lines between the tags
    if (id === 61) {
      current = [];
      details.push('');
    } else if (id === 86 && current) {
      current.push(tag.fields?.transactionDetails ?? '');
      details[details.length - 1] = current.join('\n');
    } else {
      current = undefined;
    }
  }
  return details;
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
    statements = new mt940js.Parser({ no86Structure: true }).parse(content, true);
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
    const details = detailsOfLines(statement);
    for (const [i, t] of statement.transactions.entries()) {
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
        ...describe86(details[i] ?? t.details ?? ''),
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
