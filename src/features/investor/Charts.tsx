// The investor area's charts (victory), loaded lazily: only the portfolio and single-investment screens
// import this module, so victory stays out of every other screen's code.
import { VictoryAxis, VictoryChart, VictoryLine, VictoryPie, VictoryScatter } from 'victory';
import styled from 'styled-components';

const PALETTE = ['#1f5c3a', '#6b5344', '#8fb996', '#c9a66b', '#3b2a20', '#4f8a63', '#a37b5c', '#2e7d4f'];

export interface AllocationSlice {
  label: string;
  value: number;
  /** text of the value */
  shown: string;
}

/** How the invested amount is spread across offers. */
export function AllocationChart({ slices, label }: { slices: AllocationSlice[]; label: string }) {
  if (slices.length === 0) return null;
  const total = slices.reduce((s, x) => s + x.value, 0) || 1;
  return (
    <Layout data-testid="allocation-chart">
      <figure role="img" aria-label={`${label}: ${slices.map((s) => `${s.label} ${s.shown}`).join(', ')}`}>
        <VictoryPie
          data={slices.map((s) => ({ x: s.label, y: s.value }))}
          colorScale={slices.map((_, i) => PALETTE[i % PALETTE.length])}
          innerRadius={70}
          labels={() => ''}
          padding={10}
          style={{ data: { stroke: '#fff', strokeWidth: 2 } }}
        />
      </figure>
      <ul>
        {slices.map((s, i) => (
          <li key={s.label}>
            <i style={{ background: PALETTE[i % PALETTE.length] }} aria-hidden="true" />
            {s.label}: <strong>{s.shown}</strong> ({Math.round((s.value / total) * 10_000) / 100}%)
          </li>
        ))}
      </ul>
    </Layout>
  );
}

export interface TimelinePoint {
  date: string;
  value: number;
}

/** The invested amount over time (cumulative, one point per paid order). */
export function InvestedOverTimeChart({ points, label, formatValue, formatDate }: { points: TimelinePoint[]; label: string; formatValue: (v: number) => string; formatDate: (iso: string) => string }) {
  if (points.length === 0) return null;
  const data = points.map((p) => ({ x: new Date(p.date), y: p.value / 100 }));
  if (data.length === 1) data.unshift({ x: new Date(data[0].x.getTime() - 86_400_000), y: 0 });
  return (
    <figure data-testid="timeline-chart" role="img" aria-label={`${label}: ${points.map((p) => `${formatDate(p.date)} ${formatValue(p.value)}`).join(', ')}`} style={{ margin: 0 }}>
      <VictoryChart scale={{ x: 'time' }} height={260} padding={{ top: 20, bottom: 40, left: 80, right: 20 }}>
        <VictoryAxis tickFormat={(d: Date) => formatDate(new Date(d).toISOString())} style={{ tickLabels: { fontSize: 10 } }} />
        <VictoryAxis dependentAxis tickFormat={(v: number) => formatValue(Math.round(v * 100))} style={{ tickLabels: { fontSize: 10 } }} />
        <VictoryLine data={data} interpolation="stepAfter" style={{ data: { stroke: PALETTE[0], strokeWidth: 3 } }} />
        <VictoryScatter data={data} size={4} style={{ data: { fill: PALETTE[1] } }} />
      </VictoryChart>
    </figure>
  );
}

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 260px) minmax(0, 1fr);
  gap: 24px;
  align-items: center;
  figure {
    margin: 0;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 6px;
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
