import { XMLParser } from 'fast-xml-parser';
import { SaxesParser } from 'saxes';
import { decimalStringToGrosze } from '../../../contract/money';
import { camtLayoutFor, type CamtLayout, type Path } from './layouts';
import { StatementError, type ParsedStatement, type StatementEntry } from './types';

// CAMT.053 (ISO 20022 BkToCstmrStmt, any version 001.02 … 001.13), read with fast-xml-parser (never with
// regular expressions). Namespace prefixes are dropped from element names; the Document's namespace picks the
// layout (layouts.ts), which says where each version keeps the status, the payer and the remittance
// information (Ustrd and Strd: the creditor reference, referred document numbers, additional text).
//
//   Document/BkToCstmrStmt/Stmt[]      Id, Acct/Id/IBAN (or Othr/Id), FrToDt/FrDtTm..ToDtTm
//     Ntry[]                           Amt@Ccy, CdtDbtInd, RvslInd, Sts, BookgDt, ValDt, AcctSvcrRef
//       NtryDtls[]/TxDtls[]            Refs/EndToEndId, Refs/AcctSvcrRef, Amt (batch), RltdPties, RmtInf
// An entry with one TxDtls is one line; a batch entry (several TxDtls) is one line per TxDtls.
//
// Before the tree is built, one streaming pass of saxes (a conforming XML parser) checks the file is
// well-formed and refuses, where it meets them, what has no place in a statement: a DOCTYPE (and with it any
// entity declaration, so no expansion and no external entity), nesting deeper than MAX_DEPTH, an element with
// more than MAX_ATTRIBUTES attributes. It stops at the first of them, so a hostile file costs a few
// milliseconds, and a 100,000-deep document never reaches the tree builder (whose own maxNestedTags is a second
// bound). Every refusal is STATEMENT_MALFORMED naming the line and column.

type Node = Record<string, unknown>;

/** The deepest element of camt.053.001.08 sits 15 levels down; anything far deeper is not a statement. */
export const MAX_DEPTH = 64;
/** Statement elements carry one attribute (Ccy) or a few namespace declarations. */
export const MAX_ATTRIBUTES = 32;

const ARRAYS = new Set(['Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd', 'RfrdDocInf', 'AddtlRmtInf', 'Bal']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // Namespace prefixes are dropped from element names here (not with removeNSPrefix, which would also drop
  // the xmlns declarations that tell the version).
  transformTagName: (name) => name.slice(name.indexOf(':') + 1),
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  // Character references (&#321; is Ł) are decoded too; named entities beyond XML's five never get here (the
  // check refuses them), so this decodes nothing else.
  htmlEntities: true,
  maxNestedTags: MAX_DEPTH,
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

/** Every text at the end of a path, a step holding several elements reading all of them, in document order. */
function texts(node: unknown, path: Path): string[] {
  let current: unknown[] = [node];
  for (const step of path) current = current.flatMap((n) => (isNode(n) ? list(n[step]) : []));
  return current.map((n) => text(n)).filter((t): t is string => t !== undefined);
}

/** The first path (of the layout's alternatives) that has a text. */
const firstOf = (node: unknown, paths: readonly Path[]) => {
  for (const path of paths) {
    const found = texts(node, path)[0];
    if (found !== undefined) return found;
  }
  return undefined;
};

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

/** The Document's namespace (its default one, or the one its prefix is declared with). */
function namespaceOf(document: Node): string {
  const element = document.Document;
  if (!isNode(element)) return '';
  const declarations = Object.entries(element).filter(([key, value]) => /^@_xmlns(:|$)/.test(key) && typeof value === 'string');
  const camt = declarations.find(([, value]) => /camt\.053\./.test(value as string));
  return ((camt ?? declarations.find(([key]) => key === '@_xmlns'))?.[1] as string | undefined) ?? '';
}

/** Well-formed, no DOCTYPE, bounded depth and attributes: or STATEMENT_MALFORMED at the place. */
function checkShape(content: string): void {
  const sax = new SaxesParser({ position: true });
  let depth = 0;
  let attributes = 0;
  const refuse = (detail: string): never => {
    throw new StatementError('STATEMENT_MALFORMED', `line ${sax.line}, column ${sax.column}`, detail);
  };
  // A DOCTYPE has no business in a bank statement (entity expansion, external entities).
  sax.on('doctype', () => refuse('DOCTYPE is not allowed'));
  sax.on('opentagstart', () => {
    attributes = 0;
    depth += 1;
    if (depth > MAX_DEPTH) refuse(`elements nested deeper than ${MAX_DEPTH} levels`);
  });
  sax.on('attribute', () => {
    attributes += 1;
    if (attributes > MAX_ATTRIBUTES) refuse(`an element with more than ${MAX_ATTRIBUTES} attributes`);
  });
  sax.on('closetag', () => {
    depth -= 1;
  });
  sax.on('error', (error) => refuse(error.message.replace(/^(?:[^:]*:)?\d+:\d+:\s*/, '')));
  sax.write(content).close();
}

function parseDocument(content: string): Node {
  checkShape(content);
  try {
    return parser.parse(content) as Node;
  } catch (error) {
    // Anything the tree builder refuses after the check passed: the file is at fault, not the server.
    throw new StatementError('STATEMENT_MALFORMED', 'file', error instanceof Error ? error.message : String(error));
  }
}

export function parseCamt053(content: string): ParsedStatement {
  const document = parseDocument(content);
  const layout: CamtLayout = camtLayoutFor(namespaceOf(document));
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
      const status = firstOf(ntry, layout.status);
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
        layout: layout.name,
      };
      const describe = (tx: unknown) => {
        const title = layout.title.flatMap((path) => texts(tx, path)).join(' ');
        const endToEnd = text(tx, 'Refs', 'EndToEndId');
        return {
          endToEndId: endToEnd && endToEnd !== 'NOTPROVIDED' ? endToEnd : null,
          title: (title || firstOf(tx, layout.titleFallback.tx) || firstOf(ntry, layout.titleFallback.entry) || '').replace(/\s+/g, ' ').trim(),
          payerName: firstOf(tx, layout.payerName) ?? null,
          payerAccount: firstOf(tx, layout.payerAccount)?.replace(/\s+/g, '') ?? null,
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
