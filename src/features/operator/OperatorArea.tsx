// The back office (issue 12): overview, statement import, exceptions queue, orders (list, detail, actions),
// offers, investors, site settings and the audit log. One lazily loaded chunk, for operators only (the
// route guard in src/app/Routes.tsx). Flows are charts: the import is machines/statementImport.machine.ts,
// every action is machines/operatorAction.machine.ts, every load machines/load.machine.ts (useLoad).
import { useActorRef, useSelector } from '@xstate/react';
import { useId, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Link, useLocation, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import type { OperatorOrderDetail, OrderAction, StatementException, StatementImportDetail, StatementLine } from '../../../contract/operator';
import { operatorActionMachine } from '../../../machines/operatorAction.machine';
import { statementImportMachine, type ChosenFile } from '../../../machines/statementImport.machine';
import { useAppSystem } from '../../app/AppSystemContext';
import type { Screen } from '../../app/screen';
import { formatMoney } from '../../components/format/money';
import { Button } from '../../components/ui/Button';
import { useLoad } from '../../components/ui/useLoad';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { href, type RouteName } from '../../config/paths';
import { addTexts, useLanguage, useT } from '../../i18n/i18n';
import { createOperatorApi, type OperatorApi, type SiteSettings } from './api';
import { operatorTexts } from './texts';

addTexts(operatorTexts);

/** The server's default STATEMENT_MAX_BYTES; a larger file is refused before it is sent. */
export const STATEMENT_MAX_BYTES = 5 * 1024 * 1024;

function useOperatorApi(): OperatorApi {
  const { http } = useAppSystem();
  return createOperatorApi(http);
}

const when = (iso: string | null, language: string) => (iso ? new Date(iso).toLocaleString(language === 'pl' ? 'pl-PL' : 'en-GB') : '');

// ---------- layout ----------

const NAV: [RouteName, string][] = [
  ['operatorOverview', 'overview'],
  ['operatorStatements', 'statements'],
  ['operatorExceptions', 'exceptions'],
  ['operatorOrders', 'orders'],
  ['operatorOffers', 'offers'],
  ['operatorInvestors', 'investors'],
  ['operatorSettings', 'settings'],
  ['operatorAudit', 'audit'],
];

function Area({ title, testId, children, actions }: { title: string; testId: string; children: ReactNode; actions?: ReactNode }) {
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

function Loaded<T>({ load, children }: { load: { status: string; data: T | null; retry: () => void }; children: (data: T) => ReactNode }) {
  const t = useT();
  if (load.status === 'failure')
    return (
      <p role="alert">
        {t('operator.loadFailed')} <Button type="button" variant="secondary" onClick={load.retry}>{t('operator.retry')}</Button>
      </p>
    );
  if (!load.data) return <p role="status">{t('operator.loading')}</p>;
  return <>{children(load.data)}</>;
}

// ---------- one action: the draft, the reason, the call, the answer ----------

export function useOperatorAction<T>(submit: (draft: Record<string, string>, signal: AbortSignal) => Promise<T>, input: { draft?: Record<string, string>; required?: string[] } = {}) {
  const submitRef = useRef(submit);
  submitRef.current = submit;
  const actor = useActorRef(
    operatorActionMachine.provide({ actors: { submit: fromPromise(({ input: draft, signal }) => submitRef.current(draft, signal)) } }),
    { input },
  );
  const draft = useSelector(actor, (s) => s.context.draft);
  const missing = useSelector(actor, (s) => s.context.missing);
  const error = useSelector(actor, (s) => s.context.error);
  const result = useSelector(actor, (s) => s.context.result as T | null);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const done = useSelector(actor, (s) => s.matches('done'));
  return {
    draft,
    missing,
    error,
    result,
    busy,
    done,
    change: (field: string, value: string) => actor.send({ type: 'operator.changed', field, value }),
    submit: () => actor.send({ type: 'operator.submitted' }),
    dismiss: () => actor.send({ type: 'operator.dismissed' }),
  };
}

type Action = ReturnType<typeof useOperatorAction>;

function TextField({ action, field, label, multiline, testId }: { action: Action; field: string; label: string; multiline?: boolean; testId?: string }) {
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

function ActionOutcome({ action, doneText }: { action: Action; doneText: string }) {
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

// ---------- overview ----------

export const OverviewPage: Screen = () => {
  const t = useT();
  const language = useLanguage();
  const api = useOperatorApi();
  const load = useLoad((_: null, signal) => api.overview(signal), null);
  return (
    <Area title={t('operator.overview.title')} testId="operator-overview">
      <Loaded load={load}>
        {(o) => (
          <>
            <Stats>
              <div data-testid="pending-payments">
                <dt>{t('operator.overview.pending')}</dt>
                <dd>{o.pendingPayments.count} · {formatMoney(o.pendingPayments.total, language)}</dd>
              </div>
              <div data-testid="open-exceptions">
                <dt>{t('operator.overview.exceptions')}</dt>
                <dd>{o.openExceptions}</dd>
              </div>
              <div>
                <dt>{t('operator.overview.attention')}</dt>
                <dd>{o.needsAttention}</dd>
              </div>
            </Stats>
            <Table>
              <thead>
                <tr>
                  <th>{t('operator.overview.offer')}</th>
                  <th>{t('operator.overview.raised')}</th>
                  <th>{t('operator.overview.target')}</th>
                  <th>{t('operator.overview.sharesLeft')}</th>
                </tr>
              </thead>
              <tbody>
                {o.offers.map((offer) => (
                  <tr key={offer.id}>
                    <td>{offer.title[language]}</td>
                    <td>{formatMoney(offer.raised, language)}</td>
                    <td>{formatMoney(offer.target, language)}</td>
                    <td>{offer.sharesLeft} / {offer.sharesTotal}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </>
        )}
      </Loaded>
    </Area>
  );
};

// ---------- statements ----------

export function useStatementImport(upload: (file: ChosenFile, signal: AbortSignal) => Promise<StatementImportDetail>, maxBytes = STATEMENT_MAX_BYTES) {
  const uploadRef = useRef(upload);
  uploadRef.current = upload;
  const actor = useActorRef(
    statementImportMachine.provide({ actors: { upload: fromPromise(({ input, signal }) => uploadRef.current(input, signal)) } }),
    { input: { maxBytes } },
  );
  return {
    state: useSelector(actor, (s) => s.value as string),
    chosen: useSelector(actor, (s) => s.context.chosen),
    result: useSelector(actor, (s) => s.context.result as StatementImportDetail | null),
    failure: useSelector(actor, (s) => s.context.failure),
    busy: useSelector(actor, (s) => s.hasTag('busy')),
    canSubmit: useSelector(actor, (s) => s.hasTag('canSubmit')),
    choose: (file: ChosenFile) => actor.send({ type: 'statement.fileChosen', file }),
    submit: () => actor.send({ type: 'statement.submitted' }),
    retry: () => actor.send({ type: 'statement.retried' }),
    reset: () => actor.send({ type: 'statement.reset' }),
  };
}

export function StatementImportForm({ upload, maxBytes = STATEMENT_MAX_BYTES, onImported }: { upload: (file: ChosenFile, signal: AbortSignal) => Promise<StatementImportDetail>; maxBytes?: number; onImported?: () => void }) {
  const t = useT();
  const id = useId();
  const flow = useStatementImport(async (file, signal) => {
    const result = await upload(file, signal);
    onImported?.();
    return result;
  }, maxBytes);
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <section aria-labelledby={`${id}-h`} data-testid="statement-import" data-state={flow.state}>
      <h2 id={`${id}-h`}>{t('operator.statements.title')}</h2>
      {(
        <form
          onSubmit={(e) => {
            e.preventDefault();
            flow.submit();
          }}
        >
          <FieldBox>
            <label htmlFor={id}>{t('operator.statements.file')}</label>
            <input
              ref={inputRef}
              id={id}
              type="file"
              accept=".xml,.sta,.940,.mt940,.txt,.053,.camt,application/xml,text/xml,text/plain"
              disabled={flow.busy}
              data-testid="statement-file"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) flow.choose({ name: file.name, size: file.size, file });
              }}
            />
          </FieldBox>
          {flow.state === 'tooLarge' && (
            <Notice role="alert" $error data-testid="statement-too-large">
              {t('operator.statements.tooLarge', { max: Math.round(maxBytes / 1024 / 1024) })}
            </Notice>
          )}
          <Button type="submit" disabled={!flow.canSubmit} data-testid="statement-submit">
            {flow.busy ? t('operator.statements.sending') : t('operator.statements.send')}
          </Button>
        </form>
      )}
      {flow.busy && <p role="status">{t('operator.statements.sending')}</p>}
      {flow.state === 'failed' && flow.failure && (
        <Notice role="alert" $error data-testid="statement-error">
          <strong>{t('operator.statements.failed')}</strong>: {flow.failure.message || flow.failure.code}
          {flow.failure.context && <span data-testid="statement-error-where"> {t('operator.statements.where', { where: flow.failure.context })}</span>}{' '}
          <Button type="button" variant="secondary" onClick={flow.retry}>{t('operator.statements.retry')}</Button>{' '}
          <Button type="button" variant="ghost" onClick={flow.reset}>{t('operator.close')}</Button>
        </Notice>
      )}
      {flow.state === 'imported' && flow.result && (
        <div data-testid="statement-summary">
          <Notice role="status">{t('operator.statements.summary', flow.result.summary)}</Notice>
          <LinesTable lines={flow.result.lines} />
          <Button type="button" variant="secondary" onClick={flow.reset} data-testid="statement-another">{t('operator.statements.another')}</Button>
        </div>
      )}
    </section>
  );
}

function LinesTable({ lines }: { lines: StatementLine[] }) {
  const t = useT();
  const language = useLanguage();
  return (
    <Table data-testid="statement-lines">
      <tbody>
        {lines.map((l, i) => (
          <tr key={`${l.position}-${i}`} data-outcome={l.outcome}>
            <td>{l.location}</td>
            <td>{l.bookingDate}</td>
            <td>{l.direction === 'DBIT' ? '−' : ''}{formatMoney(l.amount, language)}</td>
            <td>{l.title}</td>
            <td>{l.payerName}</td>
            <td>{t(`operator.statements.outcome.${l.outcome}`)}</td>
            <td>{l.order?.reference ?? ''} {l.exception ? t(`operator.exceptions.reason.${l.exception.reason}`) : ''}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export const StatementsPage: Screen = () => {
  const t = useT();
  const language = useLanguage();
  const api = useOperatorApi();
  const [version, setVersion] = useState(0);
  const history = useLoad((_: number, signal) => api.statements(signal), version);
  return (
    <Area title={t('operator.nav.statements')} testId="operator-statements">
      <StatementImportForm upload={(file, signal) => api.importStatement(file, signal)} onImported={() => setVersion((v) => v + 1)} />
      <h2>{t('operator.statements.history')}</h2>
      <Loaded load={history}>
        {(page) => (
          <Table>
            <tbody>
              {page.items.map((i) => (
                <tr key={i.id}>
                  <td>{when(i.createdAt, language)}</td>
                  <td>{i.fileName}</td>
                  <td>{i.format}</td>
                  <td>{i.importedBy}</td>
                  <td>{t('operator.statements.summary', i.summary)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Loaded>
    </Area>
  );
};

// ---------- exceptions ----------

function ExceptionCard({ item }: { item: StatementException }) {
  const t = useT();
  const language = useLanguage();
  const api = useOperatorApi();
  const selectId = useId();
  const action = useOperatorAction(
    async (draft, signal) => {
      // The card stays, saying it is resolved; the queue drops it on its next load.
      return api.resolveException(
        item.id,
        { resolution: draft.resolution as 'accept' | 'attach' | 'refund_needed', reason: draft.reason, orderReference: draft.resolution === 'attach' ? draft.orderReference : undefined },
        signal,
      );
    },
    { draft: { resolution: item.order ? 'accept' : 'attach', reason: '', orderReference: '' } },
  );
  return (
    <Card data-testid={`exception-${item.id}`}>
      <p>
        <strong>{t(`operator.exceptions.reason.${item.reason}`)}</strong> · {formatMoney(item.line.amount, language)} · {item.line.title}
        {item.line.payerName ? ` · ${item.line.payerName}` : ''}
        {item.order ? ` · ${item.order.reference} (${formatMoney(item.order.totalPrice, language)}, ${t(`operator.status.${item.order.status}`)})` : ''}
      </p>
      {item.status === 'resolved' || action.done ? (
        <Notice role="status">{t('operator.exceptions.resolved')}</Notice>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            action.submit();
          }}
        >
          <FieldBox>
            <label htmlFor={selectId}>{t('operator.exceptions.resolution')}</label>
            <select id={selectId} value={action.draft.resolution} onChange={(e) => action.change('resolution', e.target.value)} data-testid="resolution">
              {item.order && <option value="accept">{t('operator.exceptions.accept')}</option>}
              <option value="attach">{t('operator.exceptions.attach')}</option>
              <option value="refund_needed">{t('operator.exceptions.refund')}</option>
            </select>
          </FieldBox>
          {action.draft.resolution === 'attach' && <TextField action={action} field="orderReference" label={t('operator.exceptions.orderReference')} testId="order-reference" />}
          <TextField action={action} field="reason" label={t('operator.reason')} testId="reason" />
          <Button type="submit" disabled={action.busy} data-testid="resolve">{t('operator.exceptions.resolve')}</Button>
          <ActionOutcome action={action} doneText={t('operator.exceptions.resolved')} />
        </form>
      )}
    </Card>
  );
}

/** The page in the address (?page=N) and a ‹ n / N › pager that moves it: the orders list's pattern. */
function usePageParam(): number {
  const search = useSearch();
  return Math.max(1, Number(new URLSearchParams(search).get('page') ?? '1') || 1);
}

function QueryPager({ route, page, totalPages }: { route: Parameters<typeof href>[1]; page: number; totalPages: number }) {
  const language = useLanguage();
  const [, navigate] = useLocation();
  if (totalPages <= 1 && page <= 1) return null;
  const go = (next: number) => navigate(`${href(language, route)}${next > 1 ? `?page=${next}` : ''}`);
  return (
    <Pager data-testid="pager">
      <Button type="button" variant="ghost" aria-label="‹" disabled={page <= 1} onClick={() => go(page - 1)}>‹</Button>
      <span>{page} / {Math.max(1, totalPages)}</span>
      <Button type="button" variant="ghost" aria-label="›" disabled={page >= totalPages} onClick={() => go(page + 1)}>›</Button>
    </Pager>
  );
}

export const ExceptionsPage: Screen = () => {
  const t = useT();
  const api = useOperatorApi();
  const pageNumber = usePageParam();
  const load = useLoad((p: number, signal) => api.exceptions('open', signal, p), pageNumber);
  return (
    <Area title={t('operator.exceptions.title')} testId="operator-exceptions">
      <Loaded load={load}>
        {(page) =>
          page.items.length === 0 && pageNumber <= 1 ? (
            <p>{t('operator.exceptions.empty')}</p>
          ) : (
            <>
              {page.items.map((item) => <ExceptionCard key={item.id} item={item} />)}
              <QueryPager route="operatorExceptions" page={pageNumber} totalPages={page.pagination.totalPages} />
            </>
          )
        }
      </Loaded>
    </Area>
  );
};

// ---------- orders ----------

async function saveFile(api: OperatorApi, kind: 'orders' | 'payments') {
  const file = await api.exportFile(kind);
  const url = URL.createObjectURL(file.blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = file.fileName ?? `${kind}.csv`;
  a.click();
  URL.revokeObjectURL(url);
}

export const OrdersPage: Screen = () => {
  const t = useT();
  const language = useLanguage();
  const api = useOperatorApi();
  const search = useSearch();
  const [, navigate] = useLocation();
  const query = new URLSearchParams(search);
  const q = query.get('q') ?? '';
  const status = query.get('status') ?? '';
  const page = Number(query.get('page') ?? '1') || 1;
  const load = useLoad((p: { q: string; status: string; page: number }, signal) => api.orders(p, signal), { q, status, page });
  const searchId = useId();
  const statusId = useId();
  const [draft, setDraft] = useState(q);
  const go = (next: Record<string, string>) => {
    const params = new URLSearchParams({ q, status, ...next });
    for (const [k, v] of [...params.entries()]) if (!v) params.delete(k);
    navigate(`${href(language, 'operatorOrders')}${params.size ? `?${params}` : ''}`);
  };
  return (
    <Area
      title={t('operator.orders.title')}
      testId="operator-orders"
      actions={
        <span>
          <Button type="button" variant="secondary" onClick={() => void saveFile(api, 'orders')}>{t('operator.orders.exportOrders')}</Button>{' '}
          <Button type="button" variant="secondary" onClick={() => void saveFile(api, 'payments')}>{t('operator.orders.exportPayments')}</Button>
        </span>
      }
    >
      <Filters
        onSubmit={(e) => {
          e.preventDefault();
          go({ q: draft, page: '' });
        }}
      >
        <FieldBox>
          <label htmlFor={searchId}>{t('operator.orders.search')}</label>
          <input id={searchId} type="search" value={draft} onChange={(e) => setDraft(e.target.value)} data-testid="order-search" />
        </FieldBox>
        <FieldBox>
          <label htmlFor={statusId}>{t('operator.orders.status')}</label>
          <select id={statusId} value={status} onChange={(e) => go({ status: e.target.value, page: '' })} data-testid="order-status">
            <option value="">{t('operator.orders.all')}</option>
            {(['new', 'paid', 'completed', 'cancelled'] as const).map((s) => (
              <option key={s} value={s}>{t(`operator.status.${s}`)}</option>
            ))}
          </select>
        </FieldBox>
        <Button type="submit">{t('operator.orders.search').split(' ')[0]}</Button>
      </Filters>
      <Loaded load={load}>
        {(data) =>
          data.items.length === 0 ? (
            <p>{t('operator.orders.empty')}</p>
          ) : (
            <>
              <Table data-testid="orders-table">
                <thead>
                  <tr>
                    <th>{t('operator.orders.reference')}</th>
                    <th>{t('operator.orders.created')}</th>
                    <th>{t('operator.orders.investor')}</th>
                    <th>{t('operator.orders.status')}</th>
                    <th>{t('operator.orders.total')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((o) => (
                    <tr key={o.id}>
                      <td><Link href={href(language, 'operatorOrder', { orderId: o.id })}>{o.reference}</Link></td>
                      <td>{when(o.createdAt, language)}</td>
                      <td>{o.investor.firstName} {o.investor.lastName} · {o.investor.email}</td>
                      <td data-testid="order-status-cell">{t(`operator.status.${o.status}`)}</td>
                      <td>{formatMoney(o.totalPrice, language)}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
              <Pager>
                <Button type="button" variant="ghost" disabled={page <= 1} onClick={() => go({ page: String(page - 1) })}>‹</Button>
                <span>{data.pagination.pageNumber} / {Math.max(1, data.pagination.totalPages)}</span>
                <Button type="button" variant="ghost" disabled={page >= data.pagination.totalPages} onClick={() => go({ page: String(page + 1) })}>›</Button>
              </Pager>
            </>
          )
        }
      </Loaded>
    </Area>
  );
};

function OrderActions({ order, onChanged }: { order: OperatorOrderDetail; onChanged: () => void }) {
  const t = useT();
  const api = useOperatorApi();
  const selectId = useId();
  const choices: OrderAction[] = order.status === 'new' ? ['record-transfer', 'cancel'] : order.status === 'paid' ? ['complete', 'cancel'] : order.status === 'cancelled' ? ['record-transfer'] : [];
  const action = useOperatorAction(
    async (draft, signal) => {
      const amount = draft.amount ? Number(draft.amount) : undefined;
      const result = await api.orderAction(order.id, draft.action as OrderAction, { reason: draft.reason, expectedVersion: order.version, amount, bankReference: draft.bankReference || undefined }, signal);
      onChanged();
      return result;
    },
    { draft: { action: choices[0] ?? '', reason: '', amount: '', bankReference: '' } },
  );
  if (choices.length === 0) return null;
  return (
    <Card>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          action.submit();
        }}
        data-testid="order-actions"
      >
        <FieldBox>
          <label htmlFor={selectId}>{t('operator.orders.action')}</label>
          <select id={selectId} value={action.draft.action} onChange={(e) => action.change('action', e.target.value)} data-testid="order-action">
            {choices.map((c) => (
              <option key={c} value={c}>{t(`operator.orders.actions.${c}`)}</option>
            ))}
          </select>
        </FieldBox>
        {action.draft.action === 'record-transfer' && (
          <>
            <TextField action={action} field="amount" label={t('operator.orders.amount')} />
            <TextField action={action} field="bankReference" label={t('operator.orders.bankReference')} />
          </>
        )}
        <TextField action={action} field="reason" label={t('operator.reason')} testId="reason" />
        <Button type="submit" disabled={action.busy} data-testid="run-action">{t('operator.orders.run')}</Button>
        <ActionOutcome action={action} doneText={t('operator.orders.done')} />
      </form>
    </Card>
  );
}

export const OrderPage: Screen = ({ params }) => {
  const t = useT();
  const language = useLanguage();
  const api = useOperatorApi();
  const [version, setVersion] = useState(0);
  const load = useLoad((p: { id: string; version: number }, signal) => api.order(p.id, signal), { id: params.orderId, version });
  return (
    <Area title={load.data?.reference ?? t('operator.orders.title')} testId="operator-order">
      <Loaded load={load}>
        {(o) => (
          <>
            <Stats>
              <div><dt>{t('operator.orders.status')}</dt><dd data-testid="order-status">{t(`operator.status.${o.status}`)}</dd></div>
              <div><dt>{t('operator.orders.investor')}</dt><dd>{o.investor.firstName} {o.investor.lastName} · {o.investor.email}</dd></div>
              <div><dt>{t('operator.orders.total')}</dt><dd>{formatMoney(o.totalPrice, language)}</dd></div>
            </Stats>
            <OrderActions key={o.version} order={o} onChanged={() => setVersion((v) => v + 1)} />
            <h2>{t('operator.orders.history')}</h2>
            <Table data-testid="order-history">
              <tbody>
                {o.history.map((h, i) => (
                  <tr key={i}>
                    <td>{when(h.at, language)}</td>
                    <td>{h.from ? t(`operator.status.${h.from}`) : ''} → {t(`operator.status.${h.to}`)}</td>
                    <td>{h.actor}{h.actorEmail ? ` (${h.actorEmail})` : ''}</td>
                    <td>{h.reason}</td>
                    <td>{h.note}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
            <h2>{t('operator.orders.transactions')}</h2>
            <Table>
              <tbody>
                {o.transactions.map((x) => (
                  <tr key={x.id}>
                    <td>{when(x.createdAt, language)}</td>
                    <td>{x.method}</td>
                    <td>{x.status}</td>
                    <td>{formatMoney(x.amount, language)}</td>
                    <td>{x.externalId}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
            {o.statementLines.length > 0 && <LinesTable lines={o.statementLines} />}
          </>
        )}
      </Loaded>
    </Area>
  );
};

// ---------- offers ----------

function OfferEditor({ offer, onSaved }: { offer: import('../../../contract/operator').OperatorOffer; onSaved: () => void }) {
  const t = useT();
  const language = useLanguage();
  const api = useOperatorApi();
  const [link, setLink] = useState<string | null>(null);
  const initial: Record<string, string> = { reason: '', published: String(offer.published), isOpen: String(offer.isOpen) };
  for (const s of offer.series) {
    initial[`total.${s.id}`] = String(s.totalShares);
    initial[`price.${s.id}`] = String(s.pricePerShare);
    initial[`min.${s.id}`] = String(s.minStocks);
  }
  const action = useOperatorAction(
    async (draft, signal) => {
      const result = await api.patchOffer(
        offer.id,
        {
          reason: draft.reason,
          published: draft.published === 'true',
          isOpen: draft.isOpen === 'true',
          series: offer.series.map((s) => ({ id: s.id, totalShares: Number(draft[`total.${s.id}`]), pricePerShare: Number(draft[`price.${s.id}`]), minStocks: Number(draft[`min.${s.id}`]) })),
        },
        signal,
      );
      onSaved();
      return result;
    },
    { draft: initial },
  );
  const check = (field: string, label: string) => (
    <label>
      <input type="checkbox" checked={action.draft[field] === 'true'} onChange={(e) => action.change(field, String(e.target.checked))} /> {label}
    </label>
  );
  return (
    <Card data-testid={`offer-${offer.id}`}>
      <h2>{offer.title[language]}</h2>
      <p>{formatMoney(offer.raised, language)} / {formatMoney(offer.target, language)}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          action.submit();
        }}
      >
        {check('published', t('operator.offers.published'))} {check('isOpen', t('operator.offers.open'))}
        {offer.series.map((s) => (
          <fieldset key={s.id}>
            <legend>{s.name[language]} · {t('operator.offers.sold')} {s.soldShares} · {t('operator.offers.reserved')} {s.reservedShares}</legend>
            <TextField action={action} field={`total.${s.id}`} label={t('operator.offers.total')} />
            <TextField action={action} field={`price.${s.id}`} label={t('operator.offers.price')} />
            <TextField action={action} field={`min.${s.id}`} label={t('operator.offers.min')} />
          </fieldset>
        ))}
        <TextField action={action} field="reason" label={t('operator.reason')} />
        <Button type="submit" disabled={action.busy}>{t('operator.offers.save')}</Button>{' '}
        <Button type="button" variant="secondary" onClick={() => void api.previewLink(offer.id).then((l) => setLink(l.urls[language]))}>{t('operator.offers.preview')}</Button>
        {link && <p><a href={link}>{link}</a></p>}
        <ActionOutcome action={action} doneText={t('operator.offers.saved')} />
      </form>
    </Card>
  );
}

function OfferDocuments({ offer, onChanged }: { offer: import('../../../contract/operator').OperatorOffer; onChanged: () => void }) {
  const t = useT();
  const language = useLanguage();
  const api = useOperatorApi();
  const fileId = useId();
  const kindId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const upload = useOperatorAction(
    async (draft, signal) => {
      const file = fileRef.current?.files?.[0];
      if (!file) throw new Error(t('operator.offers.noFile'));
      const result = await api.uploadDocument(offer.id, { reason: draft.reason, kind: draft.kind === 'investor' ? 'investor' : 'general', displayName: { pl: draft.namePl, en: draft.nameEn }, file }, signal);
      onChanged();
      return result;
    },
    { draft: { reason: '', kind: 'general', namePl: '', nameEn: '' } },
  );
  const remove = useOperatorAction(
    async (draft, signal) => {
      const result = await api.deleteDocument(offer.id, Number(draft.documentId), draft.reason, signal);
      onChanged();
      return result;
    },
    { draft: { reason: '', documentId: '' } },
  );
  return (
    <section aria-label={t('operator.offers.documents')} data-testid={`offer-documents-${offer.id}`}>
      <h3>{t('operator.offers.documents')}</h3>
      <ul>
        {offer.documents.map((d) => (
          <li key={d.id}>
            <a href={d.url}>{d.displayName[language]}</a> ({d.kind === 'investor' ? t('operator.offers.investor') : t('operator.offers.general')}){' '}
            <Button
              type="button"
              variant="secondary"
              disabled={remove.busy}
              onClick={() => {
                remove.change('documentId', String(d.id));
                remove.submit();
              }}
            >
              {t('operator.offers.remove')}
            </Button>
          </li>
        ))}
      </ul>
      <TextField action={remove} field="reason" label={`${t('operator.reason')} (${t('operator.offers.remove')})`} />
      <ActionOutcome action={remove} doneText={t('operator.offers.removed')} />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          upload.submit();
        }}
      >
        <p>
          <label htmlFor={fileId}>{t('operator.offers.file')}</label>{' '}
          <input id={fileId} ref={fileRef} type="file" accept="application/pdf,.pdf" />
        </p>
        <p>
          <label htmlFor={kindId}>{t('operator.offers.kind')}</label>{' '}
          <select id={kindId} value={upload.draft.kind} onChange={(e) => upload.change('kind', e.target.value)}>
            <option value="general">{t('operator.offers.general')}</option>
            <option value="investor">{t('operator.offers.investor')}</option>
          </select>
        </p>
        <TextField action={upload} field="namePl" label={t('operator.offers.namePl')} />
        <TextField action={upload} field="nameEn" label={t('operator.offers.nameEn')} />
        <TextField action={upload} field="reason" label={t('operator.reason')} />
        <Button type="submit" disabled={upload.busy}>{t('operator.offers.upload')}</Button>
        <ActionOutcome action={upload} doneText={t('operator.offers.uploaded')} />
      </form>
    </section>
  );
}

export const OffersPage: Screen = () => {
  const t = useT();
  const api = useOperatorApi();
  const [version, setVersion] = useState(0);
  const load = useLoad((_: number, signal) => api.offers(signal), version);
  return (
    <Area title={t('operator.offers.title')} testId="operator-offers">
      <Loaded load={load}>{(offers) =>
          offers.map((o) => (
            <div key={`${o.id}-${version}`}>
              <OfferEditor offer={o} onSaved={() => setVersion((v) => v + 1)} />
              <OfferDocuments offer={o} onChanged={() => setVersion((v) => v + 1)} />
            </div>
          ))
        }</Loaded>
    </Area>
  );
};

// ---------- investors ----------

export const InvestorsPage: Screen = () => {
  const t = useT();
  const language = useLanguage();
  const api = useOperatorApi();
  const [q, setQ] = useState('');
  const [draft, setDraft] = useState('');
  const id = useId();
  const load = useLoad((query: string, signal) => api.investors(query, signal), q);
  return (
    <Area title={t('operator.investors.title')} testId="operator-investors">
      <Filters
        onSubmit={(e) => {
          e.preventDefault();
          setQ(draft);
        }}
      >
        <FieldBox>
          <label htmlFor={id}>{t('operator.investors.search')}</label>
          <input id={id} type="search" value={draft} onChange={(e) => setDraft(e.target.value)} />
        </FieldBox>
        <Button type="submit">{t('operator.investors.search').split(' ')[0]}</Button>
      </Filters>
      <Loaded load={load}>
        {(page) => (
          <Table>
            <tbody>
              {page.items.map((i) => (
                <tr key={i.id}>
                  <td><Link href={href(language, 'operatorInvestor', { userId: i.id })}>{i.email}</Link></td>
                  <td>{i.firstName} {i.lastName}</td>
                  <td>{i.isActive ? t('operator.investors.active') : t('operator.investors.inactive')}</td>
                  <td>{i.ordersCount}</td>
                  <td>{formatMoney(i.paidTotal, language)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Loaded>
    </Area>
  );
};

export const InvestorPage: Screen = ({ params }) => {
  const t = useT();
  const language = useLanguage();
  const api = useOperatorApi();
  const load = useLoad((userId: string, signal) => api.investor(userId, signal), params.userId);
  const resend = useOperatorAction((_draft, signal) => api.resendActivation(params.userId, signal), { required: [] });
  return (
    <Area title={load.data?.email ?? t('operator.investors.title')} testId="operator-investor">
      <Loaded load={load}>
        {(i) => (
          <>
            <p>{i.firstName} {i.lastName} · {i.isActive ? t('operator.investors.active') : t('operator.investors.inactive')}</p>
            {!i.isActive && (
              <p>
                <Button type="button" disabled={resend.busy} onClick={resend.submit}>{t('operator.investors.resend')}</Button>
                <ActionOutcome action={resend} doneText={t('operator.investors.sent')} />
              </p>
            )}
            <h2>{t('operator.investors.orders')}</h2>
            <Table>
              <tbody>
                {i.orders.map((o) => (
                  <tr key={o.id}>
                    <td><Link href={href(language, 'operatorOrder', { orderId: o.id })}>{o.reference}</Link></td>
                    <td>{t(`operator.status.${o.status}`)}</td>
                    <td>{formatMoney(o.totalPrice, language)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </>
        )}
      </Loaded>
    </Area>
  );
};

// ---------- site settings ----------

function SettingsForm({ settings }: { settings: SiteSettings }) {
  const t = useT();
  const api = useOperatorApi();
  const action = useOperatorAction(
    (d, signal) =>
      api.patchSettings(
        {
          maintenanceMode: d.maintenanceMode === 'true',
          maintenanceModeTitle: { pl: d.titlePl, en: d.titleEn },
          maintenanceModeMessage: { pl: d.messagePl, en: d.messageEn },
          systemMaintenanceMode: d.systemMaintenanceMode === 'true',
        },
        signal,
      ),
    {
      required: [],
      draft: {
        maintenanceMode: String(settings.maintenanceMode),
        systemMaintenanceMode: String(settings.systemMaintenanceMode),
        titlePl: settings.maintenanceModeTitle.pl,
        titleEn: settings.maintenanceModeTitle.en,
        messagePl: settings.maintenanceModeMessage.pl,
        messageEn: settings.maintenanceModeMessage.en,
      },
    },
  );
  const check = (field: string, label: string) => (
    <label>
      <input type="checkbox" checked={action.draft[field] === 'true'} onChange={(e) => action.change(field, String(e.target.checked))} /> {label}
    </label>
  );
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        action.submit();
      }}
    >
      <p>{check('maintenanceMode', t('operator.settings.maintenance'))}</p>
      <p>{check('systemMaintenanceMode', t('operator.settings.systemMaintenance'))}</p>
      <TextField action={action} field="titlePl" label={t('operator.settings.titlePl')} />
      <TextField action={action} field="titleEn" label={t('operator.settings.titleEn')} />
      <TextField action={action} field="messagePl" label={t('operator.settings.messagePl')} multiline />
      <TextField action={action} field="messageEn" label={t('operator.settings.messageEn')} multiline />
      <Button type="submit" disabled={action.busy}>{t('operator.settings.save')}</Button>
      <ActionOutcome action={action} doneText={t('operator.settings.saved')} />
    </form>
  );
}

export const SettingsPage: Screen = () => {
  const t = useT();
  const api = useOperatorApi();
  const load = useLoad((_: null, signal) => api.settings(signal), null);
  return (
    <Area title={t('operator.settings.title')} testId="operator-settings">
      <Loaded load={load}>{(s) => <SettingsForm settings={s} />}</Loaded>
    </Area>
  );
};

// ---------- audit ----------

export const AuditPage: Screen = () => {
  const t = useT();
  const language = useLanguage();
  const api = useOperatorApi();
  const pageNumber = usePageParam();
  const load = useLoad((p: number, signal) => api.audit(signal, p), pageNumber);
  return (
    <Area title={t('operator.audit.title')} testId="operator-audit">
      <Loaded load={load}>
        {(page) => (
          <>
          <Table>
            <thead>
              <tr>
                <th>{t('operator.audit.when')}</th>
                <th>{t('operator.audit.who')}</th>
                <th>{t('operator.audit.what')}</th>
                <th>{t('operator.audit.on')}</th>
                <th>{t('operator.reason')}</th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((a) => (
                <tr key={a.id}>
                  <td>{when(a.at, language)}</td>
                  <td>{a.actorEmail}</td>
                  <td>{a.action}</td>
                  <td>{a.entityType} {a.entityId}</td>
                  <td>{a.reason}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          <QueryPager route="operatorAudit" page={pageNumber} totalPages={page.pagination.totalPages} />
          </>
        )}
      </Loaded>
    </Area>
  );
};

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
const Card = styled.div`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 8px;
  padding: 12px 16px;
  margin: 12px 0;
`;
const Stats = styled.dl`
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
const FieldBox = styled.div`
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
const FieldError = styled.span`
  color: ${({ theme }) => theme.colors.error};
`;
const Notice = styled.div<{ $error?: boolean }>`
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
