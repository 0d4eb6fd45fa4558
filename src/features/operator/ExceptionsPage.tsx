// The exceptions queue: each credit that could not be matched exactly, with its resolution form.
import type { StatementException } from '../../../contract/operator';
import type { Screen } from '../../screens/screen';
import { formatMoney } from '../../../lib/format';
import { Button } from '../../components/ui/Button';
import { useLoad } from '../../components/ui/useLoad';
import { useLanguage, useT } from '../../i18n/i18n';
import { ActionForm, ActionOutcome, Area, Card, Loaded, Notice, QueryPager, SelectField, TextField, useOperatorApi, usePageParam } from './ui';
import { useOperatorAction } from './useOperatorAction';

function ExceptionCard({ item }: { item: StatementException }) {
  const t = useT();
  const language = useLanguage();
  const api = useOperatorApi();
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
        <ActionForm action={action}>
          <SelectField label={t('operator.exceptions.resolution')} value={action.draft.resolution} onChange={(v) => action.change('resolution', v)} testId="resolution">
            {item.order && <option value="accept">{t('operator.exceptions.accept')}</option>}
            <option value="attach">{t('operator.exceptions.attach')}</option>
            <option value="refund_needed">{t('operator.exceptions.refund')}</option>
          </SelectField>
          {action.draft.resolution === 'attach' && <TextField action={action} field="orderReference" label={t('operator.exceptions.orderReference')} testId="order-reference" />}
          <TextField action={action} field="reason" label={t('operator.reason')} testId="reason" />
          <Button type="submit" busy={action.busy} data-testid="resolve">{t('operator.exceptions.resolve')}</Button>
          <ActionOutcome action={action} doneText={t('operator.exceptions.resolved')} />
        </ActionForm>
      )}
    </Card>
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
