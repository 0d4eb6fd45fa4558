import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';
import { describe, expect, it } from 'vitest';
import { findReferences, formatReference, generateReference } from '../../server/modules/orders/reference';
import { MAX_ATTRIBUTES, MAX_DEPTH, parseCamt053 } from '../../server/modules/statements/camt053';
import { CAMT_LAYOUTS, MT940_LAYOUTS, describe86 } from '../../server/modules/statements/layouts';
import { parseMt940 } from '../../server/modules/statements/mt940';
import { decodeStatement, parseStatement } from '../../server/modules/statements/parse';
import { StatementError } from '../../server/modules/statements/types';
import { camt053, mt940Pko, PLATFORM_IBAN, STATEMENT_FIXTURES, type FixtureStatement } from '../support/statements';

// The table of statement layouts (server/modules/statements/layouts.ts) against a fixture per layout
// (tests/support/statements.ts): each is recognised as its own layout and read (title with the reference,
// payer, account, amounts); each CAMT fixture validates against its official ISO 20022 schema; every row of the
// table has a fixture. Hostile XML is refused as STATEMENT_MALFORMED. The same fixtures go through the whole
// import on both databases in operator-statements.test.ts.

/** The official ISO 20022 schemas, kept in the repository (tests/support/xsd) so a clone anywhere can run this. */
const schemaDir = (): string => fileURLToPath(new URL('../support/xsd/', import.meta.url));

const statementFor = (reference: string, id: string): FixtureStatement => ({
  id,
  lines: [
    { ref: `${id}-1`, amount: 123_456, title: `Zakup udzialow ${formatReference(reference)} dziekuje`, payerName: 'Anna Nowak-Wisniewska' },
    { ref: `${id}-2`, amount: 2_500, direction: 'DBIT', title: 'Oplata miesieczna', payerName: 'Bank' },
  ],
});

describe('statement layouts: a fixture per layout', () => {
  for (const fixture of STATEMENT_FIXTURES) {
    it(`${fixture.name}: read as ${fixture.layout}, the reference found in the title`, () => {
      const reference = generateReference();
      const statement = statementFor(reference, `L${STATEMENT_FIXTURES.indexOf(fixture)}`);
      const parsed = parseStatement(decodeStatement(new TextEncoder().encode(fixture.build(statement))));
      expect(parsed.format).toBe(fixture.format);
      expect(parsed.account.replace(/^PL/, '')).toBe(PLATFORM_IBAN.slice(2));
      expect(parsed.entries).toHaveLength(2);
      const [credit, debit] = parsed.entries;
      for (const entry of parsed.entries) expect(entry.layout).toBe(fixture.layout);
      expect(findReferences(credit.title)).toEqual([reference]);
      expect(credit).toMatchObject({ direction: 'CRDT', amount: 123_456, currency: 'PLN', bankReference: `${statement.id}-1`, reversal: false, booked: true });
      expect(credit.payerName).toBe(fixture.payerName(statement.lines[0]));
      expect(debit).toMatchObject({ direction: 'DBIT', amount: 2_500 });
      expect(findReferences(debit.title)).toEqual([]);
    });
  }

  it('every row of the table has a fixture (the generic camt.053 row: below)', () => {
    const covered = new Set(STATEMENT_FIXTURES.map((f) => f.layout));
    for (const layout of [...CAMT_LAYOUTS.slice(0, -1), ...MT940_LAYOUTS]) expect(covered, layout.name).toContain(layout.name);
    for (const layout of CAMT_LAYOUTS.filter((l) => l.schema)) {
      expect(STATEMENT_FIXTURES.filter((f) => f.layout === layout.name).every((f) => f.schema === layout.schema)).toBe(true);
    }
  });

  it('another camt.053 version, and a namespace-prefixed document, are read by the generic row', () => {
    const reference = generateReference();
    const v02 = camt053(statementFor(reference, 'V04'));
    const v04 = parseCamt053(v02.replace('camt.053.001.02', 'camt.053.001.04'));
    expect(v04.entries[0]).toMatchObject({ layout: 'camt.053 (other versions)', payerName: 'Anna Nowak-Wisniewska' });
    expect(findReferences(v04.entries[0].title)).toEqual([reference]);
    // <ns2:Document xmlns:ns2="…camt.053.001.08"> with every element prefixed, as JAXB writes it.
    const v08 = camt053(statementFor(reference, 'NS2'), { version: '08' });
    const prefixed = v08
      .replace(/<(\/?)([A-Z][A-Za-z]*)([ >])/g, '<$1ns2:$2$3')
      .replace('xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"', 'xmlns:ns2="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"');
    expect(prefixed).toContain('<ns2:BkToCstmrStmt>');
    const read = parseCamt053(prefixed);
    expect(read.entries[0]).toMatchObject({ layout: 'camt.053.001.08', payerName: 'Anna Nowak-Wisniewska', amount: 123_456 });
    expect(findReferences(read.entries[0].title)).toEqual([reference]);
  });

  it('a reference in Strd is matched like one in Ustrd; both parts make the title', () => {
    const reference = generateReference();
    const xml = camt053({ lines: [{ ref: 'S1', amount: 100, title: reference, remittance: 'CdtrRef' }] }, { version: '08' });
    expect(xml).toContain(`<Ref>${reference}</Ref>`);
    expect(xml).not.toMatch(new RegExp(`<Ustrd>[^<]*${reference}`));
    const [entry] = parseCamt053(xml).entries;
    expect(entry.title).toBe(`Przelew srodkow ${reference}`);
    expect(findReferences(entry.title)).toEqual([reference]);
  });
});

describe('MT940 :86: given more than once for one line', () => {
  it('joins every :86: of a line (code line, then the ~ sub-fields); a statement-level :86: stays out', () => {
    const reference = generateReference();
    const file = mt940Pko(statementFor(reference, 'M86'), { multi86: true }).replace(/-\r\n$/, ':86:Informacja dla posiadacza rachunku\r\n-\r\n');
    expect(file.match(/^:86:/gm)).toHaveLength(5);
    const parsed = parseMt940(file);
    expect(parsed.entries[0]).toMatchObject({ layout: 'mt940/~ sub-fields', payerName: 'Anna Nowak-Wisniewska', payerAccount: 'PL27114020040000300201355387' });
    expect(findReferences(parsed.entries[0].title)).toEqual([reference]);
    expect(parsed.entries[1].title).toBe('Oplata miesieczna');
    expect(parsed.entries.map((e) => e.title).join(' ')).not.toContain('Informacja');
  });

  it('sub-field fillers (˙, ÿ) are empty, a 26-digit account gets its PL', () => {
    expect(describe86('020~00152~20ES-7K3M-Q9PX~21˙~22ÿ~32JAN KOWALSKI~33˙~38PL27114020040000300201355387')).toEqual({
      layout: 'mt940/~ sub-fields',
      title: 'ES-7K3M-Q9PX',
      payerName: 'JAN KOWALSKI',
      payerAccount: 'PL27114020040000300201355387',
    });
    expect(describe86('723^00PRZELEW^20Skladka^32SZULC NORBERT^3822105017641000009215291726').payerAccount).toBe('PL22105017641000009215291726');
    // In the < layout <27 is the payer; in the ^ layout ^27 continues the title (one table, two meanings).
    expect(describe86('020<00P<20ABC<27JAN NOWAK').payerName).toBe('JAN NOWAK');
    expect(describe86('230^00P^20ABC^27DEF^32JAN NOWAK')).toMatchObject({ title: 'ABCDEF', payerName: 'JAN NOWAK' });
    expect(describe86('944 CompanyNet; dla: X; tyt.: fv 100/2007; TNR: 1452.02')).toMatchObject({ layout: 'mt940/labelled free text', title: 'fv 100/2007' });
    expect(describe86('PRZELEW ES-7K3M-Q9PX')).toMatchObject({ layout: 'mt940/free text', title: 'PRZELEW ES-7K3M-Q9PX' });
  });
});

describe('CAMT fixtures against the official ISO 20022 schemas', () => {
  const dir = schemaDir();
  const schemaOf = (file: string) => readFileSync(path.join(dir, file), 'utf8');
  const validate = (xml: string, schema: string) => validateXML({ xml: [{ fileName: 'statement.xml', contents: xml }], schema: [schemaOf(schema)] });

  for (const fixture of STATEMENT_FIXTURES.filter((f) => f.format === 'camt053')) {
    it(`${fixture.name} validates against ${fixture.schema}`, async () => {
      const statement: FixtureStatement = {
        id: 'XSD-1',
        lines: [
          { ref: 'XSD-A', amount: 123_45, title: ['Zakup udzialow', 'ES-7K3M-Q9PX'] },
          { amount: 1_000, direction: 'DBIT', title: 'Oplata', status: 'PDNG' },
          { ref: 'XSD-C', amount: 5_00, title: 'Zwrot & korekta <1>', payerName: 'Spółka "Żółw" S.A.', endToEndId: 'E2E-1' },
        ],
      };
      const result = await validate(fixture.build(statement), fixture.schema!);
      expect(result.errors.map((e) => e.message)).toEqual([]);
      expect(result.valid).toBe(true);
    });
  }

  it('the validation is real: a statement without its balances, or with a .08 element in a .02 file, is invalid', async () => {
    const valid = camt053({ lines: [{ ref: 'X', amount: 100, title: 'x' }] });
    const noBalances = valid.replace(/<Bal>[\s\S]*?<\/Bal>/g, '');
    expect((await validate(noBalances, 'camt.053.001.02.xsd')).valid).toBe(false);
    const mixed = valid.replace('<Sts>BOOK</Sts>', '<Sts><Cd>BOOK</Cd></Sts>');
    const result = await validate(mixed, 'camt.053.001.02.xsd');
    expect(result.valid).toBe(false);
    expect(result.errors[0].message).toMatch(/Sts/);
  });
});

describe('hostile XML is STATEMENT_MALFORMED, never a crash or a hang', () => {
  const base = camt053({ lines: [{ ref: 'H1', amount: 100, title: 'x' }] });
  const malformed = (xml: string) => {
    try {
      parseCamt053(xml);
    } catch (error) {
      expect(error).toBeInstanceOf(StatementError);
      expect((error as StatementError).code).toBe('STATEMENT_MALFORMED');
      return error as StatementError;
    }
    throw new Error('accepted');
  };

  it(`100,000 levels deep (closed, and unclosed); just over ${MAX_DEPTH}; legit depth still reads`, () => {
    const deep = (n: number) => base.replace('<Ustrd>x</Ustrd>', `<Ustrd>x</Ustrd>${'<a>'.repeat(n)}${'</a>'.repeat(n)}`);
    const tooDeep = malformed(deep(100_000));
    expect(tooDeep.message).toContain(`deeper than ${MAX_DEPTH}`);
    // Where it got too deep: the Ustrd line, 7 levels down plus the excess.
    expect(tooDeep.where).toMatch(new RegExp(`^line ${base.split('\n').findIndex((l) => l.includes('<Ustrd>')) + 1}, column \\d+$`));
    expect(malformed(base.replace('<Ustrd>x</Ustrd>', '<a>'.repeat(100_000))).message).toContain(`deeper than ${MAX_DEPTH}`);
    malformed(deep(MAX_DEPTH));
    // Document/BkToCstmrStmt/Stmt/Ntry/NtryDtls/TxDtls/RmtInf is 7 deep: an extra 40 levels of unknown elements still reads.
    expect(parseCamt053(deep(40)).entries).toHaveLength(1);
  });

  it('an element with a huge number of attributes', () => {
    const attributes = (n: number) => base.replace('<Stmt>', `<Stmt ${Array.from({ length: n }, (_, i) => `a${i}="1"`).join(' ')}>`);
    expect(malformed(attributes(100_000))).toMatchObject({ message: expect.stringContaining(`more than ${MAX_ATTRIBUTES} attributes`), where: expect.stringMatching(/^line \d+, column \d+$/) });
    expect(parseCamt053(attributes(MAX_ATTRIBUTES - 1)).entries).toHaveLength(1);
  });

  it('entity expansion, external entities, any DOCTYPE, an undeclared entity', () => {
    const laughs = `<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('')}]>\n`;
    expect(malformed(base.replace(/^<\?xml[^>]*>\n/, laughs).replace('<Ustrd>x</Ustrd>', '<Ustrd>&lol9;</Ustrd>'))).toMatchObject({ where: expect.stringMatching(/^line 2, column \d+$/) });
    const xxe = base.replace(/^<\?xml[^>]*>\n/, '<?xml version="1.0"?>\n<!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n').replace('<Ustrd>x</Ustrd>', '<Ustrd>&x;</Ustrd>');
    expect(malformed(xxe).message).toMatch(/DOCTYPE/);
    // Without a DOCTYPE nothing can be declared: an entity other than XML's five is not well-formed.
    expect(malformed(base.replace('<Ustrd>x</Ustrd>', '<Ustrd>&x;</Ustrd>')).message).toMatch(/entity/i);
    // XML's own entities and character references are read, once (an escaped one stays escaped).
    expect(parseCamt053(base.replace('<Ustrd>x</Ustrd>', '<Ustrd>&lt;&amp;&#x41;&#321;ODZ &amp;#x41;</Ustrd>')).entries[0].title).toBe('<&AŁODZ &#x41;');
  });
});
