// The paging control of a list (SPEC §2 "Pagination"): previous / page numbers / next and a page-size
// choice. It only renders the pagination chart's state and sends the user's choices to it; navigation and
// scrolling are the chart's effects. No pages renders nothing.
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import styled from 'styled-components';
import type { PaginationActorRef } from '../../../machines/pagination.machine';
import { useT } from '../../i18n/i18n';

export interface PaginationProps {
  actorRef: PaginationActorRef;
  /** the page-size options (6/9/12/15 on the offers list) */
  sizes: readonly number[];
}

/** Page numbers to show: all up to 7, else first, last and the current one's neighbours, with gaps. */
export function pageWindow(current: number, total: number): Array<number | 'gap'> {
  if (total <= 7) return Array.from({ length: total }, (_, i) => i + 1);
  const pages = new Set([1, total, current - 1, current, current + 1].filter((p) => p >= 1 && p <= total));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: Array<number | 'gap'> = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push('gap');
    out.push(p);
  });
  return out;
}

export function Pagination({ actorRef, sizes }: PaginationProps) {
  const t = useT();
  const selectId = useId();
  const empty = useSelector(actorRef, (s) => s.matches('empty'));
  const ready = useSelector(actorRef, (s) => s.hasTag('controls'));
  const page = useSelector(actorRef, (s) => s.context.page);
  const pageSize = useSelector(actorRef, (s) => s.context.pageSize);
  const totalPages = useSelector(actorRef, (s) => s.context.totalPages);

  if (empty || totalPages < 1) return null;
  const go = (p: number) => actorRef.send({ type: 'pagination.pageSelected', page: p });

  return (
    <Nav aria-label={t('offers.pagination.label')} data-testid="pagination">
      <Pages>
        <li>
          <PageButton type="button" onClick={() => go(page - 1)} disabled={!ready || page <= 1} aria-label={t('offers.pagination.previous')}>
            ‹
          </PageButton>
        </li>
        {pageWindow(page, totalPages).map((p, i) =>
          p === 'gap' ? (
            <li key={`gap${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <PageButton
                type="button"
                onClick={() => go(p)}
                disabled={!ready}
                aria-current={p === page ? 'page' : undefined}
                aria-label={t('offers.pagination.page', { page: p })}
              >
                {p}
              </PageButton>
            </li>
          ),
        )}
        <li>
          <PageButton
            type="button"
            onClick={() => go(page + 1)}
            disabled={!ready || page >= totalPages}
            aria-label={t('offers.pagination.next')}
          >
            ›
          </PageButton>
        </li>
      </Pages>
      <SizeField>
        <label htmlFor={selectId}>{t('offers.pagination.pageSize')}</label>
        <select
          id={selectId}
          value={pageSize}
          disabled={!ready}
          onChange={(e) => actorRef.send({ type: 'pagination.pageSizeSelected', pageSize: Number(e.target.value) })}
        >
          {sizes.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </SizeField>
    </Nav>
  );
}

const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 16px;
  margin-top: 32px;
`;

const Pages = styled.ul`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px;
  list-style: none;
  margin: 0;
  padding: 0;
`;

const PageButton = styled.button`
  min-width: 40px;
  min-height: 40px;
  padding: 0 10px;
  border-radius: ${({ theme }) => theme.radius}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.white};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 700;
  cursor: pointer;
  &[aria-current='page'] {
    background: ${({ theme }) => theme.colors.green};
    border-color: ${({ theme }) => theme.colors.green};
    color: ${({ theme }) => theme.colors.white};
  }
  &:disabled {
    cursor: default;
    opacity: 0.55;
  }
  &[aria-current='page']:disabled {
    opacity: 1;
  }
`;

const SizeField = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  select {
    min-height: 40px;
    padding: 0 8px;
    border-radius: ${({ theme }) => theme.radius}px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    font: inherit;
  }
`;
