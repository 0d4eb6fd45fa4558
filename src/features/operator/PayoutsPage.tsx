// Payouts in the back office: approved distributions' parts and refunds, filtered by status; the approved
// ones are put in a bank payment file (pain.001.001.03) the operator downloads and uploads to the bank. The
// statement import later marks them executed. The files made earlier are listed (when, how many payouts, the
// total, who made it) and download again with the same bytes.
import { useState } from 'react';
import type { PayoutFile, PayoutStatus } from '../../../contract/payouts';
import type { Screen } from '../../screens/screen';
import { formatMoney } from '../../../lib/format';
import { Button } from '../../components/ui/Button';
import { useLoad, type Load } from '../../components/ui/useLoad';
import { useLanguage, useT } from '../../i18n/i18n';
import type { OperatorApi, Paged } from './api';
import { ActionForm, ActionOutcome, Area, Card, DataTable, Loaded, Notice, SelectField, TextField, useOperatorApi, when } from './ui';
import { useOperatorAction } from './useOperatorAction';

const STATUSES: PayoutStatus[] = ['approved', 'exported', 'executed', 'returned'];

/** The file's bytes saved under the name the server gives (the bearer token rules out a plain link). */
async function savePayoutFile(api: OperatorApi, file: Pick<PayoutFile, 'id' | 'messageId'>) {
  const answer = await api.payoutFile(file.id);
  const url = URL.createObjectURL(answer.blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = answer.fileName ?? `${file.messageId}.xml`;
  a.click();
  URL.revokeObjectURL(url);
}

function PayoutFileForm({ onCreated }: { onCreated: () => void }) {
  const t = useT();
  const language = useLanguage();
  const api = useOperatorApi();
  const [downloadFailed, setDownloadFailed] = useState(false);
  const action = useOperatorAction(
    async (draft, signal) => {
      const file = await api.createPayoutFile(draft.executionDate.trim(), signal);
      onCreated();
      return file;
    },
    { draft: { executionDate: '' }, required: [] },
  );
  const file = action.result;
  return (
    <Card data-testid="payout-file">
      <h2>{t('operator.payouts.file')}</h2>
      <ActionForm action={action} testId="payout-file-form">
        <TextField action={action} field="executionDate" label={t('operator.payouts.executionDate')} testId="payout-execution-date" />
        <Button type="submit" busy={action.busy} data-testid="payout-file-create">{t('operator.payouts.createFile')}</Button>
      </ActionForm>
      {file && (
        <div data-testid="payout-file-created">
          <Notice role="status">
            {t('operator.payouts.fileCreated', { messageId: file.messageId, count: file.count, total: formatMoney(file.total, language) })}
          </Notice>
          {file.skipped.length > 0 && (
            <Notice $error data-testid="payout-file-skipped">
              {t('operator.payouts.skipped', { references: file.skipped.map((s) => s.reference).join(', ') })}
            </Notice>
          )}
          <Button
            type="button"
            variant="secondary"
            data-testid="payout-file-download"
            onClick={() => {
              setDownloadFailed(false);
              savePayoutFile(api, file).catch(() => setDownloadFailed(true));
            }}
          >
            {t('operator.payouts.download')}
          </Button>
          {downloadFailed && <Notice role="alert" $error>{t('operator.loadFailed')}</Notice>}
        </div>
      )}
      {action.error && <ActionOutcome action={action} doneText="" />}
    </Card>
  );
}

function PayoutFiles({ load }: { load: Load<Paged<PayoutFile>> }) {
  const t = useT();
  const language = useLanguage();
  const api = useOperatorApi();
  const [failed, setFailed] = useState<number | null>(null);
  return (
    <Card as="section" aria-labelledby="payout-files-title" data-testid="payout-files">
      <h2 id="payout-files-title">{t('operator.payouts.files')}</h2>
      <Loaded load={load}>
        {(page) => (
          <DataTable
            testId="payout-files-list"
            rows={page.items}
            rowKey={(f) => f.id}
            rowProps={(f) => ({ 'data-file-id': String(f.id), 'data-message-id': f.messageId })}
            columns={[
              { head: t('operator.payouts.fileDate'), cell: (f) => when(f.createdAt, language) },
              { head: t('operator.payouts.fileMessageId'), cell: (f) => f.messageId },
              { head: t('operator.payouts.fileExecution'), cell: (f) => f.executionDate },
              { head: t('operator.payouts.fileCount'), cell: (f) => String(f.count), testId: 'payout-file-count' },
              { head: t('operator.payouts.fileTotal'), cell: (f) => formatMoney(f.total, language), testId: 'payout-file-total' },
              { head: t('operator.payouts.fileCreatedBy'), cell: (f) => f.createdBy ?? '—', testId: 'payout-file-created-by' },
              {
                head: t('operator.payouts.file'),
                cell: (f) => (
                  <>
                    <Button
                      type="button"
                      variant="secondary"
                      data-testid={`payout-file-download-${f.id}`}
                      aria-label={t('operator.payouts.downloadAgainOf', { messageId: f.messageId })}
                      onClick={() => {
                        setFailed(null);
                        savePayoutFile(api, f).catch(() => setFailed(f.id));
                      }}
                    >
                      {t('operator.payouts.downloadAgain')}
                    </Button>
                    {failed === f.id && (
                      <Notice role="alert" $error>
                        {t('operator.loadFailed')}
                      </Notice>
                    )}
                  </>
                ),
              },
            ]}
          />
        )}
      </Loaded>
    </Card>
  );
}

export const PayoutsPage: Screen = () => {
  const t = useT();
  const language = useLanguage();
  const api = useOperatorApi();
  const [status, setStatus] = useState<PayoutStatus | ''>('');
  const load = useLoad((s: PayoutStatus | '', signal) => api.payouts(s, signal), status);
  const files = useLoad((_: null, signal) => api.payoutFiles(signal), null);
  return (
    <Area title={t('operator.payouts.title')} testId="operator-payouts">
      <PayoutFileForm
        onCreated={() => {
          load.reload();
          files.reload();
        }}
      />
      <SelectField label={t('operator.payouts.status')} value={status} onChange={(v) => setStatus(v as PayoutStatus | '')} testId="payouts-status">
        <option value="">{t('operator.payouts.all')}</option>
        {STATUSES.map((s) => (
          <option key={s} value={s}>{t(`operator.payouts.statuses.${s}`)}</option>
        ))}
      </SelectField>
      <Loaded load={load}>
        {(page) => (
          <DataTable
            testId="payouts-list"
            rows={page.items}
            rowKey={(p) => p.id}
            rowProps={(p) => ({ 'data-status': p.status, 'data-reference': p.reference })}
            columns={[
              { head: t('operator.payouts.reference'), cell: (p) => p.reference },
              { head: t('operator.payouts.investor'), cell: (p) => p.email },
              { head: t('operator.payouts.kind'), cell: (p) => t(`operator.payouts.kinds.${p.kind}`) },
              { head: t('operator.payouts.amount'), cell: (p) => formatMoney(p.amount, language) },
              { head: t('operator.payouts.status'), cell: (p) => t(`operator.payouts.statuses.${p.status}`) },
              { head: t('operator.payouts.created'), cell: (p) => when(p.createdAt, language) },
            ]}
          />
        )}
      </Loaded>
      <PayoutFiles load={files} />
    </Area>
  );
};
