// pieChart and doughnut (victory; loaded lazily by the section grid).
import { VictoryPie } from 'victory';
import styled from 'styled-components';
import { ChartLegend } from './ChartLegend';
import { chartData } from './chart';
import { SectionBlock } from './SectionBlock';
import type { ChartSection } from './types';

export default function PieChartSection({ section }: { section: ChartSection }) {
  const data = chartData(section.elements);
  if (data.length === 0) return null;
  return (
    <SectionBlock title={section.title} type={section.type}>
      <Layout>
        <figure role="img" aria-label={data.map((d) => `${d.x}: ${d.percent}%`).join(', ')}>
          <VictoryPie
            data={data}
            colorScale={data.map((d) => d.color)}
            innerRadius={section.type === 'doughnut' ? 80 : 0}
            labels={() => ''}
            padding={10}
            style={{ data: { stroke: '#fff', strokeWidth: 2 } }}
          />
        </figure>
        <ChartLegend data={data} />
      </Layout>
    </SectionBlock>
  );
}

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: 24px;
  align-items: center;
  figure {
    margin: 0;
  }
  @media (max-width: 600px) {
    grid-template-columns: 1fr;
  }
`;
