// An offer's life after it opens: it takes investments until its window ends or an operator closes it early;
// the close decides once whether the offer is funded (paid orders, fees excluded, reach the funding goal; with
// no goal, any paid order) and then settles every order (funded: paid ones completed, unpaid cancelled; not
// funded: all cancelled, the paid ones refunded), which may stop half way (a crash, a PayPal refund that
// failed) and is finished by the next pass or by an operator; a funded offer then pays income to its holders
// (distributions: declared, approved by a second operator, paid out by the bank), as often as it earns.
//
// The server and the back office ask this chart what an offer allows: the state comes from the offer's row
// (offerLifecycleState) and `offerLifecycleAllows(state, event)` answers whether closing early, finishing a
// close or declaring a distribution is allowed now; the close decides its outcome through it
// (closeOutcomeOf). Pure: no I/O, no context, the decision is the guard on the closing events' figures.
// The chart lives here, in what the server and the SPA share (the server may not import machines/);
// machines/offerLifecycle.machine.ts is this same chart with its descriptions, for the diagram, the path
// scripts and the model test.
import { setup, transition, type SnapshotFrom } from 'xstate';

/** What the close weighs: paid orders' amount (fees excluded) and the goal, both in grosze (no goal: null). */
export interface FundingFigures {
  raised: number;
  fundingGoal: number | null;
}

/** Funded: the paid orders reach the goal; an offer without a goal is funded by any paid order. */
export const fundingGoalReached = ({ raised, fundingGoal }: FundingFigures) => (fundingGoal === null ? raised > 0 : raised >= fundingGoal);

export type OfferLifecycleEvent =
  | ({ type: 'offer.windowEnded' } & FundingFigures)
  | ({ type: 'offer.closedEarly' } & FundingFigures)
  | { type: 'offer.refundFailed' }
  | { type: 'offer.settled' }
  | { type: 'distribution.declared' }
  | { type: 'distribution.paidOut' };

const figuresOf = (event: OfferLifecycleEvent): FundingFigures | null =>
  event.type === 'offer.windowEnded' || event.type === 'offer.closedEarly' ? { raised: event.raised, fundingGoal: event.fundingGoal } : null;

export const offerLifecycleChart = setup({
  types: {
    events: {} as OfferLifecycleEvent,
  },
  guards: {
    goalReached: ({ event }) => {
      const figures = figuresOf(event);
      return figures !== null && fundingGoalReached(figures);
    },
  },
}).createMachine({
  id: 'offerLifecycle',
  initial: 'open',
  states: {
    /** taking investments (within its window): an operator may close it early */
    open: {
      on: {
        'offer.windowEnded': [{ guard: 'goalReached', target: 'closing.completing' }, { target: 'closing.refunding' }],
        'offer.closedEarly': [{ guard: 'goalReached', target: 'closing.completing' }, { target: 'closing.refunding' }],
      },
    },
    /** the outcome is decided and stored; the orders are being settled, one transaction each */
    closing: {
      // Always entered through a child (the guard picks it); XState asks for an initial one all the same.
      initial: 'completing',
      // In either child, an operator may finish a close that stopped half way: the stored outcome holds (a
      // transition to the same child, so that the chart allows it; a targetless one would not count).
      states: {
        /** funded: paid orders become completed (allotment, e-mail), unpaid ones are cancelled */
        completing: {
          on: {
            'offer.closedEarly': 'completing',
            'offer.settled': '#offerLifecycle.funded',
          },
        },
        /** not funded: every order is cancelled, paid ones refunded (PayPal refund, bank refund payout) */
        refunding: {
          on: {
            'offer.closedEarly': 'refunding',
            // The order stays paid and the close open; the next pass retries the refund.
            'offer.refundFailed': 'refunding',
            'offer.settled': '#offerLifecycle.notFunded',
          },
        },
      },
    },
    /** closed, funded: the investors hold their shares; income is declared as distributions */
    funded: {
      initial: 'holding',
      states: {
        /** no distribution under way */
        holding: {
          on: { 'distribution.declared': 'distributing' },
        },
        /** a distribution awaits approval or its payouts the bank; another may be declared meanwhile */
        distributing: {
          on: {
            'distribution.declared': 'distributing',
            'distribution.paidOut': 'holding',
          },
        },
      },
    },
    /** closed, not funded: every order cancelled and every payment refunded */
    notFunded: { type: 'final' },
  },
});

/** The chart's leaf states, as the API names them (contract/operator.ts `lifecycle`). */
export const OFFER_LIFECYCLE_STATES = ['open', 'closing.completing', 'closing.refunding', 'funded.holding', 'funded.distributing', 'notFunded'] as const;
export type OfferLifecycleState = (typeof OFFER_LIFECYCLE_STATES)[number];

/** What the offer's row (and its distributions) say about where it is. */
export interface OfferLifecycleFacts {
  closedAt: Date | string | null;
  closeOutcome: 'funded' | 'not_funded' | null;
  /** distributions of the offer awaiting approval, or approved with a payout not executed yet */
  distributionsUnderWay: number;
}

export function offerLifecycleState(facts: OfferLifecycleFacts): OfferLifecycleState {
  if (facts.closeOutcome === null) return 'open';
  if (facts.closedAt === null) return facts.closeOutcome === 'funded' ? 'closing.completing' : 'closing.refunding';
  if (facts.closeOutcome === 'not_funded') return 'notFunded';
  return facts.distributionsUnderWay > 0 ? 'funded.distributing' : 'funded.holding';
}

type LifecycleSnapshot = SnapshotFrom<typeof offerLifecycleChart>;

function snapshotOf(state: OfferLifecycleState): LifecycleSnapshot {
  const [parent, child] = state.split('.');
  return offerLifecycleChart.resolveState({ value: (child ? { [parent]: child } : parent) as never, context: {} });
}

/** Whether an event is allowed for an offer in `state` (the close events need no figures to be allowed). */
export function offerLifecycleAllows(state: OfferLifecycleState, event: OfferLifecycleEvent | OfferLifecycleEvent['type']): boolean {
  const e = typeof event === 'string' ? ({ type: event, raised: 0, fundingGoal: null } as OfferLifecycleEvent) : event;
  return snapshotOf(state).can(e);
}

/** The state after `event` from `state` (the same state when the event is not allowed). */
export function offerLifecycleNext(state: OfferLifecycleState, event: OfferLifecycleEvent): OfferLifecycleState {
  const [next] = transition(offerLifecycleChart, snapshotOf(state), event);
  return OFFER_LIFECYCLE_STATES.find((s) => next.matches(s as never)) ?? state;
}

/** The close's outcome for an open offer with these figures, as the chart decides it. */
export function closeOutcomeOf(figures: FundingFigures): 'funded' | 'not_funded' {
  return offerLifecycleNext('open', { type: 'offer.windowEnded', ...figures }) === 'closing.completing' ? 'funded' : 'not_funded';
}
