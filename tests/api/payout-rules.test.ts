import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { XMLParser } from 'fast-xml-parser';
import { validateXML } from 'xmllint-wasm';
import { describe, expect, it } from 'vitest';
import { allocate, AllocationError, distributionTotal, PER_SHARE_SCALE } from '../../server/modules/payouts/allocation';
import { bankText, buildPain001, decimalAmount, isValidIban, Pain001Error, type Pain001Input } from '../../server/modules/payouts/pain001';
import { withhold } from '../../server/modules/payouts/tax';

// The pure rules of payouts: the largest-remainder split (properties over random holdings and totals), the
// flat tax withheld, and the pain.001.001.03 bank file against the official ISO 20022 schema.

const holdingsArb = fc.array(fc.record({ holderId: fc.uuid(), shares: fc.integer({ min: 0, max: 1_000_000 }) }), { minLength: 1, maxLength: 40 });
const totalArb = fc.oneof(fc.integer({ min: 0, max: 1_000 }), fc.integer({ min: 0, max: 100_000_000_000_00 }));
const withShares = holdingsArb.filter((h) => h.some((x) => x.shares > 0));

describe('allocation by largest remainder', () => {
  it('the parts add up exactly to the total, none negative, each within a grosz of its exact share', () => {
    fc.assert(
      fc.property(withShares, totalArb, (holdings, total) => {
        const parts = allocate(total, holdings);
        const all = holdings.reduce((s, h) => s + BigInt(h.shares), 0n);
        expect(parts.reduce((s, p) => s + BigInt(p.amount), 0n)).toBe(BigInt(total));
        parts.forEach((p, i) => {
          expect(p.amount).toBeGreaterThanOrEqual(0);
          expect(Number.isSafeInteger(p.amount)).toBe(true);
          // |amount × all − total × shares| < all: less than one grosz from the exact entitlement.
          const diff = BigInt(p.amount) * all - BigInt(total) * BigInt(holdings[i].shares);
          expect(diff < all && -diff < all).toBe(true);
        });
      }),
      { numRuns: 400 },
    );
  });

  it('a holder with twice the shares (or more) never gets less', () => {
    fc.assert(
      fc.property(withShares, totalArb, fc.integer({ min: 1, max: 1_000 }), fc.integer({ min: 2, max: 5 }), fc.nat(), fc.nat(), (others, total, base, factor, at1, at2) => {
        // Both anywhere in the order (the tie-break prefers earlier holders).
        const holdings = [...others];
        holdings.splice(at1 % (holdings.length + 1), 0, { holderId: 'small', shares: base });
        holdings.splice(at2 % (holdings.length + 1), 0, { holderId: 'large', shares: base * factor });
        const parts = allocate(total, holdings);
        const small = parts.find((p) => p.holderId === 'small')!;
        const large = parts.find((p) => p.holderId === 'large')!;
        expect(large.amount).toBeGreaterThanOrEqual(small.amount);
        // Across every pair: more shares never means fewer grosze.
        for (const a of parts) for (const b of parts) if (a.shares > b.shares) expect(a.amount).toBeGreaterThanOrEqual(b.amount);
      }),
      { numRuns: 300 },
    );
  });

  it('leftover grosze go to the largest fractions; ties to the larger holding, then the earlier holder', () => {
    // 100 gr over 3 equal holdings: 33.33 each, one grosz left, the first holder gets it.
    expect(allocate(100, [{ holderId: 'a', shares: 1 }, { holderId: 'b', shares: 1 }, { holderId: 'c', shares: 1 }]).map((p) => p.amount)).toEqual([34, 33, 33]);
    // 10 gr over 1:2:4 shares: 1.43, 2.86, 5.71 → floors 1, 2, 5; two grosze left for the largest fractions.
    expect(allocate(10, [{ holderId: 'a', shares: 1 }, { holderId: 'b', shares: 2 }, { holderId: 'c', shares: 4 }]).map((p) => p.amount)).toEqual([1, 3, 6]);
    // The fraction decides, not the size: 3 gr over 3:1 is 2.25 and 0.75 → 2 and 1.
    expect(allocate(3, [{ holderId: 'a', shares: 3 }, { holderId: 'b', shares: 1 }]).map((p) => p.amount)).toEqual([2, 1]);
    // Equal fractions: the larger holding first.
    expect(allocate(1, [{ holderId: 'a', shares: 1 }, { holderId: 'b', shares: 3 }]).map((p) => p.amount)).toEqual([0, 1]);
    expect(allocate(5, [{ holderId: 'x', shares: 0 }, { holderId: 'y', shares: 2 }])).toEqual([
      { holderId: 'x', shares: 0, amount: 0 },
      { holderId: 'y', shares: 2, amount: 5 },
    ]);
  });

  it('a per-share rate pays rate × shares rounded down to the grosz, then splits exactly', () => {
    fc.assert(
      fc.property(withShares, fc.integer({ min: 0, max: 50_000_000 }), (holdings, perShareUnits) => {
        const all = holdings.reduce((s, h) => s + h.shares, 0);
        const total = distributionTotal({ kind: 'perShare', perShareUnits }, all);
        expect(BigInt(total)).toBe((BigInt(perShareUnits) * BigInt(all)) / PER_SHARE_SCALE);
        const parts = allocate(total, holdings);
        expect(parts.reduce((s, p) => s + p.amount, 0)).toBe(total);
        // No one gets more than their exact rate × shares rounded up.
        for (const p of parts) expect(BigInt(p.amount) * PER_SHARE_SCALE <= BigInt(perShareUnits) * BigInt(p.shares) + PER_SHARE_SCALE).toBe(true);
      }),
    );
    // 1,2345 gr per share × 3 shares = 3,7035 gr → 3 gr.
    expect(distributionTotal({ kind: 'perShare', perShareUnits: 12_345 }, 3)).toBe(3);
    expect(distributionTotal({ kind: 'total', totalGrosze: 777 }, 3)).toBe(777);
  });

  it('refuses what cannot be split', () => {
    expect(() => allocate(1, [{ holderId: 'a', shares: 0 }])).toThrow(AllocationError);
    expect(allocate(0, [{ holderId: 'a', shares: 0 }])[0].amount).toBe(0);
    expect(() => allocate(-1, [{ holderId: 'a', shares: 1 }])).toThrow(AllocationError);
    expect(() => allocate(1.5, [{ holderId: 'a', shares: 1 }])).toThrow(AllocationError);
    expect(() => allocate(1, [{ holderId: 'a', shares: -1 }])).toThrow(AllocationError);
    expect(() => distributionTotal({ kind: 'perShare', perShareUnits: 1.5 }, 1)).toThrow(AllocationError);
  });
});

describe('flat income tax withheld', () => {
  it('interest: 19% rounded up to the grosz', () => {
    expect(withhold({ gross: 10_000, kind: 'interest' })).toEqual({ gross: 10_000, tax: 1_900, net: 8_100 });
    expect(withhold({ gross: 1, kind: 'interest' })).toEqual({ gross: 1, tax: 1, net: 0 }); // 0.19 gr → 1 gr
    expect(withhold({ gross: 12_345, kind: 'interest' }).tax).toBe(2_346); // 2345.55 gr → 2346
  });

  it('rental income (profit share): 19% rounded to the full złoty, 50 grosze up', () => {
    expect(withhold({ gross: 10_000, kind: 'rental_income' })).toEqual({ gross: 10_000, tax: 1_900, net: 8_100 });
    expect(withhold({ gross: 12_345, kind: 'rental_income' }).tax).toBe(2_300); // 23,46 zł → 23 zł
    expect(withhold({ gross: 12_900, kind: 'rental_income' }).tax).toBe(2_500); // 24,51 zł → 25 zł
    expect(withhold({ gross: 263, kind: 'rental_income' }).tax).toBe(0); // 0,4997 zł → 0
    expect(withhold({ gross: 264, kind: 'rental_income' }).tax).toBe(100); // 0,5016 zł → 1 zł
  });

  it('nothing on capital returns, nothing for companies, the rate is configurable, never more than gross', () => {
    expect(withhold({ gross: 50_000, kind: 'capital_return' })).toEqual({ gross: 50_000, tax: 0, net: 50_000 });
    expect(withhold({ gross: 50_000, kind: 'interest', individual: false }).tax).toBe(0);
    expect(withhold({ gross: 10_000, kind: 'interest', rateBp: 1_500 }).tax).toBe(1_500);
    expect(withhold({ gross: 60, kind: 'rental_income', rateBp: 9_000 })).toEqual({ gross: 60, tax: 60, net: 0 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e13 }), fc.constantFrom('interest', 'rental_income', 'capital_return' as const), fc.integer({ min: 0, max: 10_000 }), (gross, kind, rateBp) => {
        const w = withhold({ gross, kind, rateBp });
        expect(w.tax).toBeGreaterThanOrEqual(0);
        expect(w.tax).toBeLessThanOrEqual(gross);
        expect(w.gross).toBe(w.tax + w.net);
        if (kind === 'interest') expect(Math.abs(w.tax * 10_000 - gross * rateBp)).toBeLessThan(10_000 + 1);
      }),
    );
    expect(() => withhold({ gross: -1, kind: 'interest' })).toThrow(RangeError);
    expect(() => withhold({ gross: 1, kind: 'interest', rateBp: 10_001 })).toThrow(RangeError);
  });
});

describe('pain.001.001.03 bank file', () => {
  const schema = readFileSync(fileURLToPath(new URL('../support/xsd/pain.001.001.03.xsd', import.meta.url)), 'utf8');
  const validate = (xml: string) => validateXML({ xml: [{ fileName: 'payouts.xml', contents: xml }], schema: [schema] });
  const input: Pain001Input = {
    messageId: 'ESP-20261126-0001',
    createdAt: new Date('2026-11-26T12:00:00Z'),
    executionDate: '2026-11-27',
    debtor: { name: 'Estate Shares Sp. z o.o.', iban: 'PL61109010140000071219812874', bic: 'WBKPPLPP' },
    transfers: [
      { reference: 'ES7K3MQ9PX', amountGrosze: 8_100, creditorName: 'Zażółć Gęślą-Jaźń', creditorIban: 'PL27114020040000300201355387', remittance: 'Wypłata: czynsz 2026-Q3 <Żółw & "Spółka">' },
      { reference: 'ES2345678K', amountGrosze: 123_456_789, creditorName: 'John\nSmith', creditorIban: 'DE89370400440532013000', remittance: 'x'.repeat(300) },
    ],
  };

  it('validates against the official schema, sums and counts stated, reference in the remittance', async () => {
    const xml = buildPain001(input);
    const result = await validate(xml);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_' }).parse(xml).Document.CstmrCdtTrfInitn;
    expect(doc.GrpHdr).toMatchObject({ MsgId: input.messageId, NbOfTxs: 2, CtrlSum: 1234648.89 });
    const [first, second] = doc.PmtInf.CdtTrfTxInf;
    expect(doc.PmtInf.DbtrAcct).toMatchObject({ Id: { IBAN: 'PL61109010140000071219812874' }, Ccy: 'PLN' });
    expect(first.PmtId.EndToEndId).toBe('ES7K3MQ9PX');
    expect(first.Amt.InstdAmt).toEqual({ '#text': 81, '@_Ccy': 'PLN' });
    expect(first.RmtInf.Ustrd).toBe('ES7K3MQ9PX Wypłata: czynsz 2026-Q3 <Żółw & "Spółka">');
    expect(first.Cdtr.Nm).toBe('Zażółć Gęślą-Jaźń');
    expect(second.Cdtr.Nm).toBe('John Smith');
    expect(second.RmtInf.Ustrd).toHaveLength(140);
    expect(String(second.RmtInf.Ustrd).startsWith('ES2345678K x')).toBe(true);
    expect(xml).toContain('<InstdAmt Ccy="PLN">1234567.89</InstdAmt>');
  });

  it('a file the schema refuses is detected (the check can fail)', async () => {
    const broken = buildPain001(input).replace('<ChrgBr>DEBT</ChrgBr>', '<ChrgBr>NONE</ChrgBr>');
    expect((await validate(broken)).valid).toBe(false);
  });

  it('refuses a wrong IBAN, a zero amount, no transfers', () => {
    const t = input.transfers[0];
    expect(() => buildPain001({ ...input, transfers: [{ ...t, creditorIban: 'PL27114020040000300201355388' }] })).toThrow(Pain001Error);
    expect(() => buildPain001({ ...input, transfers: [{ ...t, amountGrosze: 0 }] })).toThrow(Pain001Error);
    expect(() => buildPain001({ ...input, transfers: [] })).toThrow(Pain001Error);
    expect(isValidIban('PL61109010140000071219812874')).toBe(true);
    expect(isValidIban('GB82WEST12345698765432')).toBe(true);
    expect(isValidIban('GB82WEST12345698765433')).toBe(false);
    expect(decimalAmount(5)).toBe('0.05');
    expect(bankText('a\u0000\tb   c', 3)).toBe('a b');
  });
});
