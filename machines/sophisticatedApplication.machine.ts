// The sophisticated-investor application in settings (ECSP Annex II): the investor says whether they apply as
// a natural or a legal person, ticks the criteria they meet and confirms the declaration; the chart sends it
// only when Annex II is met (a legal person one criterion, a natural person two) and the declaration is
// confirmed, else it says what is missing. While an application waits for the operator's decision the form
// is closed and the waiting application is shown. The server's refusal comes back as errors.
import { assign, fromPromise, setup } from 'xstate';
import type { SophisticatedStatus } from '../contract/protection';
import { meetsAnnexII, type InvestorKind, type SophisticatedCriterion } from '../lib/sophisticatedCriteria';
import { described } from './descriptions/describe';
import descriptions from './descriptions/sophisticatedApplication';
import { errorListFrom, type ApiError } from './types';

export interface SophisticatedApplicationContext {
  /** the server's answer: the classification and the latest application */
  status: SophisticatedStatus;
  kind: InvestorKind;
  criteria: SophisticatedCriterion[];
  declarationAccepted: boolean;
  /** what the form lacks after a submit ('criteria', 'declaration'), or the server's errors */
  missing: ('criteria' | 'declaration')[];
  errors: ApiError[];
}

export type SophisticatedApplicationEvent =
  | { type: 'application.kindChosen'; kind: InvestorKind }
  | { type: 'application.criterionToggled'; criterion: SophisticatedCriterion }
  | { type: 'application.declarationToggled' }
  | { type: 'application.submitted' };

export interface SophisticatedApplicationBodyOut {
  investorKind: InvestorKind;
  criteria: SophisticatedCriterion[];
  declarationVersion: string;
  declarationAccepted: true;
}

const missingOf = (c: SophisticatedApplicationContext) =>
  [...(meetsAnnexII(c.kind, c.criteria) ? [] : (['criteria'] as const)), ...(c.declarationAccepted ? [] : (['declaration'] as const))];

export const sophisticatedApplicationMachine = described(setup({
  types: {
    context: {} as SophisticatedApplicationContext,
    events: {} as SophisticatedApplicationEvent,
    input: {} as { status: SophisticatedStatus },
    tags: {} as 'busy',
  },
  actors: {
    apply: fromPromise<SophisticatedStatus, SophisticatedApplicationBodyOut>(async () => {
      throw new Error('apply actor not provided');
    }),
  },
  guards: {
    pending: ({ context }) => context.status.application?.status === 'pending',
    complete: ({ context }) => missingOf(context).length === 0,
  },
  actions: {
    // A change clears what was reported missing and the server's errors: the investor is correcting it.
    edit: assign(({ context, event }) => {
      if (event.type === 'application.kindChosen') return { kind: event.kind, criteria: [], missing: [], errors: [] };
      if (event.type === 'application.criterionToggled') {
        const criteria = context.criteria.includes(event.criterion) ? context.criteria.filter((c) => c !== event.criterion) : [...context.criteria, event.criterion];
        return { criteria, missing: [], errors: [] };
      }
      if (event.type === 'application.declarationToggled') return { declarationAccepted: !context.declarationAccepted, missing: [], errors: [] };
      return {};
    }),
  },
}).createMachine({
  id: 'sophisticatedApplication',
  context: ({ input }) => ({ status: input.status, kind: 'natural_person', criteria: [], declarationAccepted: false, missing: [], errors: [] }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'pending', target: 'waiting' }, { target: 'editing' }],
    },
    editing: {
      on: {
        'application.kindChosen': { actions: 'edit' },
        'application.criterionToggled': { actions: 'edit' },
        'application.declarationToggled': { actions: 'edit' },
        'application.submitted': [
          { guard: 'complete', target: 'submitting' },
          { target: 'incomplete', actions: assign({ missing: ({ context }) => missingOf(context) }) },
        ],
      },
    },
    /** Annex II not met or the declaration not confirmed: said beside the list; a change goes back to editing. */
    incomplete: {
      on: {
        'application.kindChosen': { target: 'editing', actions: 'edit' },
        'application.criterionToggled': { target: 'editing', actions: 'edit' },
        'application.declarationToggled': { target: 'editing', actions: 'edit' },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'apply',
        src: 'apply',
        input: ({ context }) => ({
          investorKind: context.kind,
          criteria: context.criteria,
          declarationVersion: context.status.declarationVersion,
          declarationAccepted: true as const,
        }),
        onDone: { target: 'waiting', actions: assign({ status: ({ event }) => event.output, errors: [] }) },
        onError: { target: 'editing', actions: assign({ errors: ({ event }) => errorListFrom(event.error) }) },
      },
    },
    /** The application is with the operator: shown with its date, the form closed. */
    waiting: { type: 'final' },
  },
}), descriptions);
