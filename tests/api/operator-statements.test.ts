import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { operatorAuditLog, statementExceptions, statementImports, statementLines } from '../../server/db/schema-backoffice';
import { orderStatusHistory } from '../../server/db/schema-orders';
import { camt053, mt940, STATEMENT_FIXTURES, type FixtureLine } from '../support/statements';
import { describeEachDatabase, expectData, expectError, type TokenPair } from './helpers';
import { backofficeFixture, base64, expireOrder, orderRowOf, placeOrder, seriesOf, transactionsOf, type Fixture } from './operator-support';

// Bank statements generated here for orders created by the real service, in both formats: matched,
// underpaid, overpaid, late (expired order), unknown reference and duplicate lines; idempotent re-import;
// malformed and hostile files refused naming the element or line, with nothing applied; and every supported
// layout (tests/support/statements.ts, one per bank's export) through the whole import.

describeEachDatabase('operator: bank statements', {}, (t) => {
  let operator: TokenPair;
  let investor: TokenPair;

  beforeAll(async () => {
    operator = await t.login('operator');
    investor = await t.login('investor');
  });

  const upload = (fileName: string, content: string, who: TokenPair = operator) =>
    t.injectAs(who, { method: 'POST', url: '/api/operator/statements', payload: { fileName, contentBase64: base64(content) } });

  const counts = async () => ({
    imports: (await t.app.db.select().from(statementImports)).length,
    lines: (await t.app.db.select().from(statementLines)).length,
    exceptions: (await t.app.db.select().from(statementExceptions)).length,
  });

  for (const format of ['camt053', 'mt940'] as const) {
    describe(format, () => {
      let f: Fixture;
      const file = (lines: FixtureLine[], id: string) =>
        format === 'camt053' ? { name: `${id}.xml`, content: camt053({ id, lines }) } : { name: `${id}.sta`, content: mt940({ id, lines }) };

      beforeAll(async () => {
        f = await backofficeFixture(t.app, 100, 12_345);
      });

      it('matches exact payments, queues underpaid, overpaid, late and unknown ones, and ignores debits', async () => {
        const exact = await placeOrder(t.app, f, 2);
        const exactSpaced = await placeOrder(t.app, f, 1);
        const under = await placeOrder(t.app, f, 1);
        const over = await placeOrder(t.app, f, 1);
        const late = await placeOrder(t.app, f, 3);
        await expireOrder(t.app, late.id);
        const seriesBefore = await seriesOf(t.app, f.seriesId);

        const compact = exactSpaced.reference.replace(/-/g, '');
        const { name, content } = file(
          [
            { ref: `${format}-A1`, amount: exact.totalPrice, title: `Zakup udziałów ${exact.reference}` },
            // lower case, spaces instead of dashes, split over two title parts, extra words
            { ref: `${format}-A2`, amount: exactSpaced.totalPrice, title: ['wplata za', `${compact.slice(0, 6).toLowerCase()} ${compact.slice(6).toLowerCase()} dzieki`] },
            { ref: `${format}-A3`, amount: under.totalPrice - 100, title: under.reference },
            { ref: `${format}-A4`, amount: over.totalPrice + 5000, title: over.reference },
            { ref: `${format}-A5`, amount: late.totalPrice, title: late.reference },
            { ref: `${format}-A6`, amount: 50_000, title: 'Darowizna bez numeru zamowienia' },
            { ref: `${format}-A7`, amount: 1_000, direction: 'DBIT', title: 'Oplata za prowadzenie rachunku' },
          ],
          `S-${format}-1`,
        );
        const result = expectData(await upload(name, content));
        expect(result.format).toBe(format);
        expect(result.summary).toEqual({ linesRead: 7, matched: 2, exceptions: 4, duplicates: 0, ignored: 1 });
        expect(result.lines.map((l: { outcome: string }) => l.outcome)).toEqual(['matched', 'matched', 'exception', 'exception', 'exception', 'exception', 'ignored']);
        expect(result.lines.slice(2, 6).map((l: { exception: { reason: string } }) => l.exception.reason)).toEqual([
          'UNDERPAID',
          'OVERPAID',
          'ORDER_EXPIRED_OR_CANCELLED',
          'UNKNOWN_REFERENCE',
        ]);

        // Matched: paid, one paid BankTransfer transaction with the bank reference, history names the line.
        for (const [order, ref, position] of [[exact, `${format}-A1`, 1], [exactSpaced, `${format}-A2`, 2]] as const) {
          const row = await orderRowOf(t.app, order.id);
          expect(row.status).toBe('paid');
          expect(row.paidAt).not.toBeNull();
          const txs = await transactionsOf(t.app, order.id);
          const paid = txs.filter((x) => x.status === 'paid');
          expect(paid).toHaveLength(1);
          expect(paid[0]).toMatchObject({ methodCode: 'BankTransfer', externalId: ref, amount: order.totalPrice });
          const history = await t.app.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id));
          const entry = history.find((h) => h.toStatus === 'paid')!;
          expect(entry).toMatchObject({ fromStatus: 'new', actor: 'bank', reason: 'BANK_TRANSFER_MATCHED' });
          expect(entry.details).toMatchObject({ importId: result.id, line: position });
        }
        // Not matched: untouched.
        for (const order of [under, over]) expect((await orderRowOf(t.app, order.id)).status).toBe('new');
        expect((await orderRowOf(t.app, late.id)).status).toBe('cancelled');
        // Shares of the two paid orders moved from reserved to sold.
        const seriesAfter = await seriesOf(t.app, f.seriesId);
        expect(seriesAfter.soldShares - seriesBefore.soldShares).toBe(3);
        expect(seriesBefore.reservedShares - seriesAfter.reservedShares).toBe(3);

        // The investor sees the order paid through their own API.
        const own = await t.injectAs(f.investor.accessToken, { method: 'GET', url: `/api/order/${exact.id}` });
        expect(expectData(own).status).toBe('paid');

        // The exceptions queue lists the four with their orders.
        const queue = expectData(await t.injectAs(operator, { method: 'GET', url: '/api/operator/exceptions?status=open&pagination[pageSize]=100' }));
        const mine = queue.items.filter((e: { importId: number }) => e.importId === result.id);
        expect(mine.map((e: { reason: string }) => e.reason).sort()).toEqual(['ORDER_EXPIRED_OR_CANCELLED', 'OVERPAID', 'UNDERPAID', 'UNKNOWN_REFERENCE']);
        expect(mine.find((e: { reason: string }) => e.reason === 'UNDERPAID').order.reference).toBe(under.reference);

        // Audit row in the same transaction.
        const audit = await t.app.db.select().from(operatorAuditLog).where(eq(operatorAuditLog.entityId, String(result.id)));
        expect(audit.find((a) => a.action === 'statement.imported')?.after).toMatchObject({ summary: result.summary });

        // Re-import of the same file: every line a duplicate, nothing changes.
        const before = await counts();
        const again = expectData(await upload(name, content));
        expect(again.summary).toEqual({ linesRead: 7, matched: 0, exceptions: 0, duplicates: 7, ignored: 0 });
        const after = await counts();
        expect(after.lines).toBe(before.lines);
        expect(after.exceptions).toBe(before.exceptions);
        expect((await transactionsOf(t.app, exact.id)).filter((x) => x.status === 'paid')).toHaveLength(1);

        // An overlapping file: two old lines + one new match.
        const next = await placeOrder(t.app, f, 1);
        const overlap = file(
          [
            { ref: `${format}-A1`, amount: exact.totalPrice, title: `Zakup udziałów ${exact.reference}` },
            { ref: `${format}-A6`, amount: 50_000, title: 'Darowizna bez numeru zamowienia' },
            { ref: `${format}-B1`, amount: next.totalPrice, title: next.reference },
          ],
          `S-${format}-2`,
        );
        const third = expectData(await upload(overlap.name, overlap.content));
        expect(third.summary).toEqual({ linesRead: 3, matched: 1, exceptions: 0, duplicates: 2, ignored: 0 });
        expect((await orderRowOf(t.app, next.id)).status).toBe('paid');
      });

      it('keys lines without a bank reference by a hash of their fields: re-import is still a no-op', async () => {
        const order = await placeOrder(t.app, f, 1);
        const lines: FixtureLine[] = [
          { amount: order.totalPrice, title: order.reference, date: '2025-04-02' },
          // two identical transfers of the same day are two lines, not one
          { amount: format === 'camt053' ? 777 : 778, title: 'Wplata bez numeru', date: '2025-04-02' },
          { amount: format === 'camt053' ? 777 : 778, title: 'Wplata bez numeru', date: '2025-04-02' },
        ];
        const { name, content } = file(lines, `H-${format}`);
        const first = expectData(await upload(name, content));
        expect(first.summary).toEqual({ linesRead: 3, matched: 1, exceptions: 2, duplicates: 0, ignored: 0 });
        const second = expectData(await upload(name, content));
        expect(second.summary).toEqual({ linesRead: 3, matched: 0, exceptions: 0, duplicates: 3, ignored: 0 });
        const txs = await transactionsOf(t.app, order.id);
        expect(txs.filter((x) => x.status === 'paid')).toHaveLength(1);
      });

      it('a payment for an order that was already paid goes to the queue (no second paid transaction)', async () => {
        const order = await placeOrder(t.app, f, 1);
        const a = file([{ ref: `${format}-P1`, amount: order.totalPrice, title: order.reference }], `P-${format}-1`);
        expectData(await upload(a.name, a.content));
        const b = file([{ ref: `${format}-P2`, amount: order.totalPrice, title: order.reference }], `P-${format}-2`);
        const second = expectData(await upload(b.name, b.content));
        expect(second.lines[0].exception.reason).toBe('ORDER_ALREADY_PAID');
        expect((await transactionsOf(t.app, order.id)).filter((x) => x.status === 'paid')).toHaveLength(1);
      });
    });
  }

  describe('every supported layout, end to end', () => {
    let f: Fixture;
    beforeAll(async () => {
      f = await backofficeFixture(t.app, 100, 10_000);
    });

    for (const [n, fixture] of STATEMENT_FIXTURES.entries()) {
      it(`${fixture.name}: read, the reference matched, the order paid`, async () => {
        const order = await placeOrder(t.app, f, 1);
        const id = `LAYOUT-${n}`;
        const payer: FixtureLine = { amount: order.totalPrice, title: '', payerName: 'Anna Nowak-Wisniewska' };
        const { name, content } = {
          name: `wyciag-${n}${fixture.extension}`,
          content: fixture.build({
            id,
            lines: [
              { ...payer, ref: `${id}-A`, title: `Zakup udzialow ${order.reference.toLowerCase()}` },
              { ref: `${id}-B`, amount: 1_000, direction: 'DBIT', title: 'Oplata miesieczna' },
            ],
          }),
        };
        const result = expectData(await upload(name, content));
        expect(result.format).toBe(fixture.format);
        expect(result.summary).toEqual({ linesRead: 2, matched: 1, exceptions: 0, duplicates: 0, ignored: 1 });
        expect(result.lines[0]).toMatchObject({ outcome: 'matched', bankReference: `${id}-A`, payerName: fixture.payerName(payer), order: { id: order.id, status: 'paid' } });
        expect((await orderRowOf(t.app, order.id)).status).toBe('paid');
        const paid = (await transactionsOf(t.app, order.id)).filter((x) => x.status === 'paid');
        expect(paid).toEqual([expect.objectContaining({ methodCode: 'BankTransfer', externalId: `${id}-A`, amount: order.totalPrice })]);
      });
    }
  });

  describe('malformed or wrong files', () => {
    let f: Fixture;
    beforeAll(async () => {
      f = await backofficeFixture(t.app, 100, 10_000);
    });

    it('refuses a CAMT.053 with a bad amount naming the element, and applies nothing (not even the good lines)', async () => {
      const order = await placeOrder(t.app, f, 1);
      const good = camt053({ id: 'BAD-1', lines: [{ ref: 'BAD-A', amount: order.totalPrice, title: order.reference }, { ref: 'BAD-B', amount: 100, title: 'x' }] });
      const broken = good.replace(/>1\.00</, '>1,00<');
      const before = await counts();
      const errors = expectError(await upload('bad.xml', broken), 422, [{ code: 'STATEMENT_MALFORMED', context: 'Stmt[1]/Ntry[2]/Amt' }]);
      expect(errors[0].message).toMatch(/linia lub element/);
      expect(await counts()).toEqual(before);
      expect((await orderRowOf(t.app, order.id)).status).toBe('new');
    });

    it('refuses XML that is not well-formed naming the line', async () => {
      const broken = camt053({ lines: [{ ref: 'X1', amount: 100, title: 'x' }] }).replace('</CdtDbtInd>', '</CdtDbt>');
      const res = await upload('broken.xml', broken);
      const errors = expectError(res, 422, [{ code: 'STATEMENT_MALFORMED' }]);
      expect(errors[0].context).toMatch(/^line \d+/);
    });

    it('refuses a CAMT entry without CdtDbtInd naming the element', async () => {
      const broken = camt053({ lines: [{ ref: 'X2', amount: 100, title: 'x' }] }).replace(/(<Ntry>[\s\S]*?)<CdtDbtInd>CRDT<\/CdtDbtInd>/, '$1');
      expectError(await upload('x.xml', broken), 422, [{ code: 'STATEMENT_MALFORMED', context: 'Stmt[1]/Ntry[1]/CdtDbtInd' }]);
    });

    it('refuses an MT940 whose :61: line cannot be read, naming its line', async () => {
      const order = await placeOrder(t.app, f, 1);
      const good = mt940({ lines: [{ ref: 'M1', amount: order.totalPrice, title: order.reference }, { ref: 'M2', amount: 100, title: 'x' }] });
      const lines = good.split('\r\n');
      const second61 = lines.findIndex((l, i) => l.startsWith(':61:') && i > lines.findIndex((m) => m.startsWith(':61:')));
      lines[second61] = ':61:25XX31C1,00NTRF';
      const before = await counts();
      expectError(await upload('bad.sta', lines.join('\r\n')), 422, [{ code: 'STATEMENT_MALFORMED', context: `line ${second61 + 1} (:61:)` }]);
      expect(await counts()).toEqual(before);
      expect((await orderRowOf(t.app, order.id)).status).toBe('new');
    });

    it('refuses an MT940 whose balances do not add up, naming the closing balance line', async () => {
      const good = mt940({ lines: [{ ref: 'M3', amount: 100, title: 'x' }] });
      const broken = good.replace(/:62F:C(\d{6})PLN[\d,]+/, ':62F:C$1PLN1,00');
      const res = await upload('bad.sta', broken);
      const errors = expectError(res, 422, [{ code: 'STATEMENT_MALFORMED' }]);
      expect(errors[0].context).toMatch(/^line \d+ \(:62F:\)$/);
    });

    it('refuses files that are not statements, binary files and wrong extensions (415)', async () => {
      expectError(await upload('notes.txt', 'hello world'), 415, [{ code: 'STATEMENT_FORMAT_UNKNOWN', context: 'file' }]);
      expectError(await upload('statement.pdf', camt053({ lines: [{ amount: 1, title: 'x' }] })), 415, [{ code: 'STATEMENT_FORMAT_UNKNOWN', context: 'fileName' }]);
      const binary = Buffer.from([0x25, 0x50, 0x44, 0x46, 0, 1, 2, 3]).toString('base64');
      const res = await t.injectAs(operator, { method: 'POST', url: '/api/operator/statements', payload: { fileName: 's.xml', contentBase64: binary } });
      expectError(res, 415, [{ code: 'STATEMENT_FORMAT_UNKNOWN', context: 'fileName' }]);
    });

    it('refuses hostile XML with 422 STATEMENT_MALFORMED and applies nothing: 100,000-deep nesting, 100,000 attributes, entity expansion', async () => {
      const order = await placeOrder(t.app, f, 1);
      const good = camt053({ id: 'HOSTILE', lines: [{ ref: 'HOSTILE-1', amount: order.totalPrice, title: order.reference }] });
      const deep = good.replace('</Ustrd>', `</Ustrd>${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}`);
      const attributes = good.replace('<Stmt>', `<Stmt ${Array.from({ length: 100_000 }, (_, i) => `a${i}="1"`).join(' ')}>`);
      const laughs = good.replace(
        /^<\?xml[^>]*>\n/,
        `<?xml version="1.0"?>\n<!DOCTYPE d [<!ENTITY a "${'x'.repeat(100)}">${Array.from({ length: 8 }, (_, i) => `<!ENTITY ${'b'.repeat(i + 1)} "${`&${i ? 'b'.repeat(i) : 'a'};`.repeat(10)}">`).join('')}]>\n`,
      ).replace(order.reference, `${order.reference} &bbbbbbbb;`);
      const before = await counts();
      for (const file of [deep, attributes, laughs]) {
        const errors = expectError(await upload('hostile.xml', file), 422, [{ code: 'STATEMENT_MALFORMED' }]);
        expect(errors[0].context).toMatch(/^line \d+, column \d+$/);
      }
      expect(await counts()).toEqual(before);
      expect((await orderRowOf(t.app, order.id)).status).toBe('new');
      // The same file without the hostile part is imported as usual.
      expect(expectData(await upload('good.xml', good)).summary.matched).toBe(1);
    });

    it('refuses a DOCTYPE (entity expansion) in CAMT', async () => {
      const evil = camt053({ lines: [{ amount: 1, title: 'x' }] }).replace('<Document', '<!DOCTYPE d [<!ENTITY a "aaaa">]>\n<Document');
      const [error] = expectError(await upload('e.xml', evil), 422, [{ code: 'STATEMENT_MALFORMED' }]);
      expect(error.context).toMatch(/^line 2, column \d+$/);
    });

    it('enforces the size limit (413) and requires the fields (400)', async () => {
      const app = await t.buildAnotherApp({ statementMaxBytes: 1000 });
      const big = camt053({ lines: Array.from({ length: 20 }, (_, i) => ({ ref: `BIG${i}`, amount: 100, title: 'x' })) });
      const res = await app.inject({
        method: 'POST',
        url: '/api/operator/statements',
        headers: { authorization: `Bearer ${operator.accessToken}` },
        payload: { fileName: 'big.xml', contentBase64: base64(big) },
      });
      expect(res.statusCode).toBe(413);
      expect(['FILE_TOO_LARGE', 'PAYLOAD_TOO_LARGE']).toContain(res.json().errors[0].code);
      expectError(await t.injectAs(operator, { method: 'POST', url: '/api/operator/statements', payload: { fileName: 'a.xml' } }), 400, [
        { code: 'IS_EMPTY', context: 'contentBase64' },
      ]);
    });

    it('is for operators only', async () => {
      expectError(await upload('a.xml', camt053({ lines: [{ amount: 1, title: 'x' }] }), investor), 403, [{ code: 'FORBIDDEN' }]);
      expectError(await t.app.inject({ method: 'POST', url: '/api/operator/statements', payload: {} }), 401, [{ code: 'UNAUTHORIZED' }]);
    });

    it('lists imports and shows one with its lines', async () => {
      const list = expectData(await t.injectAs(operator, { method: 'GET', url: '/api/operator/statements?pagination[pageSize]=5' }));
      expect(list.items.length).toBeGreaterThan(0);
      expect(list.items[0]).toMatchObject({ importedBy: 'operator@example.com' });
      const one = expectData(await t.injectAs(operator, { method: 'GET', url: `/api/operator/statements/${list.items[0].id}` }));
      expect(one.lines.length).toBe(one.summary.linesRead - one.summary.duplicates);
      expectError(await t.injectAs(operator, { method: 'GET', url: '/api/operator/statements/999999' }), 404, [{ code: 'NOT_FOUND', context: 'id' }]);
    });
  });
});
