import styled from 'styled-components';
import { useLanguage } from '../../i18n/i18n';
import type { ChartDatum } from './chart';
import { formatPercent } from './format';

export function ChartLegend({ data }: { data: ChartDatum[] }) {
  const language = useLanguage();
  return (
    <List>
      {data.map((d, i) => (
        <li key={`${d.x}-${i}`}>
          <Swatch style={{ background: d.color }} aria-hidden="true" />
          <span>{d.x}</span>
          <strong>{formatPercent(d.percent, language)}</strong>
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
