// The ROLE MATRIX of every private route: who passes the route's guard. One row per private
// method + path, exactly as Fastify registers it (`:id` style). A new private route MUST get a row here: the
// suite (access-matrix.test.ts) enumerates the app's routes at run time and fails on a private route without one.
//
//   anonymous  always 401 UNAUTHORIZED (refused in onRequest, before the body is read)
//   investor / operator:
//     'allowed'  the guard lets the caller through (the handler may still answer 200, 400, 404 …, never 401/403)
//     403        FORBIDDEN (wrong role)
//     404        the route hides itself from this role (as if nothing were there)
//
// Ownership (an investor reading another investor's order, document, investment → 404) is per resource and
// needs fixtures: those rows live in investor-area-access.ts (run by investor-area.test.ts); add by-id rows of
// new features there or next to them, and the role row here.

export type Access = 'allowed' | 403 | 404;

export interface MatrixRow {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** The route as registered, e.g. '/api/order/:id'. Params are filled with `params` (default: 1 / a slug). */
  route: string;
  params?: Record<string, string>;
  /** A body for POST/PATCH (anything: only the guard is under test). */
  body?: unknown;
  investor: Access;
  operator: Access;
}

const investorArea = { investor: 'allowed', operator: 'allowed' } as const;
const operatorOnly = { investor: 403, operator: 'allowed' } as const;
const anyone = { investor: 'allowed', operator: 'allowed' } as const;
const investorOnly = { investor: 'allowed', operator: 403 } as const;

export const accessMatrix: MatrixRow[] = [
  // Distributions and payouts
  { method: 'POST', route: '/api/operator/offers/:id/close', body: {}, ...operatorOnly },
  { method: 'POST', route: '/api/operator/distributions', body: {}, ...operatorOnly },
  { method: 'GET', route: '/api/operator/distributions', ...operatorOnly },
  { method: 'GET', route: '/api/operator/distributions/:id', ...operatorOnly },
  // A distribution that does not exist: the demo's distribution 1 was declared by this operator, and four eyes
  // refuse its author with a business 403 that is not the guard's.
  { method: 'POST', route: '/api/operator/distributions/:id/approve', body: {}, params: { id: '999999' }, ...operatorOnly },
  { method: 'GET', route: '/api/operator/payouts', ...operatorOnly },
  { method: 'GET', route: '/api/operator/payout-files', ...operatorOnly },
  { method: 'POST', route: '/api/operator/payout-files', body: {}, ...operatorOnly },
  { method: 'GET', route: '/api/operator/payout-files/:id/pain.001.xml', ...operatorOnly },
  // Accounts (issue: accounts)
  { method: 'GET', route: '/api/user/me', ...anyone },
  { method: 'GET', route: '/api/investor', ...anyone },
  { method: 'PATCH', route: '/api/investor', body: { firstName: 'Jan' }, ...anyone },
  // Investor area (issue: investor area)
  { method: 'GET', route: '/api/investment', ...investorArea },
  { method: 'GET', route: '/api/investment/:slug', ...investorArea },
  { method: 'GET', route: '/api/investment/:slug/:subslug', ...investorArea },
  { method: 'GET', route: '/api/investor/documents', ...investorArea },
  { method: 'GET', route: '/api/investor/payouts', ...investorArea },
  { method: 'GET', route: '/api/investor/cash-flows', ...investorArea },
  { method: 'GET', route: '/api/investor/documents/:id', ...investorArea },
  { method: 'GET', route: '/api/investor/exports/orders.csv', ...investorArea },
  { method: 'GET', route: '/api/investor/exports/transactions.csv', ...investorArea },
  // Investing and orders (issue: investing, PayPal)
  { method: 'POST', route: '/api/investment/validate', body: {}, ...investorOnly },
  { method: 'POST', route: '/api/investment', body: {}, ...investorOnly },
  { method: 'GET', route: '/api/transaction', ...investorArea },
  { method: 'GET', route: '/api/order', ...investorArea },
  { method: 'GET', route: '/api/order/:id', ...investorArea },
  { method: 'GET', route: '/api/order/:id/kiis.pdf', ...investorArea },
  { method: 'POST', route: '/api/order/:id/paypal/return', body: {}, ...investorArea },
  { method: 'POST', route: '/api/transaction/retry', body: {}, ...investorArea },
  // Investor protection: the knowledge test and the revocation in the reflection period
  { method: 'GET', route: '/api/investor/knowledge-test', ...investorOnly },
  { method: 'POST', route: '/api/investor/knowledge-test', body: {}, ...investorOnly },
  { method: 'POST', route: '/api/investor/knowledge-test/acknowledge-risk', body: {}, ...investorOnly },
  { method: 'POST', route: '/api/order/:id/revoke', body: {}, ...investorOnly },
  { method: 'GET', route: '/api/investor/sophisticated-application', ...investorOnly },
  { method: 'POST', route: '/api/investor/sophisticated-application', body: {}, ...investorOnly },
  { method: 'POST', route: '/api/operator/sophisticated-applications/:id/approve', body: {}, ...operatorOnly },
  { method: 'POST', route: '/api/operator/sophisticated-applications/:id/reject', body: {}, ...operatorOnly },
  { method: 'GET', route: '/api/operator/exchange-rate', ...operatorOnly },
  { method: 'PUT', route: '/api/operator/exchange-rate', body: {}, ...operatorOnly },
  // Operator (issues: maintenance switch, back office)
  { method: 'GET', route: '/api/operator/site-settings', ...operatorOnly },
  { method: 'PATCH', route: '/api/operator/site-settings', body: {}, ...operatorOnly },
  { method: 'POST', route: '/api/operator/statements', body: {}, ...operatorOnly },
  { method: 'GET', route: '/api/operator/statements', ...operatorOnly },
  { method: 'GET', route: '/api/operator/statements/:id', ...operatorOnly },
  { method: 'GET', route: '/api/operator/exceptions', ...operatorOnly },
  { method: 'GET', route: '/api/operator/exceptions/:id', ...operatorOnly },
  { method: 'POST', route: '/api/operator/exceptions/:id/resolve', body: {}, ...operatorOnly },
  { method: 'GET', route: '/api/operator/orders', ...operatorOnly },
  { method: 'GET', route: '/api/operator/orders/:id', ...operatorOnly },
  { method: 'POST', route: '/api/operator/orders/:id/record-transfer', body: {}, ...operatorOnly },
  { method: 'POST', route: '/api/operator/orders/:id/cancel', body: {}, ...operatorOnly },
  { method: 'POST', route: '/api/operator/orders/:id/complete', body: {}, ...operatorOnly },
  { method: 'POST', route: '/api/operator/orders/:id/refund', body: {}, ...operatorOnly },
  { method: 'GET', route: '/api/operator/exports/orders.csv', ...operatorOnly },
  { method: 'GET', route: '/api/operator/exports/payments.csv', ...operatorOnly },
  { method: 'GET', route: '/api/operator/exports/investor-protection.csv', ...operatorOnly },
  { method: 'GET', route: '/api/operator/overview', ...operatorOnly },
  { method: 'GET', route: '/api/operator/audit-log', ...operatorOnly },
  { method: 'GET', route: '/api/operator/investors', ...operatorOnly },
  { method: 'GET', route: '/api/operator/investors/:id', ...operatorOnly },
  { method: 'POST', route: '/api/operator/investors/:id/resend-activation', body: {}, ...operatorOnly },
  { method: 'GET', route: '/api/operator/offers', ...operatorOnly },
  { method: 'GET', route: '/api/operator/offers/:id', ...operatorOnly },
  { method: 'PATCH', route: '/api/operator/offers/:id', body: {}, ...operatorOnly },
  { method: 'POST', route: '/api/operator/offers/:id/preview-link', body: {}, ...operatorOnly },
  { method: 'GET', route: '/api/operator/offers/:id/kiis', ...operatorOnly },
  { method: 'PUT', route: '/api/operator/offers/:id/kiis/:language', body: {}, params: { id: '1', language: 'pl' }, ...operatorOnly },
  { method: 'GET', route: '/api/operator/offers/:id/kiis/:language/:version/pdf', params: { id: '1', language: 'pl', version: '1' }, ...operatorOnly },
  { method: 'POST', route: '/api/operator/offers/:id/documents', body: {}, ...operatorOnly },
  { method: 'DELETE', route: '/api/operator/offers/:id/documents/:documentId', body: {}, params: { id: '1', documentId: '1' }, ...operatorOnly },
];
