// The paging control of a list (SPEC §2 "Pagination"): previous / page numbers / next and a page-size
// choice. `PageControl` renders what it is given and reports the user's choices (with `hrefFor` the pages
// are links, so "open in a new tab" works; a plain click is still the chart's choice). The list's chart
// feeds it (machines/offersList.machine.ts, machines/pagedList.machine.ts); navigation and scrolling are
// the charts' effects. No pages renders nothing.
import { useId, type MouseEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { useT } from '../../i18n/i18n';

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

export interface PageControlProps {
  page: number;
  pageSize: number;
  totalPages: number;
  /** false while the list waits for an answer: the choices do nothing */
  ready: boolean;
  sizes: readonly number[];
  /** the address of a page: given, the pages are links (open in a new tab works) */
  hrefFor?: (page: number) => string;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
  /** the control's name and its size choice's label (the offers list's words when not given) */
  label?: string;
  pageSizeLabel?: string;
}

/** A plain click is the chart's choice; a modified or middle click is the browser's (a new tab). */
const plainClick = (e: MouseEvent<HTMLAnchorElement>) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

/** The control itself: it renders what it is given and reports the user's choices. No pages renders nothing. */
export function PageControl({ page, pageSize, totalPages, ready, sizes, hrefFor, onPage, onPageSize, label, pageSizeLabel }: PageControlProps) {
  const t = useT();
  const selectId = useId();
  if (totalPages < 1) return null;

  const item = (target: number, label: string, content: ReactNode, disabled: boolean, current = false) => {
    if (!hrefFor) {
      return (
        <PageButton
          type="button"
          onClick={() => onPage(target)}
          disabled={disabled}
          aria-current={current ? 'page' : undefined}
          aria-label={label}
        >
          {content}
        </PageButton>
      );
    }
    // An edge's previous/next goes nowhere: no address. A link without href has no role, and a name on an
    // element without a role is not read; so it stays a link, disabled (the ARIA pattern for a disabled link).
    if (disabled && !current && (target < 1 || target > totalPages)) {
      return (
        <PageButton as="a" role="link" aria-disabled="true" aria-label={label} data-disabled="true">
          {content}
        </PageButton>
      );
    }
    return (
      <PageButton
        as="a"
        href={hrefFor(target)}
        aria-current={current ? 'page' : undefined}
        aria-disabled={disabled ? 'true' : undefined}
        aria-label={label}
        onClick={(e: MouseEvent<HTMLAnchorElement>) => {
          if (!plainClick(e)) return;
          e.preventDefault();
          if (!disabled && !current) onPage(target);
        }}
      >
        {content}
      </PageButton>
    );
  };

  return (
    <Nav aria-label={label ?? t('offers.pagination.label')} data-testid="pagination">
      <Pages>
        <li>{item(page - 1, t('offers.pagination.previous'), '‹', !ready || page <= 1)}</li>
        {pageWindow(page, totalPages).map((p, i) =>
          p === 'gap' ? (
            <li key={`gap${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>{item(p, t('offers.pagination.page', { page: p }), p, !ready, p === page)}</li>
          ),
        )}
        <li>{item(page + 1, t('offers.pagination.next'), '›', !ready || page >= totalPages)}</li>
      </Pages>
      <SizeField>
        <label htmlFor={selectId}>{pageSizeLabel ?? t('offers.pagination.pageSize')}</label>
        <select id={selectId} value={pageSize} disabled={!ready} onChange={(e) => onPageSize(Number(e.target.value))}>
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

/** The control's place while the first answer is awaited (the control's height: no layout shift). */
export const PageControlPlaceholder = styled.div`
  min-height: 40px;
  margin-top: 32px;
`;

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
  display: inline-flex;
  align-items: center;
  justify-content: center;
  text-decoration: none;
  &:disabled,
  &[aria-disabled='true'] {
    cursor: default;
    opacity: 0.55;
  }
  &[aria-current='page']:disabled,
  &[aria-current='page'][aria-disabled='true'] {
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
