// The back office's shared pieces, written once for every screen: the area (nav, title, actions), the
// load states, the action form and its fields and outcome, the search filter, the data table, the pager
// and the styles. Loading this module adds the back office's texts to the dictionaries.
import { useId, type Key, type ReactNode } from 'react';
import styled from 'styled-components';
import { Link, useLocation, useSearch } from 'wouter';
import type { DownloadedFile } from '../../api/http';
import { useAppSystem } from '../../system/AppSystemContext';
import { Button } from '../../components/ui/Button';
import type { Load } from '../../components/ui/useLoad';
import { usePageTitle } from '../../components/ui/usePageTitle';
import type { Language } from '../../config/env';
import { href, type RouteName } from '../../../contract/routes';
import { formatDate } from '../../../lib/format';
import { addTexts, useLanguage, useT } from '../../i18n/i18n';
import { createOperatorApi, type OperatorApi } from './api';
import { operatorTexts } from './texts';
import type { OperatorAction } from './useOperatorAction';

addTexts(operatorTexts);

export function useOperatorApi(): OperatorApi {
  const { http } = useAppSystem();
  return createOperatorApi(http);
}

export const when = (iso: string | null, language: Language) => formatDate(iso, language, 'dateTime');

/** Saves a downloaded export (CSV) under the name the server gave it. */
export async function saveFile(download: () => Promise<DownloadedFile>, fallbackName: string) {
  const file = await download();
  const url = URL.createObjectURL(file.blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = file.fileName ?? fallbackName;
  a.click();
  URL.revokeObjectURL(url);
}

// ---------- layout ----------

const NAV: [RouteName, string][] = [
  ['operatorOverview', 'overview'],
  ['operatorStatements', 'statements'],
  ['operatorExceptions', 'exceptions'],
  ['operatorOrders', 'orders'],
  ['operatorOffers', 'offers'],
  ['operatorDistributions', 'distributions'],
  ['operatorPayouts', 'payouts'],
  ['operatorInvestors', 'investors'],
  ['operatorSettings', 'settings'],
  ['operatorAudit', 'audit'],
];

export function Area({ title, testId, children, actions }: { title: string; testId: string; children: ReactNode; actions?: ReactNode }) {
  const t = useT();
  const language = useLanguage();
  const [location] = useLocation();
  usePageTitle(title);
  return (
    <Wrap data-testid={testId}>
      <Nav aria-label={t('operator.nav.label')}>
        {NAV.map(([name, key]) => {
          const to = href(language, name);
          return (
            <Link key={name} href={to} aria-current={location === to ? 'page' : undefined}>
              {t(`operator.nav.${key}`)}
            </Link>
          );
        })}
      </Nav>
      <Head>
        <h1>{title}</h1>
        {actions}
      </Head>
      {children}
    </Wrap>
  );
}

export function Loaded<T>({ load, children }: { load: Pick<Load<T>, 'status' | 'data' | 'retry' | 'skeleton' | 'refreshing'>; children: (data: T) => ReactNode }) {
  const t = useT();
  if (load.status === 'failure')
    return (
      <p role="alert">
        {t('operator.loadFailed')} <Button type="button" variant="secondary" onClick={load.retry}>{t('operator.retry')}</Button>
      </p>
    );
  if (!load.data) return <p role="status">{t('operator.loading')}</p>;
  // While the next page, or the data again after an action, is on its way, the old data stays on screen:
  // marked busy, so assistive technology does not read it as current. Always the same element, so the
  // children keep their state across the mark.
  return <div aria-busy={load.skeleton || load.refreshing ? true : undefined}>{children(load.data)}</div>;
}

// ---------- an action's form, fields and answer ----------

/** A form that submits its action (the chart checks the draft). */
export function ActionForm({ action, children, testId }: { action: OperatorAction; children: ReactNode; testId?: string }) {
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        action.submit();
      }}
      data-testid={testId}
    >
      {children}
    </form>
  );
}

export function TextField({ action, field, label, multiline, testId }: { action: OperatorAction; field: string; label: string; multiline?: boolean; testId?: string }) {
  const id = useId();
  const t = useT();
  const missing = action.missing.includes(field);
  return (
    <FieldBox>
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea id={id} value={action.draft[field] ?? ''} onChange={(e) => action.change(field, e.target.value)} aria-invalid={missing} data-testid={testId} />
      ) : (
        <input id={id} value={action.draft[field] ?? ''} onChange={(e) => action.change(field, e.target.value)} aria-invalid={missing} data-testid={testId} />
      )}
      {missing && <FieldError role="alert">{field === 'reason' ? t('operator.reasonMissing') : t('errors.IS_EMPTY')}</FieldError>}
    </FieldBox>
  );
}

/** A yes/no field of an action's draft ('true' / 'false'). */
export function CheckField({ action, field, label }: { action: OperatorAction; field: string; label: string }) {
  return (
    <label>
      <input type="checkbox" checked={action.draft[field] === 'true'} onChange={(e) => action.change(field, String(e.target.checked))} /> {label}
    </label>
  );
}

/** A labelled select (its options are the children). */
export function SelectField({ label, value, onChange, testId, children }: { label: string; value: string; onChange: (value: string) => void; testId?: string; children: ReactNode }) {
  const id = useId();
  return (
    <FieldBox>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        {children}
      </select>
    </FieldBox>
  );
}

export function ActionOutcome({ action, doneText }: { action: OperatorAction; doneText: string }) {
  const t = useT();
  if (action.error)
    return (
      <Notice role="alert" $error data-testid="action-error">
        {action.error.message || action.error.code}{' '}
        <Button type="button" variant="ghost" onClick={action.dismiss}>{t('operator.close')}</Button>
      </Notice>
    );
  if (action.done)
    return (
      <Notice role="status" data-testid="action-done">
        {doneText} <Button type="button" variant="ghost" onClick={action.dismiss}>{t('operator.close')}</Button>
      </Notice>
    );
  return null;
}

// ---------- lists: search, table, pager ----------

/** A search box (with any other filters as children) whose form applies the typed text. */
export function SearchFilter({
  label,
  value,
  onChange,
  onSearch,
  testId,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onSearch: () => void;
  testId?: string;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <Filters
      onSubmit={(e) => {
        e.preventDefault();
        onSearch();
      }}
    >
      <FieldBox>
        <label htmlFor={id}>{label}</label>
        <input id={id} type="search" value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId} />
      </FieldBox>
      {children}
      <Button type="submit">{label.split(' ')[0]}</Button>
    </Filters>
  );
}

export interface Column<T> {
  /** The header; a table with no headers has no thead. */
  head?: string;
  cell: (row: T) => ReactNode;
  testId?: string;
}

export function DataTable<T>({
  rows,
  columns,
  rowKey,
  rowProps,
  testId,
}: {
  rows: T[];
  columns: Column<T>[];
  rowKey: (row: T, index: number) => Key;
  rowProps?: (row: T) => Record<string, string>;
  testId?: string;
}) {
  const t = useT();
  return (
    <Table data-testid={testId}>
      {columns.some((c) => c.head !== undefined) && (
        <thead>
          <tr>
            {columns.map((c, i) => (
              <th key={i}>{c.head}</th>
            ))}
          </tr>
        </thead>
      )}
      <tbody>
        {rows.map((row, index) => (
          <tr key={rowKey(row, index)} {...rowProps?.(row)}>
            {columns.map((c, i) => (
              <td key={i} data-testid={c.testId}>
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
        {/* An empty table still says so in a cell under its headers: column headers with no cell are not
            headers of anything to a screen reader. */}
        {rows.length === 0 && (
          <tr>
            <td colSpan={columns.length} data-testid="table-empty">
              {t('operator.table.empty')}
            </td>
          </tr>
        )}
      </tbody>
    </Table>
  );
}

/** ‹ n / N ›: `go` moves to another page. */
export function PageButtons({ page, totalPages, go, testId }: { page: number; totalPages: number; go: (page: number) => void; testId?: string }) {
  return (
    <Pager data-testid={testId}>
      <Button type="button" variant="ghost" aria-label="‹" disabled={page <= 1} onClick={() => go(page - 1)}>‹</Button>
      <span>{page} / {Math.max(1, totalPages)}</span>
      <Button type="button" variant="ghost" aria-label="›" disabled={page >= totalPages} onClick={() => go(page + 1)}>›</Button>
    </Pager>
  );
}

/** The page in the address (?page=N). */
export function usePageParam(): number {
  const search = useSearch();
  return Math.max(1, Number(new URLSearchParams(search).get('page') ?? '1') || 1);
}

/** The pager of a list paged by ?page=N alone (none while there is one page). */
export function QueryPager({ route, page, totalPages }: { route: RouteName; page: number; totalPages: number }) {
  const language = useLanguage();
  const [, navigate] = useLocation();
  if (totalPages <= 1 && page <= 1) return null;
  return <PageButtons testId="pager" page={page} totalPages={totalPages} go={(next) => navigate(`${href(language, route)}${next > 1 ? `?page=${next}` : ''}`)} />;
}

// ---------- styles ----------

const Wrap = styled.main`
  max-width: 1200px;
  margin: 0 auto;
  padding: 24px 16px 64px;
`;
const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 16px;
  padding-bottom: 12px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  a[aria-current='page'] {
    font-weight: 700;
  }
`;
const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
`;
const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  margin: 12px 0;
  td,
  th {
    text-align: left;
    padding: 6px 8px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: top;
  }
`;
export const Card = styled.div`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 8px;
  padding: 12px 16px;
  margin: 12px 0;
`;
export const Stats = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: 24px;
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-weight: 700;
  }
`;
export const FieldBox = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  margin: 8px 0;
  input:not([type='checkbox']),
  select,
  textarea {
    padding: 8px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: 4px;
    font: inherit;
  }
  :focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
  }
`;
export const FieldError = styled.span`
  color: ${({ theme }) => theme.colors.error};
`;
export const Notice = styled.div<{ $error?: boolean }>`
  margin: 8px 0;
  padding: 8px 12px;
  border-radius: 4px;
  background: ${({ $error, theme }) => ($error ? '#fdecea' : theme.colors.greenLight)};
  color: ${({ $error, theme }) => ($error ? theme.colors.error : theme.colors.text)};
`;
const Filters = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 12px;
`;
const Pager = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
`;
