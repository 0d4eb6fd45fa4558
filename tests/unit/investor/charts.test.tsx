// The investor area's charts: named figures with a text summary and their data as a table; the timeline's
// axis shows each day once and its amounts from zero.
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDate, formatMoney } from '../../../lib/format';
import { AllocationChart, ValueOverTimeChart } from '../../../src/features/investor/Charts';
import { loadTexts, renderView } from '../layout/render';

describe('investor charts', () => {
  beforeAll(loadTexts);

  it('allocation: a figure named by its caption, the slices as table rows', () => {
    renderView(
      <AllocationChart
        label="Allocation"
        slices={[
          { label: 'Green Terraces', value: 75_000, shown: '750.00 zł' },
          { label: 'Old Mill', value: 25_000, shown: '250.00 zł' },
        ]}
      />,
    );
    const figure = screen.getByRole('figure', { name: /^Allocation: 2 investments; the largest, Green Terraces, is 75% of the total\.$/ });
    expect(figure.querySelector('svg')!.closest('[aria-hidden="true"]')).not.toBeNull();
    const rows = within(figure).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['Green Terraces750.00 zł75%', 'Old Mill250.00 zł25%']);
  });

  it('over time: each day once on the x axis, the y axis from zero, every series in the data table', () => {
    const points = [
      { date: '2025-03-01T10:00:00.000Z', investedAmount: 50_000, incomeNet: 0, capitalReturned: 0 },
      { date: '2025-03-02T09:00:00.000Z', investedAmount: 80_000, incomeNet: 0, capitalReturned: 0 },
      // two events on one day: one point on the axis, two rows in the table
      { date: '2025-03-03T12:00:00.000Z', investedAmount: 100_000, incomeNet: 0, capitalReturned: 0 },
      { date: '2025-03-03T15:00:00.000Z', investedAmount: 100_000, incomeNet: 1_129, capitalReturned: 0 },
    ];
    renderView(
      <ValueOverTimeChart label="Over time" points={points} formatValue={(v: number) => formatMoney(v, 'en')} formatDate={(iso: string) => formatDate(iso, 'en')} />,
    );
    const figure = screen.getByRole('figure', {
      name: /^Over time: from .+ to .+: .*1,000\.00 invested in total, .*11\.29 net income received, .*0\.00 capital returned \(4 payments and payouts\)\.$/,
    });
    const texts = Array.from(figure.querySelectorAll('svg text')).map((el) => el.textContent ?? '');
    const dates = [...new Set(points.map((p) => formatDate(p.date, 'en')))];
    for (const d of dates) expect(texts.filter((x) => x === d)).toHaveLength(1);
    // the lowest amount on the y axis is zero
    const amounts = texts.filter((x) => /zł|PLN/.test(x));
    expect(amounts[0]).toMatch(/^(PLN\s?)?0\.00/);
    // no capital returned: its line is not drawn (the legend names two series), but the table has its column
    expect(within(figure).getByText('Net income received', { selector: 'li' })).toBeTruthy();
    expect(within(figure).queryByText('Capital returned', { selector: 'li' })).toBeNull();
    const table = within(figure).getByTestId('timeline-table');
    const rows = within(table).getAllByRole('row');
    expect(rows[0].textContent).toBe('DateInvested in totalNet income receivedCapital returned');
    expect(rows.slice(1).map((r) => Array.from(r.children).map((c) => c.textContent))).toEqual(
      points.map((p) => [formatDate(p.date, 'en'), formatMoney(p.investedAmount, 'en'), formatMoney(p.incomeNet, 'en'), formatMoney(p.capitalReturned, 'en')]),
    );
  });
});
