// A table (SPEC §2, §9): over 8 rows it scrolls vertically inside a 600 px box with a shadow hinting
// that there is more below. Numbers in the cells' text take the page language's decimal mark (38,0 m² in pl).
import styled from 'styled-components';
import { useLanguage } from '../../i18n/i18n';
import { ServerHtml } from '../ui/ServerHtml';
import { localizeNumbersHtml } from './format';
import { SectionBlock } from './SectionBlock';
import type { SectionOf } from './types';

export const TABLE_MAX_HEIGHT = 600;
export const TABLE_SCROLL_ROWS = 8;

export function tableScrolls(rowCount: number): boolean {
  return rowCount > TABLE_SCROLL_ROWS;
}

export default function TableSection({ section }: { section: SectionOf<'table'> }) {
  const language = useLanguage();
  const columns = [...section.columns].sort((a, b) => a.position - b.position);
  const scrolls = tableScrolls(section.rows.length);
  return (
    <SectionBlock title={section.title} type="table">
      <Scroller $scrolls={scrolls} data-scrolls={scrolls} tabIndex={scrolls ? 0 : undefined} role={scrolls ? 'region' : undefined} aria-label={scrolls ? section.title || undefined : undefined}>
        <table>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.position} scope="col">
                  {c.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {section.rows.map((row, i) => (
              <tr key={i} style={{ background: row.backgroundColor || undefined, color: row.textColor || undefined }}>
                {columns.map((c) => (
                  <ServerHtml key={c.position} as="td" html={localizeNumbersHtml(row.cells[String(c.position)] ?? '', language)} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Scroller>
    </SectionBlock>
  );
}

const Scroller = styled.div<{ $scrolls: boolean }>`
  overflow-x: auto;
  ${({ $scrolls }) =>
    $scrolls
      ? `max-height: ${TABLE_MAX_HEIGHT}px;
         overflow-y: auto;
         box-shadow: inset 0 -16px 16px -12px rgba(59, 42, 32, 0.35);`
      : ''}
  table {
    width: 100%;
    border-collapse: collapse;
  }
  th,
  td {
    padding: 10px 12px;
    text-align: left;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  th {
    position: sticky;
    top: 0;
    background: ${({ theme }) => theme.colors.greenLight};
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
  }
`;
