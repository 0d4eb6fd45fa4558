import { describe, expect, it } from 'vitest';
import { largeInvestmentThreshold, isLargeInvestment, eurToGrosze } from '../../server/modules/protection/large-investment';
import { simulateLoss } from '../../server/modules/protection/loss-simulation';
import { questionnaireFor, QUESTIONNAIRE_VERSION, QUESTIONS, scoreAnswers } from '../../server/modules/protection/questionnaire';
import { addCalendarDays, reflectionDeadline, reflectionSecondsLeft, withinReflection } from '../../server/modules/protection/reflection-period';

// The investor-protection rules as pure functions: knowledge test scoring, the loss simulation, the
// large-investment threshold and the reflection period on the Warsaw calendar.

const passing = { pastInvestments: 'unlisted', riskOfLoss: 'total', illiquidity: 'maybeNever', experience: 'no', objectives: 'growth' };

describe('knowledge test', () => {
  it('passes an investor who understands the risk and reaches the pass mark', () => {
    expect(scoreAnswers(passing)).toEqual({ ok: true, passed: true, score: 7 });
  });
  it('fails one who thinks the money is safe, whatever the rest of the score', () => {
    expect(scoreAnswers({ ...passing, riskOfLoss: 'partial', experience: 'yes' })).toMatchObject({ ok: true, passed: false });
    expect(scoreAnswers({ ...passing, illiquidity: 'anytime' })).toMatchObject({ ok: true, passed: false });
  });
  it('fails below the pass mark even with the risk understood', () => {
    expect(scoreAnswers({ ...passing, pastInvestments: 'none', objectives: 'safety' })).toEqual({ ok: true, passed: false, score: 4 });
  });
  it('refuses to score missing, foreign or unknown answers', () => {
    const { objectives: _, ...missing } = passing;
    expect(scoreAnswers(missing)).toEqual({ ok: false, invalid: ['objectives'] });
    expect(scoreAnswers({ ...passing, riskOfLoss: 'maybeNever', extra: 'x' })).toEqual({ ok: false, invalid: ['riskOfLoss', 'extra'] });
  });
  it('is published in both languages with its version and without the points', () => {
    for (const lang of ['pl', 'en'] as const) {
      const q = questionnaireFor(lang);
      expect(q.version).toBe(QUESTIONNAIRE_VERSION);
      expect(q.questions).toHaveLength(QUESTIONS.length);
      for (const question of q.questions) {
        expect(question.text.length).toBeGreaterThan(5);
        for (const o of question.options) expect(Object.keys(o)).toEqual(['id', 'text']);
      }
    }
    expect(questionnaireFor('pl').questions[1].text).not.toBe(questionnaireFor('en').questions[1].text);
  });
});

describe('loss simulation', () => {
  it('net worth is income plus liquid assets minus commitments; 10% of it may be lost', () => {
    expect(simulateLoss({ yearlyIncome: 12_000_000, liquidAssets: 5_000_000, yearlyCommitments: 3_000_000 })).toEqual({ netWorth: 14_000_000, affordableLoss: 1_400_000 });
  });
  it('rounds the affordable loss down to a grosz and never below zero', () => {
    expect(simulateLoss({ yearlyIncome: 19, liquidAssets: 0, yearlyCommitments: 0 }).affordableLoss).toBe(1);
    expect(simulateLoss({ yearlyIncome: 100, liquidAssets: 0, yearlyCommitments: 500 })).toEqual({ netWorth: -400, affordableLoss: 0 });
  });
  it('takes integer grosze only', () => {
    expect(() => simulateLoss({ yearlyIncome: 1.5, liquidAssets: 0, yearlyCommitments: 0 })).toThrow(RangeError);
    expect(() => simulateLoss({ yearlyIncome: 1, liquidAssets: -1, yearlyCommitments: 0 })).toThrow(RangeError);
  });
});

describe('large-investment threshold', () => {
  const rate = 42_650; // 4.2650 PLN per EUR: EUR 1 000 = PLN 4 265.00

  it('converts EUR at the operator rate to the grosz', () => {
    expect(eurToGrosze(100_000, rate)).toBe(426_500);
    expect(eurToGrosze(1, 42_655)).toBe(4); // 4.2655 gr, half up
  });
  it('uses EUR 1 000 when it is the higher bound: equal is allowed, one grosz more is large', () => {
    const netWorth = 5_000_000; // 5% = 250 000 < 426 500
    expect(largeInvestmentThreshold(rate, netWorth)).toBe(426_500);
    expect(isLargeInvestment(426_500, rate, netWorth)).toBe(false);
    expect(isLargeInvestment(426_501, rate, netWorth)).toBe(true);
  });
  it('uses 5% of the net worth when it is the higher bound: equal is allowed, one grosz more is large', () => {
    const netWorth = 20_000_000; // 5% = 1 000 000 > 426 500
    expect(largeInvestmentThreshold(rate, netWorth)).toBe(1_000_000);
    expect(isLargeInvestment(1_000_000, rate, netWorth)).toBe(false);
    expect(isLargeInvestment(1_000_001, rate, netWorth)).toBe(true);
  });
  it('a negative net worth leaves the EUR bound', () => {
    expect(largeInvestmentThreshold(rate, -1_000)).toBe(426_500);
  });
});

describe('reflection period', () => {
  const at = (iso: string) => new Date(iso);

  it('ends 4 calendar days later at the same Warsaw time (96 h without a change)', () => {
    expect(reflectionDeadline(at('2026-06-10T08:15:30.000Z')).toISOString()).toBe('2026-06-14T08:15:30.000Z');
  });
  it('lasts 95 hours across the change to summer time', () => {
    // Fri 27 Mar 2026 12:00 CET (11:00Z) → Tue 31 Mar 12:00 CEST (10:00Z)
    expect(reflectionDeadline(at('2026-03-27T11:00:00Z')).toISOString()).toBe('2026-03-31T10:00:00.000Z');
  });
  it('lasts 97 hours across the change to winter time', () => {
    // Fri 23 Oct 2026 12:00 CEST (10:00Z) → Tue 27 Oct 12:00 CET (11:00Z)
    expect(reflectionDeadline(at('2026-10-23T10:00:00Z')).toISOString()).toBe('2026-10-27T11:00:00.000Z');
  });
  it('counts Warsaw days, not UTC days (an order placed after midnight in Warsaw, still the day before in UTC)', () => {
    // 00:30 Warsaw on 10 June is 22:30Z on 9 June
    expect(reflectionDeadline(at('2026-06-09T22:30:00Z')).toISOString()).toBe('2026-06-13T22:30:00.000Z');
  });
  it('a wall time the spring change skips comes out an hour later', () => {
    // 25 Mar 2026 02:30 CET (01:30Z) + 4 days → 29 Mar 02:30 does not exist → 03:30 CEST (01:30Z)
    expect(addCalendarDays(at('2026-03-25T01:30:00Z'), 4).toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });
  it('answers what Intl answers at every instant, around each change of offset too (the offsets are cached)', () => {
    // The reference: the wall clock read with formatToParts for every instant, nothing kept.
    const f = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Warsaw', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    const offset = (t: number) => {
      const p = Object.fromEntries(f.formatToParts(new Date(t)).map((x) => [x.type, +x.value]));
      return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second, ((t % 1000) + 1000) % 1000) - t;
    };
    const reference = (t: number) => {
      const w = new Date(t + offset(t));
      const wall = Date.UTC(w.getUTCFullYear(), w.getUTCMonth(), w.getUTCDate() + 4, w.getUTCHours(), w.getUTCMinutes(), w.getUTCSeconds(), w.getUTCMilliseconds());
      return wall - offset(wall - offset(wall));
    };
    const instants: number[] = [];
    const from = Date.parse('2025-12-01T00:00:00Z');
    const to = Date.parse('2028-01-01T00:00:00Z');
    for (let t = from; t < to; t += 53 * 60_000 + 7_001) instants.push(t);
    // Each change of offset in the range, found by bisection, and the instants next to it.
    let changes = 0;
    for (let t = from; t < to; t += 3_600_000) {
      if (offset(t) === offset(t + 3_600_000)) continue;
      let [lo, hi] = [t, t + 3_600_000];
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (offset(mid) === offset(lo)) lo = mid;
        else hi = mid;
      }
      changes++;
      for (const d of [-86_400_000 * 4, -3_600_001, -1, 0, 1, 999, 3_599_999]) instants.push(hi + d);
    }
    expect(changes).toBe(4);
    const wrong = instants.filter((t) => reflectionDeadline(new Date(t)).getTime() !== reference(t));
    expect(wrong.map((t) => new Date(t).toISOString())).toEqual([]);
  });
  it('is open at its last second and closed one second later, by the injected clock', () => {
    const placed = at('2026-10-23T10:00:00Z');
    const deadline = reflectionDeadline(placed).getTime();
    expect(withinReflection(placed, () => new Date(deadline))).toBe(true);
    expect(withinReflection(placed, () => new Date(deadline + 1000))).toBe(false);
    expect(reflectionSecondsLeft(placed, () => new Date(deadline - 90_000))).toBe(90);
    expect(reflectionSecondsLeft(placed, () => new Date(deadline + 5000))).toBe(0);
    expect(reflectionSecondsLeft(placed, () => placed)).toBe(97 * 3600);
  });
});
