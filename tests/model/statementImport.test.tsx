// Model-based test of the bank statement import (machines/statementImport.machine.ts) through the back
// office's form: pick a file (a small one, or one over the limit), send it, see the summary, or the error
// naming the element at fault with retry and close; import another.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { beforeEach, describe, expect, it } from 'vitest';
import type { StatementImportDetail } from '../../contract/operator';
import { statementImportMachine, type ChosenFile } from '../../machines/statementImport.machine';
import { ApiRequestError } from '../../src/api/http';
import { StatementImportForm } from '../../src/features/operator/OperatorArea';
import { I18nProvider, loadDictionary } from '../../src/i18n/i18n';
import { theme } from '../../lib/theme';
import { byValueAnd, createMachineTestModel, expectFullCoverage, flushMicrotasks, machineCoverage, printCoverage, runPath } from '../support/model';

const MAX = 1000;
const SMALL: ChosenFile = { name: 'wyciag.xml', size: 10, file: null };
const BIG: ChosenFile = { name: 'huge.xml', size: 5000, file: null };
const RESULT: StatementImportDetail = {
  id: 1,
  fileName: 'wyciag.xml',
  format: 'camt053',
  account: 'PL61109010140000071219812874',
  statementId: 'S1',
  periodFrom: null,
  periodTo: null,
  importedBy: 'operator@example.com',
  createdAt: '2025-03-31T00:00:00.000Z',
  summary: { linesRead: 3, matched: 1, exceptions: 1, duplicates: 1, ignored: 0 },
  lines: [],
};
const FAILURE = new ApiRequestError(422, [{ code: 'STATEMENT_MALFORMED', context: 'Stmt[1]/Ntry[2]/Amt', message: 'The statement file is not valid' }]);

const events = [
  { type: 'statement.fileChosen', file: SMALL },
  { type: 'statement.fileChosen', file: BIG },
  { type: 'xstate.done.actor.upload', output: RESULT },
  { type: 'xstate.error.actor.upload', error: FAILURE },
] as never[];

const model = createMachineTestModel(statementImportMachine, {
  events,
  serializeState: byValueAnd('chosen') as never,
  input: { maxBytes: MAX },
} as never);
const paths = model.getShortestPaths();

interface Pending {
  file: ChosenFile;
  resolve: (r: StatementImportDetail) => void;
  reject: (e: unknown) => void;
}

function choose(file: ChosenFile) {
  const input = screen.getByTestId('statement-file') as HTMLInputElement;
  const real = new File(['x'.repeat(file.size)], file.name, { type: 'application/xml' });
  Object.defineProperty(input, 'files', { value: [real], configurable: true });
  fireEvent.change(input);
}

describe('statementImport (model-based, through the import form)', () => {
  beforeEach(async () => {
    await loadDictionary('en');
  });

  for (const path of paths) {
    it(path.description, async () => {
      const calls: Pending[] = [];
      render(
        <ThemeProvider theme={theme}>
          <I18nProvider language="en">
            <StatementImportForm maxBytes={MAX} upload={(file) => new Promise((resolve, reject) => calls.push({ file, resolve, reject }))} />
          </I18nProvider>
        </ThemeProvider>,
      );
      const section = () => screen.getByTestId('statement-import');
      await runPath(path, {
        states: {
          empty: () => {
            expect(section()).toHaveAttribute('data-state', 'empty');
            expect(screen.getByTestId('statement-submit')).toBeDisabled();
          },
          tooLarge: () => {
            expect(screen.getByTestId('statement-too-large')).toHaveTextContent('The file is too large');
            expect(screen.getByTestId('statement-submit')).toBeDisabled();
          },
          ready: () => {
            expect(screen.getByTestId('statement-submit')).toBeEnabled();
            expect(screen.queryByTestId('statement-error')).toBeNull();
          },
          uploading: () => {
            expect(screen.getByTestId('statement-file')).toBeDisabled();
            expect(calls.at(-1)!.file.name).toBe(SMALL.name);
          },
          imported: () => {
            expect(screen.getByTestId('statement-summary')).toHaveTextContent('3 lines read: 1 matched, 1 exceptions, 1 duplicates skipped, 0 ignored.');
          },
          failed: () => {
            expect(screen.getByTestId('statement-error')).toHaveTextContent('The statement file is not valid');
            expect(screen.getByTestId('statement-error-where')).toHaveTextContent('Stmt[1]/Ntry[2]/Amt');
          },
        },
        events: {
          'statement.fileChosen': async ({ event }) => {
            await act(async () => choose((event as unknown as { file: ChosenFile }).file));
          },
          'statement.submitted': async () => {
            await act(async () => {
              fireEvent.click(screen.getByTestId('statement-submit'));
            });
          },
          'statement.retried': async () => {
            await act(async () => {
              fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
            });
          },
          'statement.reset': async () => {
            await act(async () => {
              const another = screen.queryByTestId('statement-another');
              fireEvent.click(another ?? screen.getByRole('button', { name: 'Close' }));
            });
          },
          'xstate.done.actor.upload': async () => {
            await act(async () => {
              calls.at(-1)!.resolve(RESULT);
              await flushMicrotasks();
            });
          },
          'xstate.error.actor.upload': async () => {
            await act(async () => {
              calls.at(-1)!.reject(FAILURE);
              await flushMicrotasks();
            });
          },
        },
      });
    });
  }

  it('covers every state and transition of the chart', () => {
    const result = machineCoverage(statementImportMachine, paths);
    printCoverage(result);
    expectFullCoverage(result);
  });
});
