// One order in the back office: status, investor, total, the actions its status allows, its history,
// transactions and the statement lines booked to it.
import type { OperatorOrderDetail, OrderAction } from '../../../contract/operator';
import type { Screen } from '../../screens/screen';
import { formatMoney } from '../../../lib/format';
import { Button } from '../../components/ui/Button';
import { useLoad } from '../../components/ui/useLoad';
import { useLanguage, useT } from '../../i18n/i18n';
import { StatementLinesTable } from './StatementsPage';
import { ActionForm, ActionOutcome, Area, Card, DataTable, Loaded, SelectField, Stats, TextField, useOperatorApi, when } from './ui';
import { useOperatorAction } from './useOperatorAction';

function OrderActions({ order, onChanged }: { order: OperatorOrderDetail; onChanged: () => void }) {
  const t = useT();
  const api = useOperatorApi();
  // A paid order revoked in the reflection period waits for its refund: that is the one thing to do with it.
  const choices: OrderAction[] =
    order.attentionReason === 'REFUND_DUE_REVOKED'
      ? ['refund']
      : order.status === 'new' ? ['record-transfer', 'cancel'] : order.status === 'paid' ? ['complete', 'cancel'] : order.status === 'cancelled' ? ['record-transfer'] : [];
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
      <ActionForm action={action} testId="order-actions">
        <SelectField label={t('operator.orders.action')} value={action.draft.action} onChange={(v) => action.change('action', v)} testId="order-action">
          {choices.map((c) => (
            <option key={c} value={c}>{t(`operator.orders.actions.${c}`)}</option>
          ))}
        </SelectField>
        {action.draft.action === 'record-transfer' && (
          <>
            <TextField action={action} field="amount" label={t('operator.orders.amount')} />
            <TextField action={action} field="bankReference" label={t('operator.orders.bankReference')} />
          </>
        )}
        <TextField action={action} field="reason" label={t('operator.reason')} testId="reason" />
        <Button type="submit" busy={action.busy} data-testid="run-action">{t('operator.orders.run')}</Button>
        <ActionOutcome action={action} doneText={t('operator.orders.done')} />
      </ActionForm>
    </Card>
  );
}

export const OrderPage: Screen = ({ params }) => {
  const t = useT();
  const language = useLanguage();
  const api = useOperatorApi();
  const load = useLoad((id: string, signal) => api.order(id, signal), params.orderId);
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
            {o.attentionReason && (
              <p role="status" data-testid="order-attention">
                {o.attentionReason === 'REFUND_DUE_REVOKED' ? t('operator.orders.attention.REFUND_DUE_REVOKED', { method: t(`operator.orders.method.${o.method}`) }) : o.attentionReason}
              </p>
            )}
            <OrderActions key={`${o.version}-${o.attentionReason ?? ''}`} order={o} onChanged={load.reload} />
            <h2>{t('operator.orders.history')}</h2>
            <DataTable
              testId="order-history"
              rows={o.history}
              rowKey={(_, i) => i}
              columns={[
                { cell: (h) => when(h.at, language) },
                { cell: (h) => `${h.from ? t(`operator.status.${h.from}`) : ''} → ${t(`operator.status.${h.to}`)}` },
                { cell: (h) => `${h.actor}${h.actorEmail ? ` (${h.actorEmail})` : ''}` },
                { cell: (h) => h.reason },
                { cell: (h) => h.note },
              ]}
            />
            <h2>{t('operator.orders.transactions')}</h2>
            <DataTable
              rows={o.transactions}
              rowKey={(x) => x.id}
              columns={[
                { cell: (x) => when(x.createdAt, language) },
                { cell: (x) => x.method },
                { cell: (x) => x.status },
                { cell: (x) => formatMoney(x.amount, language) },
                { cell: (x) => x.externalId },
              ]}
            />
            {o.statementLines.length > 0 && <StatementLinesTable lines={o.statementLines} />}
          </>
        )}
      </Loaded>
    </Area>
  );
};
