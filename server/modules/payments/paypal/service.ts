import { createApprovals } from './approval';
import type { PayPalServiceDeps } from './context';
import { createReturnPage } from './return-page';
import { createRetry } from './retry';
import { createSettlement } from './settlement';
import { createWebhooks } from './webhooks';

// PayPal payments (docs/api.md "PayPal"; server/README.md "PayPal"). One rule makes every path safe: PayPal
// is asked, never trusted from a browser, and whatever it says is recorded under row locks by `record`, which
// is idempotent. The return page, the webhooks and the retry all go through `settle(transaction)`:
//   GET the PayPal order → APPROVED: capture it (PayPal-Request-Id `<paypal order>-capture-<declines>`, so a
//   repeat, another node or a webhook racing the return page replays the same capture, never a second one) →
//   COMPLETED: `record` the capture: order new → paid (transitionOrder, actor paypal, PAYPAL_CAPTURED) and the
//   transaction → paid; the partial unique index allows one paid transaction per order.
// Money that does not fit (amount or currency differs, the order was cancelled or expired, or already paid by
// other means) is never silently accepted: the order gets `attention_reason` and a history entry with the
// reason, and the transaction keeps everything PayPal said.

// The parts: approval.ts (starting an attempt), settlement.ts (capture and record), return-page.ts, retry.ts,
// webhooks.ts; context.ts holds what they share.

export type { PayPalServiceDeps } from './context';

export function createPayPalService(deps: PayPalServiceDeps) {
  const context = { ...deps, log: deps.log.child({ module: 'paypal' }) };
  const approvals = createApprovals(context);
  const settlement = createSettlement(context);
  const { handleReturn } = createReturnPage(context, approvals, settlement);
  const { retry } = createRetry(context, approvals, settlement);
  const { handleEvent, verify } = createWebhooks(context, settlement);
  return { handler: approvals.handler, createApproval: approvals.createApproval, handleReturn, retry, settle: settlement.settle, handleEvent, verify };
}

export type PayPalService = ReturnType<typeof createPayPalService>;
