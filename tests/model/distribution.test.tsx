// Model-based test of the operator's distribution flow (machines/distribution.machine.ts) through the back
// office's panel: type the amount (a bad one is refused next to the field before anything is sent), declare,
// see the server's parts (gross, tax, net) or its refusal, approve (the author's own approval is refused with
// the four-eyes message), open a declared, approved, file-generated or executed distribution from the list (its payouts' statuses
// decide the stage), start a new one.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Distribution, DistributionCreateBody, DistributionDetail } from '../../contract/payouts';
import { distributionMachine, type DistributionDraft } from '../../machines/distribution.machine';
import { ApiRequestError } from '../../src/api/http';
import { DistributionPanel } from '../../src/features/operator/OperatorArea';
import { I18nProvider, loadDictionary } from '../../src/i18n/i18n';
import { theme } from '../../lib/theme';
import { byValueAnd, createMachineTestModel, expectFullCoverage, flushMicrotasks, machineCoverage, printCoverage, runPath } from '../support/model';

const DRAFT: Partial<DistributionDraft> = { offerId: '7', kind: 'rental_income', periodFrom: '2026-01-01', periodTo: '2026-03-31', recordDate: '2026-03-31', reason: 'Q1 rent' };
const OFFERS = [{ id: 7, title: 'Osiedle nad Wisłą' }];

const base: Distribution = {
  id: 1,
  offerId: 7,
  kind: 'rental_income',
  status: 'awaiting_approval',
  periodFrom: '2026-01-01',
  periodTo: '2026-03-31',
  recordDate: '2026-03-31',
  totalAmount: 100050,
  perShareAmount: null,
  gross: 100050,
  tax: 19010,
  net: 81040,
  taxRateBasisPoints: 1900,
  shares: 30,
  holders: 2,
  createdBy: 'operator@example.com',
  createdAt: '2026-04-01T10:00:00.000Z',
  approvedBy: null,
  approvedAt: null,
};
const allocations = [
  { userId: 'u1', email: 'anna@example.com', name: 'Anna Nowak', shares: 20, gross: 66700, tax: 12673, net: 54027 },
  { userId: 'u2', email: 'jan@example.com', name: 'Jan Kowalski', shares: 10, gross: 33350, tax: 6337, net: 27013 },
];
const NO_PAYOUTS = { approved: 0, exported: 0, executed: 0, returned: 0 };
const AWAITING: DistributionDetail = { ...base, allocations, payouts: NO_PAYOUTS };
const APPROVED: DistributionDetail = { ...base, id: 2, status: 'approved', approvedBy: 'operator2@example.com', approvedAt: '2026-04-02T10:00:00.000Z', allocations, payouts: { ...NO_PAYOUTS, approved: 2 } };
// the same distribution later: both payouts in a bank file, one already on the statement; then both settled
const FILE_GENERATED: DistributionDetail = { ...APPROVED, id: 3, payouts: { ...NO_PAYOUTS, exported: 1, executed: 1 } };
const EXECUTED: DistributionDetail = { ...APPROVED, id: 4, payouts: { ...NO_PAYOUTS, executed: 1, returned: 1 } };
const DETAILS = [AWAITING, APPROVED, FILE_GENERATED, EXECUTED];
const FOUR_EYES = new ApiRequestError(403, [{ code: 'DISTRIBUTION_FOUR_EYES', context: 'id', message: 'The author of a distribution cannot approve it' }]);
const NO_HOLDERS = new ApiRequestError(422, [{ code: 'DISTRIBUTION_NO_HOLDERS', context: 'recordDate', message: 'Nobody held paid shares on the record date' }]);

// A typed amount always differs from the one in the field (typing the same text changes nothing on screen).
const events = (state: { context: { draft: DistributionDraft } }) => [
  { type: 'distribution.changed', field: 'amount', value: state.context.draft.amount === '1 000,50' ? '1000.5' : '1 000,50' },
  { type: 'distribution.changed', field: 'amount', value: '12,345' },
  { type: 'distribution.opened', distribution: AWAITING },
  { type: 'distribution.opened', distribution: APPROVED },
  { type: 'distribution.opened', distribution: FILE_GENERATED },
  { type: 'distribution.opened', distribution: EXECUTED },
  { type: 'xstate.done.actor.declare', output: AWAITING },
  { type: 'xstate.error.actor.declare', error: NO_HOLDERS },
  { type: 'xstate.done.actor.approve', output: APPROVED },
  { type: 'xstate.error.actor.approve', error: FOUR_EYES },
];

const model = createMachineTestModel(distributionMachine, { events: events as never, serializeState: byValueAnd('draft', 'distribution') as never, input: { draft: DRAFT } } as never);
const paths = model.getShortestPaths();

interface Pending<T> {
  input: T;
  resolve: (v: DistributionDetail) => void;
  reject: (e: unknown) => void;
}

const click = async (testId: string) => {
  await act(async () => {
    fireEvent.click(screen.getByTestId(testId));
    await flushMicrotasks();
  });
};

describe('distribution (model-based, through the distributions panel)', () => {
  beforeEach(async () => {
    await loadDictionary('en');
  });

  for (const path of paths) {
    it(path.description, async () => {
      const declared: Pending<DistributionCreateBody>[] = [];
      const approvals: Pending<number>[] = [];
      render(
        <ThemeProvider theme={theme}>
          <I18nProvider language="en">
            <DistributionPanel
              draft={DRAFT}
              offers={OFFERS}
              distributions={[base, ...[2, 3, 4].map((id) => ({ ...base, id, status: 'approved' as const, approvedBy: 'operator2@example.com' }))]}
              calls={{
                declare: (input) => new Promise((resolve, reject) => declared.push({ input, resolve, reject })),
                approve: (input) => new Promise((resolve, reject) => approvals.push({ input, resolve, reject })),
                fetchOne: async (id) => DETAILS.find((d) => d.id === id)!,
              }}
            />
          </I18nProvider>
        </ThemeProvider>,
      );
      const flow = () => screen.getByTestId('distribution-flow');
      await runPath(path, {
        states: {
          editing: () => {
            expect(flow()).toHaveAttribute('data-state', 'editing');
            expect(screen.getByTestId('distribution-submit')).toBeEnabled();
            expect(screen.queryByTestId('distribution-fault-amount')).toBeNull();
            expect(screen.queryByTestId('distribution-declare-error')).toBeNull();
          },
          invalid: () => {
            const amount = (screen.getByTestId('distribution-amount') as HTMLInputElement).value;
            // a blank amount is asked for; a typed one that is not an amount in złoty says how to write it
            expect(screen.getByTestId('distribution-fault-amount')).toHaveTextContent(amount === '' ? 'This field is required' : 'Give an amount in złoty');
            expect(screen.getByTestId('distribution-amount')).toHaveAttribute('aria-invalid', 'true');
            expect(declared).toHaveLength(0);
          },
          declaring: () => {
            expect(screen.getByTestId('distribution-amount')).toBeDisabled();
            // złoty typed with a comma or a dot reach the API as integer grosze
            expect(declared.at(-1)!.input).toEqual({ offerId: 7, kind: 'rental_income', periodFrom: '2026-01-01', periodTo: '2026-03-31', recordDate: '2026-03-31', totalAmount: 100050, reason: 'Q1 rent' });
          },
          declineShown: () => {
            expect(screen.getByTestId('distribution-declare-error')).toHaveTextContent('Nobody held paid shares on the record date');
            expect(screen.getByTestId('distribution-reason')).toHaveValue('Q1 rent');
          },
          review: () => {
            const review = screen.getByTestId('distribution-review');
            expect(review).toHaveAttribute('data-status', 'awaiting_approval');
            expect(screen.getByTestId('distribution-gross')).toHaveTextContent('PLN 1,000.50');
            expect(screen.getByTestId('distribution-tax')).toHaveTextContent('PLN 190.10');
            expect(screen.getByTestId('distribution-net')).toHaveTextContent('PLN 810.40');
            expect(within(screen.getByTestId('distribution-allocations')).getByText('Anna Nowak (anna@example.com)')).toBeInTheDocument();
            expect(screen.getByTestId('distribution-approve')).toBeEnabled();
            expect(document.activeElement?.tagName).toBe('H2');
          },
          approving: () => {
            expect(screen.getByTestId('distribution-approve')).toBeDisabled();
            expect(approvals.at(-1)!.input).toBe(1);
          },
          refused: () => {
            const error = screen.getByTestId('distribution-approve-error');
            expect(error).toHaveAttribute('role', 'alert');
            expect(error).toHaveTextContent('Another operator than the author must approve (four eyes).');
            expect(error).toHaveTextContent('The author of a distribution cannot approve it');
            expect(screen.queryByTestId('distribution-approve')).toBeNull();
          },
          approved: () => {
            expect(screen.getByTestId('distribution-review')).toHaveAttribute('data-status', 'approved');
            expect(screen.getByTestId('distribution-approved-by')).toHaveTextContent('operator2@example.com');
            expect(screen.queryByTestId('distribution-approve')).toBeNull();
            expect(screen.getByTestId('distribution-approved')).toHaveTextContent('(see Payouts)');
            expect(screen.queryByTestId('distribution-file-generated')).toBeNull();
          },
          fileGenerated: () => {
            expect(screen.getByTestId('distribution-review')).toHaveAttribute('data-status', 'approved');
            expect(screen.getByTestId('distribution-file-generated')).toHaveTextContent('executed per the statement: 1 of 2');
            expect(screen.queryByTestId('distribution-approved')).toBeNull();
            expect(screen.queryByTestId('distribution-approve')).toBeNull();
          },
          executed: () => {
            expect(screen.getByTestId('distribution-executed')).toHaveTextContent('payouts executed (1); returned by the bank: 1');
            expect(screen.queryByTestId('distribution-file-generated')).toBeNull();
            expect(screen.queryByTestId('distribution-approve')).toBeNull();
          },
        },
        events: {
          'distribution.changed': async ({ event }) => {
            await act(async () => {
              fireEvent.change(screen.getByTestId('distribution-amount'), { target: { value: (event as unknown as { value: string }).value } });
            });
          },
          'distribution.submitted': () => click('distribution-submit'),
          'distribution.opened': ({ event }) => click(`distribution-open-${(event as unknown as { distribution: DistributionDetail }).distribution.id}`),
          'distribution.approved': () => click('distribution-approve'),
          'distribution.dismissed': () => click('distribution-dismiss'),
          'distribution.reset': () => click('distribution-another'),
          'xstate.done.actor.declare': async () => {
            await act(async () => {
              declared.at(-1)!.resolve(AWAITING);
              await flushMicrotasks();
            });
          },
          'xstate.error.actor.declare': async () => {
            await act(async () => {
              declared.at(-1)!.reject(NO_HOLDERS);
              await flushMicrotasks();
            });
          },
          'xstate.done.actor.approve': async () => {
            await act(async () => {
              approvals.at(-1)!.resolve(APPROVED);
              await flushMicrotasks();
            });
          },
          'xstate.error.actor.approve': async () => {
            await act(async () => {
              approvals.at(-1)!.reject(FOUR_EYES);
              await flushMicrotasks();
            });
          },
        },
      });
    });
  }

  it('covers every state and transition of the chart', () => {
    const result = machineCoverage(distributionMachine, paths);
    printCoverage(result);
    expectFullCoverage(result);
  });
});
