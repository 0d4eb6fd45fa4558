// The investor area's charts: named figures with a text summary and their data as a table; the timeline's
// axis shows each day once and its amounts from zero.
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDate, formatMoney } from '../../../lib/format';
import { AllocationChart, InvestedOverTimeChart } from '../../../src/features/investor/Charts';
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

  it('timeline: each day once on the x axis, the y axis from zero, and a data table', () => {
    const points = [
      { date: '2025-03-01T10:00:00.000Z', value: 50_000 },
      { date: '2025-03-02T09:00:00.000Z', value: 80_000 },
      { date: '2025-03-03T12:00:00.000Z', value: 100_000 },
    ];
    renderView(
      <InvestedOverTimeChart
        label="Invested over time"
        points={points}
        formatValue={(v) => formatMoney(v, 'en')}
        formatDate={(iso) => formatDate(iso, 'en')}
      />,
    );
    const figure = screen.getByRole('figure', { name: /^Invested over time: from .+ to .+ the invested amount grew to .*1,000\.00.* \(3 payments\)\.$/ });
    const texts = Array.from(figure.querySelectorAll('svg text')).map((el) => el.textContent ?? '');
    const dates = points.map((p) => formatDate(p.date, 'en'));
    for (const d of dates) expect(texts.filter((x) => x === d)).toHaveLength(1);
    // the lowest amount on the y axis is zero
    const amounts = texts.filter((x) => /zł|PLN/.test(x));
    expect(amounts[0]).toMatch(/^(PLN\s?)?0\.00/);
    const table = within(figure).getByTestId('timeline-table');
    expect(within(table).getAllByRole('row').slice(1).map((r) => r.querySelector('th')!.textContent)).toEqual(dates);
  });
});
