import styled from 'styled-components';
import { useLanguage } from '../../i18n/i18n';
import type { ChartDatum } from './chart';
import { formatNumber, formatPercent } from '../../../lib/format';

/**
 * The chart's legend: each element's label and, on the right, its share of the total (pie, doughnut: the
 * parts of a whole) or its own value (bars: each bar is a quantity of its own, e.g. a price or a month's
 * occupancy), in the page language.
 */
export function ChartLegend({ data, show = 'percent' }: { data: ChartDatum[]; show?: 'percent' | 'value' }) {
  const language = useLanguage();
  return (
    <List data-legend={show}>
      {data.map((d, i) => (
        <li key={`${d.x}-${i}`}>
          <Swatch style={{ background: d.color }} aria-hidden="true" />
          <span>{d.x}</span>
          <strong>{show === 'value' ? formatNumber(d.y, language) : formatPercent(d.percent, language)}</strong>
        </li>
      ))}
    </List>
  );
}

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    align-items: center;
    gap: 8px;
    padding: 4px 0;
  }
  strong {
    margin-left: auto;
  }
`;

const Swatch = styled.span`
  width: 14px;
  height: 14px;
  border-radius: 3px;
  border: 1px solid rgba(0, 0, 0, 0.2);
`;
