// Revoking an order inside the 4-day reflection period (ECSP Art. 22) from the investor's order page: the
// Revoke button is offered while the period runs, applies to the order (the server says so: not to one placed
// as a sophisticated investor) and the order is unpaid or paid; a click asks for
// confirmation in a dialog; the confirmed revocation is sent (`revoke`, provided: POST /order/{id}/revoke)
// and its result shown (cancelled, and when it had been paid, that the money comes back the way it was
// paid). A refusal (the period ended a moment ago, the status changed) is shown translated, with a retry.
// After a revocation the page reads the order again (`orderChanged`, provided).
// The landing page of the order e-mails' revoke link runs the same chart, its `revoke` posting the link's token.
import { assign, fromPromise, setup } from 'xstate';
import type { ErrorItem } from '../contract/envelope';
import type { RevokeResult } from '../contract/protection';
import { withinReflection } from '../lib/reflectionPeriod';
import { described } from './descriptions/describe';
import descriptions from './descriptions/revocation';

export interface RevocationInput {
  orderId: string;
  status: string;
  /** when the order was placed (ISO): the period runs 4 Warsaw calendar days from it */
  createdAt: string;
  /** The server's word (order.reflectionPeriod.applies): false for an order placed as a sophisticated investor. */
  applies: boolean;
}

export interface RevocationContext extends RevocationInput {
  result: RevokeResult | null;
  errors: ErrorItem[];
}

export type RevocationEvent =
  | { type: 'revocation.requested' }
  | { type: 'revocation.cancelled' }
  | { type: 'revocation.confirmed' }
  | { type: 'revocation.dismissed' };

const GENERIC: ErrorItem = { code: 'GENERIC', context: '', message: '' };
const errorsOf = (error: unknown): ErrorItem[] => {
  const list = (error as { errors?: ErrorItem[] } | undefined)?.errors;
  return Array.isArray(list) && list.length ? list : [GENERIC];
};

export const revocationMachine = described(setup({
  types: {
    context: {} as RevocationContext,
    events: {} as RevocationEvent,
    input: {} as RevocationInput,
    tags: {} as 'busy',
  },
  actors: {
    revoke: fromPromise<RevokeResult, { orderId: string }>(async () => {
      throw new Error('revoke actor not provided');
    }),
  },
  actions: {
    /** the order changed on the server: the page reads it again */
    orderChanged: () => {},
  },
  guards: {
    revocable: ({ context }) => context.applies && (context.status === 'new' || context.status === 'paid') && withinReflection(new Date(context.createdAt)),
  },
}).createMachine({
  id: 'revocation',
  context: ({ input }) => ({ ...input, result: null, errors: [] }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'revocable', target: 'offered' }, { target: 'closed' }],
    },
    // The period is over, does not apply (a sophisticated investor's order), or the order is no longer unpaid
    // or paid: nothing to offer.
    closed: {},
    offered: {
      on: { 'revocation.requested': 'confirming' },
    },
    confirming: {
      on: {
        'revocation.confirmed': 'revoking',
        'revocation.cancelled': 'offered',
      },
    },
    revoking: {
      tags: ['busy'],
      invoke: {
        id: 'revoke',
        src: 'revoke',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: { target: 'revoked', actions: [assign({ result: ({ event }) => event.output, errors: [] }), 'orderChanged'] },
        onError: { target: 'failed', actions: assign({ errors: ({ event }) => errorsOf(event.error) }) },
      },
    },
    revoked: {},
    failed: {
      on: {
        'revocation.requested': { target: 'confirming', actions: assign({ errors: [] }) },
        'revocation.dismissed': { target: 'offered', actions: assign({ errors: [] }) },
      },
    },
  },
}), descriptions);
