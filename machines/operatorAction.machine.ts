// One operator action in the back office: resolve an exception, record a transfer, cancel or
// complete an order, save an offer or the site settings, resend an activation. The view keeps the draft
// in the chart (`operator.changed`), a reason is required before anything is sent, the provided `submit`
// actor does the call, and the answer (or the server's error, e.g. ORDER_STATUS_CHANGED when another
// operator was quicker) is shown. `done` can start another action.
import { assign, fromPromise, setup } from 'xstate';
import { described } from './descriptions/describe';
import descriptions from './descriptions/operatorAction';
import { errorListFrom } from './types';

export interface OperatorActionContext<TResult = unknown> {
  /** what the form holds: the action's fields and its `reason` */
  draft: Record<string, string>;
  /** fields that must not be blank before submitting (`reason` for every change) */
  required: string[];
  missing: string[];
  /** the call's answer */
  result: TResult | null;
  error: { code: string; context: string; message: string } | null;
}

export type OperatorActionEvent =
  | { type: 'operator.changed'; field: string; value: string }
  | { type: 'operator.submitted' }
  | { type: 'operator.dismissed' };

/** The chart with its result typed (a view passes its own; diagrams and tests use `unknown`). */
export function createOperatorActionMachine<TResult = unknown>() {
  return described(setup({
    types: {
      context: {} as OperatorActionContext<TResult>,
      events: {} as OperatorActionEvent,
      input: {} as { draft?: Record<string, string>; required?: string[] },
      tags: {} as 'busy',
    },
    actors: {
      submit: fromPromise<TResult, Record<string, string>>(async () => {
        throw new Error('submit actor not provided');
      }),
    },
    guards: {
      complete: ({ context }) => context.required.every((f) => (context.draft[f] ?? '').trim() !== ''),
    },
    actions: {
      change: assign({
        draft: ({ context, event }) => (event.type === 'operator.changed' ? { ...context.draft, [event.field]: event.value } : context.draft),
        missing: ({ context, event }) => (event.type === 'operator.changed' ? context.missing.filter((f) => f !== event.field) : context.missing),
      }),
    },
  }).createMachine({
    id: 'operatorAction',
    context: ({ input }) => ({ draft: input.draft ?? {}, required: input.required ?? ['reason'], missing: [], result: null, error: null }),
    initial: 'editing',
    states: {
      editing: {
        on: {
          'operator.changed': { actions: 'change' },
          'operator.submitted': [
            { guard: 'complete', target: 'submitting' },
            { target: 'invalid', actions: assign({ missing: ({ context }) => context.required.filter((f) => (context.draft[f] ?? '').trim() === '') }) },
          ],
        },
      },
      /** a required field (the reason) is empty: shown next to it; typing goes back to editing */
      invalid: {
        on: { 'operator.changed': { target: 'editing', actions: 'change' } },
      },
      submitting: {
        tags: ['busy'],
        invoke: {
          id: 'submit',
          src: 'submit',
          input: ({ context }) => context.draft,
          onDone: { target: 'done', actions: assign({ result: ({ event }) => event.output, error: null }) },
          onError: {
            target: 'failed',
            // the server's first error (the envelope's list), or GENERIC
            actions: assign({ error: ({ event }) => errorListFrom(event.error)[0] }),
          },
        },
      },
      done: {
        on: { 'operator.dismissed': { target: 'editing', actions: assign({ draft: ({ context }) => ({ ...context.draft, reason: '' }), result: null }) } },
      },
      failed: {
        on: {
          // Editing after a refusal starts over: the old error goes.
          'operator.changed': { target: 'editing', actions: ['change', assign({ error: null })] },
          'operator.submitted': 'submitting',
          'operator.dismissed': { target: 'editing', actions: assign({ error: null }) },
        },
      },
    },
  }), descriptions);
}

export const operatorActionMachine = createOperatorActionMachine();
