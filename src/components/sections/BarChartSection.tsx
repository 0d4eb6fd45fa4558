// barChart (victory; loaded lazily by the section grid).
import { VictoryAxis, VictoryBar, VictoryChart } from 'victory';
import { ChartLegend } from './ChartLegend';
import { chartData } from './chart';
import { SectionBlock } from './SectionBlock';
import type { ChartSection } from './types';

export default function BarChartSection({ section }: { section: ChartSection }) {
  const data = chartData(section.elements);
  if (data.length === 0) return null;
  return (
    <SectionBlock title={section.title} type="barChart">
      <figure role="img" aria-label={data.map((d) => `${d.x}: ${d.y}`).join(', ')} style={{ margin: 0 }}>
        <VictoryChart domainPadding={24} padding={{ top: 16, bottom: 48, left: 56, right: 16 }}>
          <VictoryAxis />
          <VictoryAxis dependentAxis />
          <VictoryBar data={data} style={{ data: { fill: ({ datum }) => (datum as { color: string }).color } }} />
        </VictoryChart>
      </figure>
      <ChartLegend data={data} show="value" />
    </SectionBlock>
  );
}
