// The investor area's charts (victory), loaded lazily: only the portfolio and single-investment screens
// import this module, so victory stays out of every other screen's code.
import { VictoryAxis, VictoryChart, VictoryLine, VictoryPie, VictoryScatter } from 'victory';
import { useId } from 'react';
import styled from 'styled-components';
import { useT } from '../../i18n/i18n';

// Each chart is a figure named by its caption (the chart's title and a one-sentence summary), and its data
// as a table under a disclosure: the drawing itself is hidden from assistive technology, which gets the
// same figures as text.

const PALETTE = ['#1f5c3a', '#6b5344', '#8fb996', '#c9a66b', '#3b2a20', '#4f8a63', '#a37b5c', '#2e7d4f'];

export interface AllocationSlice {
  label: string;
  value: number;
  /** text of the value */
  shown: string;
}

/** How the invested amount is spread across offers. */
export function AllocationChart({ slices, label }: { slices: AllocationSlice[]; label: string }) {
  const t = useT();
  const id = useId();
  if (slices.length === 0) return null;
  const total = slices.reduce((s, x) => s + x.value, 0) || 1;
  const share = (value: number) => `${Math.round((value / total) * 10_000) / 100}%`;
  const largest = slices.reduce((a, b) => (b.value > a.value ? b : a));
  return (
    <Layout as="figure" data-testid="allocation-chart" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="visually-hidden">
        {label}: {t('investor.charts.allocationSummary', { count: slices.length, largest: largest.label, share: share(largest.value) })}
      </figcaption>
      <div aria-hidden="true">
        <VictoryPie
          data={slices.map((s) => ({ x: s.label, y: s.value }))}
          colorScale={slices.map((_, i) => PALETTE[i % PALETTE.length])}
          innerRadius={70}
          labels={() => ''}
          padding={10}
          style={{ data: { stroke: '#fff', strokeWidth: 2 } }}
        />
      </div>
      {/* The legend is the data table: each offer, its amount and its share. */}
      <table>
        <caption className="visually-hidden">{label}</caption>
        <thead className="visually-hidden">
          <tr>
            <th scope="col">{t('investor.charts.offer')}</th>
            <th scope="col">{t('investor.charts.amount')}</th>
            <th scope="col">{t('investor.charts.share')}</th>
          </tr>
        </thead>
        <tbody>
          {slices.map((s, i) => (
            <tr key={s.label}>
              <th scope="row">
                <i style={{ background: PALETTE[i % PALETTE.length] }} aria-hidden="true" />
                {s.label}
              </th>
              <td>
                <strong>{s.shown}</strong>
              </td>
              <td>{share(s.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Layout>
  );
}

/** Cumulative figures at one moment (grosze): contract/portfolio.ts valuePointSchema. */
export interface ValuePoint {
  date: string;
  investedAmount: number;
  incomeNet: number;
  capitalReturned: number;
}

/** Midnight UTC of an ISO date: the chart's points and ticks are whole days. */
const dayOf = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));

type SeriesKey = 'investedAmount' | 'incomeNet' | 'capitalReturned';
const SERIES: { key: SeriesKey; text: string; color: string; dash?: string }[] = [
  { key: 'investedAmount', text: 'investor.charts.invested', color: PALETTE[0] },
  { key: 'incomeNet', text: 'investor.charts.incomeNet', color: PALETTE[1], dash: '6,3' },
  { key: 'capitalReturned', text: 'investor.charts.capitalReturned', color: PALETTE[4], dash: '2,3' },
];

/**
 * An investment (or the whole portfolio) over time, cumulative: the invested amount, the net income received
 * and the capital returned, one point per payment or executed payout. The x axis shows each day with a point
 * once (a time scale's own ticks fall several to a day, which a date-only label repeats); the y axis starts at
 * zero, so a line's height is the amount. Capital returned is drawn only once there is some. Series are told
 * apart by colour and dash, and named in the legend.
 */
export function ValueOverTimeChart({ points, label, formatValue, formatDate }: { points: ValuePoint[]; label: string; formatValue: (v: number) => string; formatDate: (iso: string) => string }) {
  const t = useT();
  const id = useId();
  if (points.length === 0) return null;
  const last = points[points.length - 1];
  const series = SERIES.filter((s) => s.key !== 'capitalReturned' || last.capitalReturned > 0);
  // One value per day and series (the day's last), so a day's several events draw one point.
  const byDay = new Map<number, ValuePoint>();
  for (const p of points) byDay.set(dayOf(p.date), p);
  const days = [...byDay.keys()].sort((a, b) => a - b);
  const lines = series.map((s) => {
    const data = days.map((d) => ({ x: new Date(d), y: byDay.get(d)![s.key] / 100 }));
    if (data.length === 1) data.unshift({ x: new Date(days[0] - 86_400_000), y: 0 });
    return { ...s, data };
  });
  const max = Math.max(...lines.flatMap((l) => l.data.map((d) => d.y))) || 1;
  const ticks = [...new Set(lines[0].data.map((d) => d.x.getTime()))].map((ms) => new Date(ms));
  return (
    <figure data-testid="timeline-chart" aria-labelledby={`${id}-caption`} style={{ margin: 0 }}>
      <figcaption id={`${id}-caption`} className="visually-hidden">
        {label}:{' '}
        {t('investor.charts.timelineSummary', {
          from: formatDate(points[0].date),
          to: formatDate(last.date),
          invested: formatValue(last.investedAmount),
          income: formatValue(last.incomeNet),
          capital: formatValue(last.capitalReturned),
          count: points.length,
        })}
      </figcaption>
      <Legend aria-hidden="true">
        {series.map((s) => (
          <li key={s.key}>
            <svg width="24" height="8">
              <line x1="0" y1="4" x2="24" y2="4" stroke={s.color} strokeWidth="3" strokeDasharray={s.dash} />
            </svg>
            {t(s.text)}
          </li>
        ))}
      </Legend>
      <div aria-hidden="true">
        <VictoryChart scale={{ x: 'time' }} domain={{ y: [0, max * 1.1] }} height={260} padding={{ top: 20, bottom: 40, left: 80, right: 20 }}>
          <VictoryAxis tickValues={ticks} tickFormat={(d: Date) => formatDate(new Date(d).toISOString())} style={{ tickLabels: { fontSize: 10 } }} />
          <VictoryAxis dependentAxis crossAxis={false} tickFormat={(v: number) => formatValue(Math.round(v * 100))} style={{ tickLabels: { fontSize: 10 } }} />
          {lines.map((l) => (
            <VictoryLine key={l.key} data={l.data} interpolation="stepAfter" style={{ data: { stroke: l.color, strokeWidth: 3, strokeDasharray: l.dash } }} />
          ))}
          {lines.map((l) => (
            <VictoryScatter key={`${l.key}-points`} data={l.data} size={3} style={{ data: { fill: l.color } }} />
          ))}
        </VictoryChart>
      </div>
      <details>
        <summary>{t('investor.charts.showData')}</summary>
        <table data-testid="timeline-table">
          <caption className="visually-hidden">{label}</caption>
          <thead>
            <tr>
              <th scope="col">{t('investor.charts.date')}</th>
              {SERIES.map((s) => (
                <th scope="col" key={s.key}>
                  {t(s.text)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {points.map((p, i) => (
              <tr key={i} data-testid="timeline-row">
                <th scope="row">{formatDate(p.date)}</th>
                <td>{formatValue(p.investedAmount)}</td>
                <td>{formatValue(p.incomeNet)}</td>
                <td>{formatValue(p.capitalReturned)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

const Legend = styled.ul`
  list-style: none;
  margin: 0 0 4px;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 4px 16px;
  font-size: 0.9rem;
  li {
    display: flex;
    align-items: center;
    gap: 6px;
  }
`;

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 260px) minmax(0, 1fr);
  gap: 24px;
  align-items: center;
  margin: 0;
  table {
    border-collapse: collapse;
  }
  th,
  td {
    padding: 3px 8px 3px 0;
    text-align: left;
    font-weight: normal;
  }
  i {
    display: inline-block;
    width: 12px;
    height: 12px;
    margin-right: 8px;
    border-radius: 2px;
  }
  @media (max-width: 600px) {
    grid-template-columns: 1fr;
  }
`;
