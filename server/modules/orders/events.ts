import type { OrderActor, OrderStatus } from '../../../contract/orders';

// Committed order status changes, for whoever counts them (server/metrics). transitionOrder publishes each change
// after its transaction commits (db/after-commit.ts), so a rolled-back change is never told. Process-wide: every
// app of the process hears every change (one app per process in production; tests that build several apps count
// them all).

export interface OrderTransition {
  from: OrderStatus;
  to: OrderStatus;
  actor: OrderActor;
  reason: string;
}

type Listener = (transition: OrderTransition) => void;
const listeners = new Set<Listener>();

export function onOrderTransition(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function publishOrderTransition(transition: OrderTransition): void {
  for (const listener of listeners) {
    try {
      listener(transition);
    } catch {
      // a listener must not fail the change
    }
  }
}
