// The operator's distribution flow in the back office: fill in the declaration (offer, kind, period, record
// date, a total or an amount per share in złoty, a reason), send it, review what the server computed (each
// holder's gross, tax withheld and net, adding up to the total), and approve it; an approved one goes on to a bank payment file (made on the Payouts screen) and is executed when
// the bank statement shows every payout. The approval must come from
// another operator (four eyes): the author's own attempt is refused by the server and the refusal is shown
// with the distribution still awaiting approval. An operator can also open a declared distribution from the
// list to review or approve it. The calls are provided actors (`declare`, `approve`): the app gives HTTP, the
// tests deferred promises.
import { assign, fromPromise, setup } from 'xstate';
import type { DistributionCreateBody, DistributionDetail } from '../contract/payouts';
import { parseZloty } from '../lib/format';
import { described } from './descriptions/describe';
import descriptions from './descriptions/distribution';
import { errorListFrom, type ApiError } from './types';

export type DistributionDraft = Record<
  'offerId' | 'kind' | 'periodFrom' | 'periodTo' | 'recordDate' | 'amountMode' | 'amount' | 'reason',
  string
>;

export const EMPTY_DISTRIBUTION_DRAFT: DistributionDraft = {
  offerId: '',
  kind: 'rental_income',
  periodFrom: '',
  periodTo: '',
  recordDate: '',
  amountMode: 'total',
  amount: '',
  reason: '',
};

const REQUIRED = ['offerId', 'periodFrom', 'periodTo', 'recordDate', 'amount', 'reason'] as const;

/**
 * The fields at fault in a draft: blank required ones, and an amount that is not a positive złoty amount
 * (a total: at most 2 decimals, grosze; per share: at most 6, the API's ten-thousandths of a grosz).
 */
export function draftFaults(draft: DistributionDraft): string[] {
  const faults: string[] = REQUIRED.filter((f) => draft[f].trim() === '');
  if (!faults.includes('amount') && amountOf(draft) === null) faults.push('amount');
  return faults;
}

function amountOf(draft: DistributionDraft): number | null {
  return parseZloty(draft.amount, draft.amountMode === 'perShare' ? 6 : 2);
}

/** The API's body for a complete draft (złoty → grosze, or per share → ten-thousandths of a grosz). */
export function distributionBody(draft: DistributionDraft): DistributionCreateBody {
  const amount = amountOf(draft)!;
  return {
    offerId: Number(draft.offerId),
    kind: draft.kind as DistributionCreateBody['kind'],
    periodFrom: draft.periodFrom,
    periodTo: draft.periodTo,
    recordDate: draft.recordDate,
    ...(draft.amountMode === 'perShare' ? { perShareAmount: amount } : { totalAmount: amount }),
    reason: draft.reason.trim(),
  };
}

export interface DistributionContext {
  /** what a new declaration starts from (the page may preselect an offer) */
  initial: DistributionDraft;
  draft: DistributionDraft;
  /** fields at fault after a submit (shown next to them) */
  faults: string[];
  /** the declared distribution as the server computed it */
  distribution: DistributionDetail | null;
  error: ApiError | null;
}

export type DistributionEvent =
  | { type: 'distribution.changed'; field: keyof DistributionDraft; value: string }
  | { type: 'distribution.submitted' }
  | { type: 'distribution.opened'; distribution: DistributionDetail }
  | { type: 'distribution.approved' }
  | { type: 'distribution.dismissed' }
  | { type: 'distribution.reset' };

/**
 * Where an opened distribution stands, from what the server says: awaiting approval; approved with payouts
 * still waiting for a bank file; every payout in a file (`fileGenerated`) with some not yet seen on the bank
 * statement; or executed (no payout left waiting: each was debited or came back returned).
 */
export function distributionStage(d: DistributionDetail): 'review' | 'approved' | 'fileGenerated' | 'executed' {
  if (d.status === 'awaiting_approval') return 'review';
  if (d.payouts.approved > 0) return 'approved';
  if (d.payouts.exported > 0) return 'fileGenerated';
  return 'executed';
}

const firstError = ({ event }: { event: { error: unknown } }) => errorListFrom(event.error)[0];

export const distributionMachine = described(setup({
  types: {
    context: {} as DistributionContext,
    events: {} as DistributionEvent,
    input: {} as { draft?: Partial<DistributionDraft> } | undefined,
    tags: {} as 'busy',
  },
  actors: {
    declare: fromPromise<DistributionDetail, DistributionCreateBody>(async () => {
      throw new Error('declare actor not provided');
    }),
    approve: fromPromise<DistributionDetail, { id: number }>(async () => {
      throw new Error('approve actor not provided');
    }),
  },
  guards: {
    complete: ({ context }) => draftFaults(context.draft).length === 0,
    awaitingApproval: ({ event }) => event.type === 'distribution.opened' && distributionStage(event.distribution) === 'review',
    fileGenerated: ({ event }) => event.type === 'distribution.opened' && distributionStage(event.distribution) === 'fileGenerated',
    executed: ({ event }) => event.type === 'distribution.opened' && distributionStage(event.distribution) === 'executed',
  },
  actions: {
    change: assign({
      draft: ({ context, event }) => (event.type === 'distribution.changed' ? { ...context.draft, [event.field]: event.value } : context.draft),
      faults: ({ context, event }) => (event.type === 'distribution.changed' ? context.faults.filter((f) => f !== event.field) : context.faults),
    }),
    open: assign({
      distribution: ({ event }) => (event.type === 'distribution.opened' ? event.distribution : null),
      error: null,
    }),
    startOver: assign({ draft: ({ context }) => context.initial, faults: [], distribution: null, error: null }),
  },
}).createMachine({
  id: 'distribution',
  context: ({ input }) => {
    const initial = { ...EMPTY_DISTRIBUTION_DRAFT, ...input?.draft };
    return { initial, draft: initial, faults: [], distribution: null, error: null };
  },
  initial: 'editing',
  on: {
    'distribution.opened': [
      { guard: 'awaitingApproval', target: '.review', actions: 'open' },
      { guard: 'fileGenerated', target: '.fileGenerated', actions: 'open' },
      { guard: 'executed', target: '.executed', actions: 'open' },
      { target: '.approved', actions: 'open' },
    ],
  },
  states: {
    editing: {
      on: {
        'distribution.changed': { actions: 'change' },
        'distribution.submitted': [
          { guard: 'complete', target: 'declaring' },
          { target: 'invalid', actions: assign({ faults: ({ context }) => draftFaults(context.draft) }) },
        ],
      },
    },
    /** a field is blank or the amount is not an amount: shown next to it; typing goes back to editing */
    invalid: {
      on: { 'distribution.changed': { target: 'editing', actions: 'change' } },
    },
    declaring: {
      tags: ['busy'],
      // Opening another distribution while this one is being declared is not offered (the list waits).
      on: { 'distribution.opened': {} },
      invoke: {
        id: 'declare',
        src: 'declare',
        input: ({ context }) => distributionBody(context.draft),
        onDone: { target: 'review', actions: assign({ distribution: ({ event }) => event.output, error: null }) },
        onError: { target: 'declineShown', actions: assign({ error: firstError }) },
      },
    },
    /** the server refused the declaration (no holders, not funded, …): the draft stays to correct */
    declineShown: {
      on: {
        'distribution.changed': { target: 'editing', actions: ['change', assign({ error: null })] },
        'distribution.submitted': 'declaring',
      },
    },
    /** awaiting approval: the parts (gross, tax, net) per holder; another operator approves */
    review: {
      on: {
        'distribution.approved': 'approving',
        'distribution.reset': { target: 'editing', actions: 'startOver' },
      },
    },
    approving: {
      tags: ['busy'],
      on: { 'distribution.opened': {} },
      invoke: {
        id: 'approve',
        src: 'approve',
        input: ({ context }) => ({ id: context.distribution!.id }),
        onDone: { target: 'approved', actions: assign({ distribution: ({ event }) => event.output, error: null }) },
        onError: { target: 'refused', actions: assign({ error: firstError }) },
      },
    },
    /** the approval was refused (the author cannot approve their own; already approved): still awaiting */
    refused: {
      on: {
        'distribution.dismissed': { target: 'review', actions: assign({ error: null }) },
        'distribution.reset': { target: 'editing', actions: 'startOver' },
      },
    },
    /** approved: every holder's net part is a payout waiting for a bank file (made on the Payouts screen) */
    approved: {
      on: { 'distribution.reset': { target: 'editing', actions: 'startOver' } },
    },
    /** every payout is in a bank payment file; the bank statement has not yet shown them all */
    fileGenerated: {
      on: { 'distribution.reset': { target: 'editing', actions: 'startOver' } },
    },
    /** the statement import marked every payout executed (or returned, which goes to the exceptions queue) */
    executed: {
      on: { 'distribution.reset': { target: 'editing', actions: 'startOver' } },
    },
  },
}), descriptions);
