// Pieces the investor-area screens share: the page frame, the sub-navigation, skeletons, empty states,
// errors with retry, status badges, the funding progress bar and dates.
import { useSelector } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Link, useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { useActorRef } from '@xstate/react';
import { fileDownloadMachine, type FileRequest } from '../../../machines/fileDownload.machine';
import type { DownloadedFile, Http } from '../../api/http';
import { useAppSystem } from '../../system/AppSystemContext';
import { Skeleton as Shimmer } from '../media/Image';
import { Button } from '../ui/Button';
import type { Language } from '../../config/env';
import { href, type RouteName } from '../../../contract/routes';
import { useLanguage, useT, useTranslateError } from '../../i18n/i18n';
import { formatDate as formatDateIn } from '../../../lib/format';

export function formatDate(iso: string | null, language: Language, withTime = true): string {
  return formatDateIn(iso, language, withTime ? 'mediumTime' : 'medium') || '—';
}

const NAV: RouteName[] = ['dashboard', 'portfolio', 'orders', 'transactions', 'payouts', 'documents', 'settings'];

export function InvestorPage({ testId, title, subtitle, children, actions }: { testId: string; title: string; subtitle?: ReactNode; children: ReactNode; actions?: ReactNode }) {
  const t = useT();
  const language = useLanguage();
  const [pathname] = useLocation();
  return (
    <Frame data-testid={testId} aria-labelledby={`${testId}-title`}>
      <SubNav aria-label={t('investor.nav.label')}>
        {NAV.map((name) => {
          const target = href(language, name);
          const current = pathname === target || (name !== 'dashboard' && name !== 'settings' && pathname.startsWith(target));
          return (
            <Link key={name} href={target} aria-current={current ? 'page' : undefined}>
              {t(`investor.nav.${name}`)}
            </Link>
          );
        })}
      </SubNav>
      <Header>
        <div>
          <h1 id={`${testId}-title`}>{title}</h1>
          {subtitle && <Subtitle data-testid={`${testId}-subtitle`}>{subtitle}</Subtitle>}
        </div>
        {actions && <div className="actions">{actions}</div>}
      </Header>
      {children}
    </Frame>
  );
}

export function Skeleton({ rows = 3, testId = 'skeleton' }: { rows?: number; testId?: string }) {
  const t = useT();
  return (
    <SkeletonList data-testid={testId} aria-busy="true" aria-label={t('investor.loading')}>
      {Array.from({ length: rows }, (_, i) => (
        <li key={i}>
          <Shimmer aria-hidden="true" />
        </li>
      ))}
    </SkeletonList>
  );
}

export function Empty({ text, testId, children }: { text: string; testId: string; children?: ReactNode }) {
  return (
    <EmptyBox data-testid={testId}>
      <p>{text}</p>
      {children}
    </EmptyBox>
  );
}

/** A failed load: its translated error and a retry button. */
export function LoadError({ error, onRetry, testId = 'load-error' }: { error: unknown; onRetry: () => void; testId?: string }) {
  const t = useT();
  const translateError = useTranslateError();
  const code = (error as { code?: string } | null)?.code ?? 'GENERIC';
  return (
    <ErrorBox role="alert" data-testid={testId}>
      <p>{t('investor.loadFailed')}</p>
      <p className="detail">{translateError(code)}</p>
      <Button type="button" variant="secondary" onClick={onRetry}>
        {t('investor.retry')}
      </Button>
    </ErrorBox>
  );
}

export function StatusBadge({ status, kind = 'order' }: { status: string; kind?: 'order' | 'transaction' }) {
  const t = useT();
  return (
    <Badge data-status={status} data-testid="status-badge">
      {t(`investor.${kind}Status.${status}`)}
    </Badge>
  );
}

/** SPEC §9: developer's part and investors' part of the total cost; how much of the investors' part is sold. */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  const clamped = Math.max(0, Math.min(100, percent));
  return (
    <Progress>
      <div role="progressbar" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100} aria-label={label}>
        <span style={{ width: `${clamped}%` }} />
      </div>
    </Progress>
  );
}

/**
 * Opening or saving a private file through machines/fileDownload.machine.ts: a preview opens a blank tab
 * in the click and points it at the fetched file; a download saves it under the server's name.
 */
export function useFileDownload() {
  const { http } = useAppSystem();
  return useFileDownloadWith((url, signal) => fetchPrivateFile(http, url, signal));
}

/** A private file (issued PDF, CSV export) by its API path, with the bearer token. */
export function fetchPrivateFile(http: Http, url: string, signal?: AbortSignal): Promise<DownloadedFile> {
  return http<DownloadedFile>(url, { responseType: 'blob', signal });
}

/** The same, with the fetch given (tests). */
export function useFileDownloadWith(fetchFile: (url: string, signal: AbortSignal) => Promise<DownloadedFile>) {
  // One chart per hook (as useActorRef keeps the first one anyway); the tab opened for a file lives in its
  // closure, which only the chart's actions touch, never a render.
  const [machine] = useState(() => {
    let tab: Window | null = null;
    return fileDownloadMachine.provide({
      actors: { fetchFile: fromPromise(({ input, signal }) => fetchFile((input as FileRequest).url, signal)) },
      actions: {
        prepare: (_, { request }) => {
          tab = request.mode === 'open' && typeof window.open === 'function' ? window.open('', '_blank') : null;
        },
        deliver: (_, { request, file }) => {
          const { blob, fileName } = file as DownloadedFile;
          const url = URL.createObjectURL(blob);
          if (request.mode === 'open' && tab) {
            tab.location.href = url;
          } else {
            const a = document.createElement('a');
            a.href = url;
            a.download = fileName ?? request.fallbackName;
            document.body.appendChild(a);
            a.click();
            a.remove();
          }
          tab = null;
          setTimeout(() => URL.revokeObjectURL(url), 60_000);
        },
        discard: () => {
          tab?.close();
          tab = null;
        },
      },
    });
  });
  const actor = useActorRef(machine);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failed = useSelector(actor, (s) => s.hasTag('failed'));
  const current = useSelector(actor, (s) => s.context.request);
  return {
    busy,
    failed,
    current,
    request: (request: FileRequest) => actor.send({ type: 'file.requested', request }),
    retry: () => actor.send({ type: 'file.retried' }),
    dismiss: () => actor.send({ type: 'file.dismissed' }),
  };
}

export function FileFailure({ onRetry, onDismiss }: { onRetry: () => void; onDismiss: () => void }) {
  const t = useT();
  return (
    <ErrorBox role="alert" data-testid="file-failed">
      <p>{t('investor.documents.loadFailed')}</p>
      <div className="row">
        <Button type="button" variant="secondary" onClick={onRetry}>
          {t('investor.retry')}
        </Button>
        <Button type="button" variant="ghost" onClick={onDismiss}>
          {t('investor.close')}
        </Button>
      </div>
    </ErrorBox>
  );
}

const Frame = styled.section`
  max-width: ${({ theme }) => theme.layout.sectionMaxWidth}px;
  margin: 0 auto;
  padding: 32px ${({ theme }) => theme.layout.sectionPaddingSmall}px ${({ theme }) => theme.layout.sectionPadding}px;
  display: grid;
  gap: 20px;
  h1 {
    margin: 0;
  }
  h2 {
    margin: 0 0 8px;
    font-size: 1.25rem;
  }
`;

const SubNav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  a {
    padding: 8px 12px;
    border-radius: ${({ theme }) => theme.radius}px;
    color: ${({ theme }) => theme.colors.green};
    font-weight: 700;
    text-decoration: none;
  }
  a[aria-current='page'] {
    background: ${({ theme }) => theme.colors.green};
    color: ${({ theme }) => theme.colors.white};
  }
  a:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
  }
`;

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: flex-end;
  gap: 12px;
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
  }
`;

const Subtitle = styled.p`
  margin: 6px 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

// Each row is the images' skeleton (a light band moved with a transform, which the compositor animates on its own;
// animating background-position repainted every row on the main thread in every frame).
const SkeletonList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 12px;
  li {
    position: relative;
    overflow: hidden;
    height: 64px;
    border-radius: ${({ theme }) => theme.radius}px;
  }
`;

const EmptyBox = styled.div`
  padding: 32px 16px;
  text-align: center;
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.colors.cream};
  p {
    margin: 0 0 12px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const ErrorBox = styled.div`
  padding: 16px;
  border-radius: ${({ theme }) => theme.radius}px;
  border: 1px solid ${({ theme }) => theme.colors.error};
  p {
    margin: 0 0 8px;
    color: ${({ theme }) => theme.colors.error};
    font-weight: 700;
  }
  .detail {
    font-weight: 400;
  }
  .row {
    display: flex;
    gap: 8px;
  }
`;

export const Badge = styled.span`
  display: inline-block;
  padding: 2px 10px;
  border-radius: 999px;
  font-size: 0.85rem;
  font-weight: 700;
  background: ${({ theme }) => theme.colors.cream};
  color: ${({ theme }) => theme.colors.brown};
  &[data-status='paid'],
  &[data-status='completed'] {
    background: ${({ theme }) => theme.colors.greenLight};
    color: ${({ theme }) => theme.colors.success};
  }
  &[data-status='cancelled'],
  &[data-status='rejected'] {
    background: #f6e1df;
    color: ${({ theme }) => theme.colors.error};
  }
`;

const Progress = styled.div`
  div {
    height: 10px;
    border-radius: 999px;
    background: ${({ theme }) => theme.colors.border};
    overflow: hidden;
  }
  span {
    display: block;
    height: 100%;
    background: ${({ theme }) => theme.colors.green};
  }
`;

export const Card = styled.div`
  padding: 20px;
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.colors.white};
  box-shadow: ${({ theme }) => theme.shadow};
`;

export const Fields = styled.dl`
  margin: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  gap: 12px 24px;
  div {
    display: grid;
    gap: 2px;
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.9rem;
  }
  dd {
    margin: 0;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
`;

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    padding: 10px 8px;
    text-align: left;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: top;
  }
  th {
    font-size: 0.9rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  td.num,
  th.num {
    text-align: right;
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
`;

export const TableScroll = styled.div`
  overflow-x: auto;
`;
