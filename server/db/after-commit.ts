import { AsyncLocalStorage } from 'node:async_hooks';

// Work that must happen only once a transaction has COMMITTED (counting a payment in the metrics, say): code deep
// inside a transaction (transitionOrder) registers it with afterCommit(); it runs when the outermost transaction
// commits, and is dropped when it rolls back. db/client.ts wraps every drizzle transaction in transactionScope().
// Outside any transaction (autocommit) the hook runs at once.

interface Scope {
  hooks: (() => void)[];
  /** false once the transaction is over: work it started that outlives it (a timer) is outside any transaction. */
  open: boolean;
}

const scope = new AsyncLocalStorage<Scope>();

/** Runs a transaction; the hooks registered inside it run after it resolved (committed), none if it threw. */
export async function transactionScope<T>(run: () => Promise<T>): Promise<T> {
  // A transaction begun inside another one's callback joins the outer scope: its hooks wait for the outer commit.
  if (scope.getStore()?.open) return run();
  const current: Scope = { hooks: [], open: true };
  let result: T;
  try {
    result = await scope.run(current, run);
  } finally {
    current.open = false;
  }
  for (const hook of current.hooks) {
    try {
      hook();
    } catch {
      // a hook (metrics) must not turn a committed change into a failed request
    }
  }
  return result;
}

/** Runs `hook` once the current transaction commits (at once outside a transaction). */
export function afterCommit(hook: () => void): void {
  const current = scope.getStore();
  if (current?.open) current.hooks.push(hook);
  else hook();
}
