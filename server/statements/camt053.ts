import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { decimalStringToGrosze } from '../../contract/money';
import { StatementError, type ParsedStatement, type StatementEntry } from './types';

// CAMT.053 (ISO 20022 BkToCstmrStmt, any version 001.02 … 001.13), read with fast-xml-parser (never with
// regular expressions). Namespaces are dropped, so `camt.053.001.02` and `.08` read the same; what differs
// between versions (Sts as text or Sts/Cd, Dbtr/Nm or Dbtr/Pty/Nm) is handled where it is read.
//
//   Document/BkToCstmrStmt/Stmt[]      Id, Acct/Id/IBAN (or Othr/Id), FrToDt/FrDtTm..ToDtTm
//     Ntry[]                           Amt@Ccy, CdtDbtInd, RvslInd, Sts, BookgDt, ValDt, AcctSvcrRef
//       NtryDtls[]/TxDtls[]            Refs/EndToEndId, Refs/AcctSvcrRef, Amt (batch), RltdPties/Dbtr/Nm,
//                                      RltdPties/DbtrAcct/Id/IBAN, RmtInf/Ustrd[]
// An entry with one TxDtls is one line; a batch entry (several TxDtls) is one line per TxDtls.

type Node = Record<string, unknown>;

const ARRAYS = new Set(['Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Bal']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name) => ARRAYS.has(name),
});

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Follows a path of element names; undefined when any step is missing. */
function at(node: unknown, ...path: string[]): unknown {
  let current: unknown = node;
  for (const step of path) {
    if (!isNode(current)) return undefined;
    current = current[step];
  }
  return current;
}

/** The text of an element (`<X>text</X>` or `<X a="..">text</X>`), or undefined. */
function text(node: unknown, ...path: string[]): string | undefined {
  const value = at(node, ...path);
  if (typeof value === 'string') return value.trim() || undefined;
  if (isNode(value) && typeof value['#text'] === 'string') return value['#text'].trim() || undefined;
  return undefined;
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);

function day(node: unknown, where: string): string | null {
  const value = text(node, 'Dt') ?? text(node, 'DtTm');
  if (value === undefined) return null;
  if (!/^\d{4}-\d{2}-\d{2}/.test(value)) throw new StatementError('STATEMENT_MALFORMED', where, `not a date: ${value}`);
  return value.slice(0, 10);
}

function amountOf(node: unknown, where: string): { amount: number; currency: string } {
  const value = text(node);
  const currency = isNode(node) && typeof node['@_Ccy'] === 'string' ? node['@_Ccy'].trim().toUpperCase() : undefined;
  if (value === undefined) throw new StatementError('STATEMENT_MALFORMED', where, 'missing amount');
  if (!currency || !/^[A-Z]{3}$/.test(currency)) throw new StatementError('STATEMENT_MALFORMED', where, 'missing or wrong Ccy');
  const amount = /^\d+(\.\d{1,2})?$/.test(value) ? decimalStringToGrosze(value) : undefined;
  if (amount === undefined) throw new StatementError('STATEMENT_MALFORMED', where, `not an amount: ${value}`);
  return { amount, currency };
}

export function looksLikeCamt053(content: string): boolean {
  // XML (whatever comes first: a declaration, comments, a DOCTYPE, which the parser then refuses) naming
  // the camt.053 root element.
  return content.trimStart().startsWith('<') && /<([A-Za-z0-9_]+:)?BkToCstmrStmt\b/.test(content);
}

export function parseCamt053(content: string): ParsedStatement {
  // A DOCTYPE has no business in a bank statement (entity expansion, external entities): refuse it.
  const doctype = /<!DOCTYPE/i.exec(content);
  if (doctype) throw new StatementError('STATEMENT_MALFORMED', `line ${lineOf(content, doctype.index)}`, 'DOCTYPE is not allowed');
  const valid = XMLValidator.validate(content);
  if (valid !== true) {
    throw new StatementError('STATEMENT_MALFORMED', `line ${valid.err.line}, column ${valid.err.col}`, valid.err.msg);
  }
  const document = parser.parse(content) as Node;
  const root = at(document, 'Document', 'BkToCstmrStmt');
  if (!isNode(root)) throw new StatementError('STATEMENT_MALFORMED', 'Document/BkToCstmrStmt', 'missing');
  const statements = list(root.Stmt);
  if (statements.length === 0) throw new StatementError('STATEMENT_MALFORMED', 'BkToCstmrStmt/Stmt', 'no statement in the file');

  const entries: StatementEntry[] = [];
  let first: Omit<ParsedStatement, 'entries' | 'format'> | undefined;

  statements.forEach((stmt, s) => {
    const stmtWhere = `Stmt[${s + 1}]`;
    const account = text(stmt, 'Acct', 'Id', 'IBAN') ?? text(stmt, 'Acct', 'Id', 'Othr', 'Id');
    if (!account) throw new StatementError('STATEMENT_MALFORMED', `${stmtWhere}/Acct/Id`, 'missing account (IBAN or Othr/Id)');
    const from = text(stmt, 'FrToDt', 'FrDtTm')?.slice(0, 10) ?? null;
    const to = text(stmt, 'FrToDt', 'ToDtTm')?.slice(0, 10) ?? null;
    first ??= { account: account.replace(/\s+/g, ''), statementId: text(stmt, 'Id') ?? null, periodFrom: from, periodTo: to };

    list(at(stmt, 'Ntry')).forEach((ntry, n) => {
      const where = `${stmtWhere}/Ntry[${n + 1}]`;
      if (!isNode(ntry)) throw new StatementError('STATEMENT_MALFORMED', where, 'empty entry');
      const { amount, currency } = amountOf(ntry.Amt, `${where}/Amt`);
      const direction = text(ntry, 'CdtDbtInd');
      if (direction !== 'CRDT' && direction !== 'DBIT') {
        throw new StatementError('STATEMENT_MALFORMED', `${where}/CdtDbtInd`, `expected CRDT or DBIT, found ${direction ?? 'nothing'}`);
      }
      const status = text(ntry, 'Sts', 'Cd') ?? text(ntry, 'Sts');
      const reversal = text(ntry, 'RvslInd') === 'true';
      const bookingDate = day(ntry.BookgDt, `${where}/BookgDt`);
      const valueDate = day(ntry.ValDt, `${where}/ValDt`);
      const entryRef = text(ntry, 'AcctSvcrRef') ?? null;
      const details = list(ntry.NtryDtls).flatMap((d) => list(at(d, 'TxDtls')));
      const common = {
        account: account.replace(/\s+/g, ''),
        direction: direction as 'CRDT' | 'DBIT',
        currency,
        bookingDate,
        valueDate,
        reversal,
        booked: status === undefined || status === 'BOOK',
      };
      const describe = (tx: unknown) => {
        const title = list(at(tx, 'RmtInf', 'Ustrd'))
          .map((u) => text(u))
          .filter(Boolean)
          .join(' ');
        const endToEnd = text(tx, 'Refs', 'EndToEndId');
        return {
          endToEndId: endToEnd && endToEnd !== 'NOTPROVIDED' ? endToEnd : null,
          title: (title || text(ntry, 'AddtlNtryInf') || '').replace(/\s+/g, ' ').trim(),
          payerName: text(tx, 'RltdPties', 'Dbtr', 'Nm') ?? text(tx, 'RltdPties', 'Dbtr', 'Pty', 'Nm') ?? null,
          payerAccount:
            text(tx, 'RltdPties', 'DbtrAcct', 'Id', 'IBAN') ?? text(tx, 'RltdPties', 'DbtrAcct', 'Id', 'Othr', 'Id') ?? null,
        };
      };

      if (details.length <= 1) {
        entries.push({
          position: entries.length + 1,
          location: where,
          bankReference: entryRef ?? text(details[0], 'Refs', 'AcctSvcrRef') ?? null,
          amount,
          ...common,
          ...describe(details[0]),
        });
        return;
      }
      // A batch entry: each transaction carries its own amount.
      details.forEach((tx, k) => {
        const txWhere = `${where}/NtryDtls/TxDtls[${k + 1}]`;
        const own = at(tx, 'Amt') ?? at(tx, 'AmtDtls', 'TxAmt', 'Amt');
        if (own === undefined) throw new StatementError('STATEMENT_MALFORMED', `${txWhere}/Amt`, 'a batch transaction needs its own amount');
        const parsed = amountOf(own, `${txWhere}/Amt`);
        const txRef = text(tx, 'Refs', 'AcctSvcrRef');
        entries.push({
          position: entries.length + 1,
          location: txWhere,
          bankReference: txRef ?? (entryRef ? `${entryRef}/${k + 1}` : null),
          ...common,
          amount: parsed.amount,
          currency: parsed.currency,
          ...describe(tx),
        });
      });
    });
  });

  return { format: 'camt053', ...first!, entries };
}

function lineOf(content: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) if (content.charCodeAt(i) === 10) line++;
  return line;
}
