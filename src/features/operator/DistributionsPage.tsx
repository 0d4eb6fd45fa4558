// Distributions in the back office (machines/distribution.machine.ts): declare one for an offer (kind,
// period, record date, a total or an amount per share typed in złoty), review what the server computed for
// each holder (gross, tax withheld, net), and approve it as a second operator; below, the declared ones,
// each can be opened to review or approve.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import type { Distribution, DistributionCreateBody, DistributionDetail } from '../../../contract/payouts';
import { distributionMachine, type DistributionDraft } from '../../../machines/distribution.machine';
import { offerLifecycleAllows } from '../../../contract/offer-lifecycle';
import type { Screen } from '../../screens/screen';
import { formatMoney, formatPercent } from '../../../lib/format';
import { Button } from '../../components/ui/Button';
import { useLoad } from '../../components/ui/useLoad';
import { useLanguage, useT } from '../../i18n/i18n';
import { Area, Card, DataTable, FieldBox, FieldError, Loaded, Notice, Stats, useOperatorApi, when } from './ui';

export interface DistributionCalls {
  declare: (body: DistributionCreateBody, signal: AbortSignal) => Promise<DistributionDetail>;
  approve: (id: number, signal: AbortSignal) => Promise<DistributionDetail>;
  /** one distribution with its parts, to open it from the list */
  fetchOne: (id: number) => Promise<DistributionDetail>;
}

export function useDistribution(calls: DistributionCalls, onChanged?: () => void, draft?: Partial<DistributionDraft>) {
  // One chart per hook (useActorRef keeps the first anyway), so the first calls are the ones used: they go
  // through the app's HTTP client and a state setter, which do not change between renders.
  const [machine] = useState(() =>
    distributionMachine.provide({
      actors: {
        declare: fromPromise(async ({ input, signal }) => {
          const result = await calls.declare(input, signal);
          onChanged?.();
          return result;
        }),
        approve: fromPromise(async ({ input, signal }) => {
          const result = await calls.approve(input.id, signal);
          onChanged?.();
          return result;
        }),
      },
    }),
  );
  const actor = useActorRef(machine, { input: { draft } });
  return {
    state: useSelector(actor, (s) => s.value as string),
    draft: useSelector(actor, (s) => s.context.draft),
    faults: useSelector(actor, (s) => s.context.faults),
    distribution: useSelector(actor, (s) => s.context.distribution),
    error: useSelector(actor, (s) => s.context.error),
    busy: useSelector(actor, (s) => s.hasTag('busy')),
    change: (field: keyof DistributionDraft, value: string) => actor.send({ type: 'distribution.changed', field, value }),
    submit: () => actor.send({ type: 'distribution.submitted' }),
    open: (distribution: DistributionDetail) => actor.send({ type: 'distribution.opened', distribution }),
    approve: () => actor.send({ type: 'distribution.approved' }),
    dismiss: () => actor.send({ type: 'distribution.dismissed' }),
    reset: () => actor.send({ type: 'distribution.reset' }),
  };
}

type Flow = ReturnType<typeof useDistribution>;

/** A labelled field of the draft, with its fault (blank, or an amount that is not one) announced and linked. */
function Field({ flow, field, label, children }: { flow: Flow; field: keyof DistributionDraft; label: string; children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode }) {
  const t = useT();
  const id = useId();
  const fault = flow.faults.includes(field);
  const message = field === 'amount' && flow.draft.amount.trim() !== '' ? t('operator.distributions.amountInvalid') : field === 'reason' ? t('operator.reasonMissing') : t('errors.IS_EMPTY');
  return (
    <FieldBox>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': fault, 'aria-describedby': fault ? `${id}-error` : undefined })}
      {fault && (
        <FieldError id={`${id}-error`} role="alert" data-testid={`distribution-fault-${field}`}>
          {message}
        </FieldError>
      )}
    </FieldBox>
  );
}

function DeclareForm({ flow, offers }: { flow: Flow; offers: { id: number; title: string }[] }) {
  const t = useT();
  const locked = flow.busy;
  const input = (field: keyof DistributionDraft, type = 'text') => (props: { id: string }) => (
    <input {...props} type={type} value={flow.draft[field]} disabled={locked} onChange={(e) => flow.change(field, e.target.value)} data-testid={`distribution-${field}`} />
  );
  return (
    <form
      aria-label={t('operator.distributions.declare')}
      onSubmit={(e) => {
        e.preventDefault();
        flow.submit();
      }}
      data-testid="distribution-form"
    >
      <h2>{t('operator.distributions.declare')}</h2>
      <Field flow={flow} field="offerId" label={t('operator.distributions.offer')}>
        {(props) => (
          <select {...props} value={flow.draft.offerId} disabled={locked} onChange={(e) => flow.change('offerId', e.target.value)} data-testid="distribution-offerId">
            <option value="">{t('operator.distributions.chooseOffer')}</option>
            {offers.map((o) => (
              <option key={o.id} value={String(o.id)}>{o.title}</option>
            ))}
          </select>
        )}
      </Field>
      <Field flow={flow} field="kind" label={t('operator.distributions.kind')}>
        {(props) => (
          <select {...props} value={flow.draft.kind} disabled={locked} onChange={(e) => flow.change('kind', e.target.value)} data-testid="distribution-kind">
            {(['rental_income', 'interest', 'capital_return'] as const).map((k) => (
              <option key={k} value={k}>{t(`operator.distributions.kinds.${k}`)}</option>
            ))}
          </select>
        )}
      </Field>
      <Field flow={flow} field="periodFrom" label={t('operator.distributions.periodFrom')}>{input('periodFrom', 'date')}</Field>
      <Field flow={flow} field="periodTo" label={t('operator.distributions.periodTo')}>{input('periodTo', 'date')}</Field>
      <Field flow={flow} field="recordDate" label={t('operator.distributions.recordDate')}>{input('recordDate', 'date')}</Field>
      <fieldset disabled={locked}>
        <legend>{t('operator.distributions.amountMode')}</legend>
        {(['total', 'perShare'] as const).map((mode) => (
          <label key={mode}>
            <input type="radio" name="amountMode" value={mode} checked={flow.draft.amountMode === mode} onChange={() => flow.change('amountMode', mode)} data-testid={`distribution-mode-${mode}`} />{' '}
            {t(`operator.distributions.${mode}`)}{' '}
          </label>
        ))}
      </fieldset>
      <Field flow={flow} field="amount" label={t(`operator.distributions.${flow.draft.amountMode === 'perShare' ? 'perShare' : 'total'}`)}>
        {(props) => <input {...props} inputMode="decimal" autoComplete="off" value={flow.draft.amount} disabled={locked} onChange={(e) => flow.change('amount', e.target.value)} data-testid="distribution-amount" />}
      </Field>
      <Field flow={flow} field="reason" label={t('operator.reason')}>
        {(props) => <textarea {...props} value={flow.draft.reason} disabled={locked} onChange={(e) => flow.change('reason', e.target.value)} data-testid="distribution-reason" />}
      </Field>
      {flow.state === 'declineShown' && flow.error && (
        <Notice role="alert" $error data-testid="distribution-declare-error">
          {flow.error.message || flow.error.code}
        </Notice>
      )}
      <Button type="submit" busy={flow.state === 'declaring'} disabled={locked} data-testid="distribution-submit">
        {flow.state === 'declaring' ? t('operator.distributions.declaring') : t('operator.distributions.submit')}
      </Button>
    </form>
  );
}

const payoutTotal = (d: DistributionDetail) => d.payouts.approved + d.payouts.exported + d.payouts.executed + d.payouts.returned;

/** The declared distribution: its sums and every holder's part; Approve while it awaits approval. */
function Review({ flow, offerTitle }: { flow: Flow; offerTitle: (id: number) => string }) {
  const t = useT();
  const language = useLanguage();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const d = flow.distribution!;
  const approved = d.status === 'approved';
  // Moving focus to the result tells a keyboard or screen-reader user the form has been replaced.
  useEffect(() => headingRef.current?.focus(), [d.id, approved]);
  return (
    <Card data-testid="distribution-review" data-status={d.status}>
      <h2 ref={headingRef} tabIndex={-1}>
        {offerTitle(d.offerId)} · {t(`operator.distributions.kinds.${d.kind}`)} · {t(`operator.distributions.statuses.${d.status}`)}
      </h2>
      <Stats>
        <div><dt>{t('operator.distributions.period')}</dt><dd>{d.periodFrom} – {d.periodTo}</dd></div>
        <div><dt>{t('operator.distributions.recordDate')}</dt><dd>{d.recordDate}</dd></div>
        <div><dt>{t('operator.distributions.gross')}</dt><dd data-testid="distribution-gross">{formatMoney(d.gross, language)}</dd></div>
        <div><dt>{t('operator.distributions.tax')}</dt><dd data-testid="distribution-tax">{formatMoney(d.tax, language)}</dd></div>
        <div><dt>{t('operator.distributions.net')}</dt><dd data-testid="distribution-net">{formatMoney(d.net, language)}</dd></div>
        <div><dt>{t('operator.distributions.taxRate')}</dt><dd>{formatPercent(d.taxRateBasisPoints / 100, language)}</dd></div>
        <div><dt>{t('operator.distributions.holders')}</dt><dd>{d.holders}</dd></div>
        <div><dt>{t('operator.distributions.createdBy')}</dt><dd>{d.createdBy ?? '—'}</dd></div>
        {approved && <div><dt>{t('operator.distributions.approvedBy')}</dt><dd data-testid="distribution-approved-by">{d.approvedBy ?? '—'}</dd></div>}
      </Stats>
      <DataTable
        testId="distribution-allocations"
        rows={d.allocations}
        rowKey={(a) => a.userId}
        columns={[
          { head: t('operator.distributions.holder'), cell: (a) => `${a.name} (${a.email})` },
          { head: t('operator.distributions.shares'), cell: (a) => a.shares },
          { head: t('operator.distributions.gross'), cell: (a) => formatMoney(a.gross, language) },
          { head: t('operator.distributions.tax'), cell: (a) => formatMoney(a.tax, language) },
          { head: t('operator.distributions.net'), cell: (a) => formatMoney(a.net, language) },
        ]}
      />
      {flow.state === 'refused' && flow.error && (
        <Notice role="alert" $error data-testid="distribution-approve-error" data-code={flow.error.code}>
          {flow.error.code === 'DISTRIBUTION_FOUR_EYES' && <strong>{t('operator.distributions.fourEyes')} </strong>}
          {flow.error.message || flow.error.code}{' '}
          <Button type="button" variant="ghost" onClick={flow.dismiss} data-testid="distribution-dismiss">{t('operator.close')}</Button>
        </Notice>
      )}
      {approved && flow.state === 'approved' && <Notice role="status" data-testid="distribution-approved">{t('operator.distributions.approvedNotice')}</Notice>}
      {flow.state === 'fileGenerated' && (
        <Notice role="status" data-testid="distribution-file-generated">
          {t('operator.distributions.fileGeneratedNotice', { executed: d.payouts.executed, total: payoutTotal(d) })}
        </Notice>
      )}
      {flow.state === 'executed' && (
        <Notice role="status" data-testid="distribution-executed">
          {t('operator.distributions.executedNotice', { executed: d.payouts.executed, returned: d.payouts.returned })}
        </Notice>
      )}
      {(flow.state === 'review' || flow.state === 'approving') && (
        <Button type="button" busy={flow.state === 'approving'} disabled={flow.busy} onClick={flow.approve} data-testid="distribution-approve">
          {flow.state === 'approving' ? t('operator.distributions.approving') : t('operator.distributions.approve')}
        </Button>
      )}{' '}
      {flow.state !== 'approving' && (
        <Button type="button" variant="secondary" onClick={flow.reset} data-testid="distribution-another">{t('operator.distributions.another')}</Button>
      )}
    </Card>
  );
}

/** The flow (form or review) and the declared distributions, each with Open. */
export function DistributionPanel({ calls, offers, distributions, onChanged, draft }: { calls: DistributionCalls; offers: { id: number; title: string }[]; distributions: Distribution[]; onChanged?: () => void; draft?: Partial<DistributionDraft> }) {
  const t = useT();
  const language = useLanguage();
  const flow = useDistribution(calls, onChanged, draft);
  const [openFailed, setOpenFailed] = useState(false);
  const offerTitle = (id: number) => offers.find((o) => o.id === id)?.title ?? `#${id}`;
  const reviewing = flow.distribution !== null && !['editing', 'invalid', 'declaring', 'declineShown'].includes(flow.state);
  return (
    <section data-testid="distribution-flow" data-state={flow.state}>
      {reviewing ? <Review flow={flow} offerTitle={offerTitle} /> : <DeclareForm flow={flow} offers={offers} />}
      <h2>{t('operator.distributions.list')}</h2>
      {openFailed && <Notice role="alert" $error>{t('operator.loadFailed')}</Notice>}
      <DataTable
        testId="distributions-list"
        rows={distributions}
        rowKey={(d) => d.id}
        rowProps={(d) => ({ 'data-status': d.status, 'data-id': String(d.id) })}
        columns={[
          { head: t('operator.distributions.offer'), cell: (d) => offerTitle(d.offerId) },
          { head: t('operator.distributions.kind'), cell: (d) => t(`operator.distributions.kinds.${d.kind}`) },
          { head: t('operator.distributions.period'), cell: (d) => `${d.periodFrom} – ${d.periodTo}` },
          { head: t('operator.distributions.gross'), cell: (d) => formatMoney(d.gross, language) },
          { head: t('operator.distributions.tax'), cell: (d) => formatMoney(d.tax, language) },
          { head: t('operator.distributions.net'), cell: (d) => formatMoney(d.net, language) },
          { head: t('operator.distributions.status'), cell: (d) => t(`operator.distributions.statuses.${d.status}`) },
          { head: t('operator.distributions.createdBy'), cell: (d) => `${d.createdBy ?? '—'} · ${when(d.createdAt, language)}` },
          {
            head: '',
            cell: (d) => (
              <Button
                type="button"
                variant="secondary"
                disabled={flow.busy}
                aria-label={`${t('operator.distributions.open')}: ${offerTitle(d.offerId)} ${d.periodFrom} – ${d.periodTo}`}
                data-testid={`distribution-open-${d.id}`}
                onClick={() => {
                  setOpenFailed(false);
                  calls.fetchOne(d.id).then(flow.open, () => setOpenFailed(true));
                }}
              >
                {t('operator.distributions.open')}
              </Button>
            ),
          },
        ]}
      />
    </section>
  );
}

export const DistributionsPage: Screen = () => {
  const t = useT();
  const language = useLanguage();
  const api = useOperatorApi();
  const offers = useLoad((_: null, signal) => api.offers(signal), null);
  const list = useLoad((_: null, signal) => api.distributions(signal), null);
  // From an offer's "Declare a distribution" link (the offers screen): that offer preselected.
  const preselected = new URLSearchParams(useSearch()).get('offer');
  return (
    <Area title={t('operator.distributions.title')} testId="operator-distributions">
      <Loaded load={offers}>
        {(loadedOffers) => {
          // Only the offers whose lifecycle allows a declaration (closed funded) are offered in the form.
          const declarable = loadedOffers.filter((o) => offerLifecycleAllows(o.lifecycle, 'distribution.declared'));
          const draft = preselected && declarable.some((o) => String(o.id) === preselected) ? { offerId: preselected } : undefined;
          return (
            // The list reloads after a declaration or approval; the flow stays mounted meanwhile.
            <DistributionPanel
              draft={draft}
              calls={{
                declare: (body, signal) => api.declareDistribution(body, signal),
                approve: (id, signal) => api.approveDistribution(id, signal),
                fetchOne: (id) => api.distribution(id),
              }}
              offers={declarable.map((o) => ({ id: o.id, title: o.title[language] }))}
              distributions={list.data?.items ?? []}
              onChanged={list.reload}
            />
          );
        }}
      </Loaded>
      {list.status === 'failure' && (
        <Notice role="alert" $error>
          {t('operator.loadFailed')} <Button type="button" variant="secondary" onClick={list.retry}>{t('operator.retry')}</Button>
        </Notice>
      )}
    </Area>
  );
};
