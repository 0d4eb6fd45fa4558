// Bank statement import (machines/statementImport.machine.ts): choose a file, send it, see what each line
// became; below, the previous imports.
import { useActorRef, useSelector } from '@xstate/react';
import { useId, useRef } from 'react';
import { useLatestCallback } from '../../components/ui/useLatestCallback';
import { fromPromise } from 'xstate';
import type { StatementImportDetail, StatementLine } from '../../../contract/operator';
import { statementImportMachine, type ChosenFile } from '../../../machines/statementImport.machine';
import type { Screen } from '../../screens/screen';
import { formatMoney, pluralKey } from '../../../lib/format';
import { Button } from '../../components/ui/Button';
import { useLoad } from '../../components/ui/useLoad';
import { useLanguage, useT, type Translate } from '../../i18n/i18n';
import { Area, DataTable, FieldBox, Loaded, Notice, useOperatorApi, when } from './ui';

/** The server's default STATEMENT_MAX_BYTES; a larger file is refused before it is sent. */
export const STATEMENT_MAX_BYTES = 5 * 1024 * 1024;

export function useStatementImport(upload: (file: ChosenFile, signal: AbortSignal) => Promise<StatementImportDetail>, maxBytes = STATEMENT_MAX_BYTES) {
  const uploadLatest = useLatestCallback(upload);
  const actor = useActorRef(
    statementImportMachine.provide({ actors: { upload: fromPromise(({ input, signal }) => uploadLatest(input, signal)) } }),
    { input: { maxBytes } },
  );
  return {
    state: useSelector(actor, (s) => s.value as string),
    chosen: useSelector(actor, (s) => s.context.chosen),
    result: useSelector(actor, (s) => s.context.result),
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
  const language = useLanguage();
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
      {flow.busy && <p role="status">{t('operator.statements.sending')}</p>}
      {flow.state === 'failed' && flow.failure && (
        <Notice role="alert" $error data-testid="statement-error">
          <strong>{t('operator.statements.failed')}</strong>: {flow.failure.message || flow.failure.code}
          {flow.failure.context && <span data-testid="statement-error-where"> {t('operator.statements.where', { where: placeInFile(t, flow.failure.context) })}</span>}{' '}
          <Button type="button" variant="secondary" onClick={flow.retry}>{t('operator.statements.retry')}</Button>{' '}
          <Button type="button" variant="ghost" onClick={flow.reset}>{t('operator.close')}</Button>
        </Notice>
      )}
      {flow.state === 'imported' && flow.result && (
        <div data-testid="statement-summary">
          <Notice role="status">{summaryText(t, language, flow.result.summary)}</Notice>
          <StatementLinesTable lines={flow.result.lines} />
          <Button type="button" variant="secondary" onClick={flow.reset} data-testid="statement-another">{t('operator.statements.another')}</Button>
        </div>
      )}
    </section>
  );
}

type Summary = StatementImportDetail['summary'];

/** The import's counts in a sentence whose noun agrees with the number of lines read. */
export function summaryText(t: Translate, language: 'pl' | 'en', summary: Summary): string {
  return t(pluralKey('operator.statements.summary', language, summary.linesRead), summary);
}

/**
 * The server names the place of a fault in a fixed English vocabulary ("line 3, column 5", "line 4 (:61:)",
 * "statement 2: :20:", "file"); XML paths and MT940 tags are the same in every language. The words are put
 * in the reader's language here, so the message does not mix languages.
 */
export function placeInFile(t: Translate, where: string): string {
  if (where === 'file') return t('operator.statements.place.file');
  return where.replace(/\b(line|column|statement) (\d+|\?)/g, (_, word: string, n: string) =>
    t(`operator.statements.place.${word}`, { n }),
  );
}

/** A statement's lines and what each became (the import's answer, an order's detail). */
export function StatementLinesTable({ lines }: { lines: StatementLine[] }) {
  const t = useT();
  const language = useLanguage();
  return (
    <DataTable
      testId="statement-lines"
      rows={lines}
      rowKey={(l, i) => `${l.position}-${i}`}
      rowProps={(l) => ({ 'data-outcome': l.outcome })}
      columns={[
        { cell: (l) => l.location },
        { cell: (l) => l.bookingDate },
        { cell: (l) => `${l.direction === 'DBIT' ? '−' : ''}${formatMoney(l.amount, language)}` },
        { cell: (l) => l.title },
        { cell: (l) => l.payerName },
        { cell: (l) => t(`operator.statements.outcome.${l.outcome}`) },
        { cell: (l) => `${l.order?.reference ?? ''} ${l.exception ? t(`operator.exceptions.reason.${l.exception.reason}`) : ''}` },
      ]}
    />
  );
}

export const StatementsPage: Screen = () => {
  const t = useT();
  const language = useLanguage();
  const api = useOperatorApi();
  const history = useLoad((_: null, signal) => api.statements(signal), null);
  return (
    <Area title={t('operator.nav.statements')} testId="operator-statements">
      <StatementImportForm upload={(file, signal) => api.importStatement(file, signal)} onImported={history.reload} />
      <h2>{t('operator.statements.history')}</h2>
      <Loaded load={history}>
        {(page) => (
          <DataTable
            rows={page.items}
            rowKey={(i) => i.id}
            columns={[
              { cell: (i) => when(i.createdAt, language) },
              { cell: (i) => i.fileName },
              { cell: (i) => i.format },
              { cell: (i) => i.importedBy },
              { cell: (i) => summaryText(t, language, i.summary) },
            ]}
          />
        )}
      </Loaded>
    </Area>
  );
};
