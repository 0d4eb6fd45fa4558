// Model-based test of one back-office action (machines/operatorAction.machine.ts) through the hook the
// operator screens use: type a reason, submit (a blank reason is refused before anything is sent), see
// the answer or the server's error (another operator was quicker), close, retry.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { operatorActionMachine } from '../../machines/operatorAction.machine';
import { ApiRequestError } from '../../src/api/http';
import { useOperatorAction } from '../../src/features/operator/OperatorArea';
import { byValueAnd, createMachineTestModel, expectFullCoverage, flushMicrotasks, machineCoverage, printCoverage, runPath } from '../support/model';

const STALE = new ApiRequestError(409, [{ code: 'ORDER_STATUS_CHANGED', context: 'expectedVersion', message: 'Changed by someone else' }]);

// A typed reason always differs from the one in the field (typing the same text changes nothing on screen).
const events = (state: { context: { draft: Record<string, string> } }) => [
  { type: 'operator.changed', field: 'reason', value: state.context.draft.reason === 'Przelew widoczny' ? 'Przelew widoczny w banku' : 'Przelew widoczny' },
  { type: 'operator.changed', field: 'reason', value: '' },
  { type: 'xstate.done.actor.submit', output: { ok: true } },
  { type: 'xstate.error.actor.submit', error: STALE },
];

const model = createMachineTestModel(operatorActionMachine, { events: events as never, serializeState: byValueAnd('draft') as never, input: {} } as never);
const paths = model.getShortestPaths();

interface Pending {
  draft: Record<string, string>;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

function View({ calls }: { calls: Pending[] }) {
  const action = useOperatorAction((draft) => new Promise((resolve, reject) => calls.push({ draft, resolve, reject })));
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        action.submit();
      }}
    >
      <label htmlFor="r">Reason</label>
      <input id="r" value={action.draft.reason ?? ''} onChange={(e) => action.change('reason', e.target.value)} />
      {action.missing.includes('reason') && <p data-testid="missing">Give a reason.</p>}
      <button type="submit" disabled={action.busy}>Run</button>
      {action.busy && <p data-testid="busy">busy</p>}
      {action.done && (
        <p data-testid="done">
          Saved. <button type="button" onClick={action.dismiss}>Close</button>
        </p>
      )}
      {action.error && (
        <p data-testid="error">
          {action.error.message} <button type="button" onClick={action.dismiss}>Close</button>
        </p>
      )}
    </form>
  );
}

describe('operatorAction (model-based, through useOperatorAction)', () => {
  for (const path of paths) {
    it(path.description, async () => {
      const calls: Pending[] = [];
      render(<View calls={calls} />);
      await runPath(path, {
        states: {
          editing: () => {
            expect(screen.queryByTestId('busy')).toBeNull();
            expect(screen.queryByTestId('error')).toBeNull();
            expect(screen.queryByTestId('done')).toBeNull();
          },
          invalid: () => {
            expect(screen.getByTestId('missing')).toHaveTextContent('Give a reason.');
            expect(calls).toHaveLength(0);
          },
          submitting: () => {
            expect(screen.getByTestId('busy')).toBeInTheDocument();
            expect(calls.at(-1)!.draft.reason).toMatch(/^Przelew widoczny/);
          },
          done: () => expect(screen.getByTestId('done')).toBeInTheDocument(),
          failed: () => expect(screen.getByTestId('error')).toHaveTextContent('Changed by someone else'),
        },
        events: {
          'operator.changed': async ({ event }) => {
            await act(async () => {
              fireEvent.change(screen.getByLabelText('Reason'), { target: { value: (event as unknown as { value: string }).value } });
            });
          },
          'operator.submitted': async () => {
            await act(async () => {
              fireEvent.click(screen.getByRole('button', { name: 'Run' }));
            });
          },
          'operator.dismissed': async () => {
            await act(async () => {
              fireEvent.click(screen.getByRole('button', { name: 'Close' }));
            });
          },
          'xstate.done.actor.submit': async () => {
            await act(async () => {
              calls.at(-1)!.resolve({ ok: true });
              await flushMicrotasks();
            });
          },
          'xstate.error.actor.submit': async () => {
            await act(async () => {
              calls.at(-1)!.reject(STALE);
              await flushMicrotasks();
            });
          },
        },
      });
    });
  }

  it('covers every state and transition of the chart', () => {
    const result = machineCoverage(operatorActionMachine, paths);
    printCoverage(result);
    expectFullCoverage(result);
  });
});
