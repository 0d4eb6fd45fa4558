// Error codes route handlers throw (besides the generic code of each status and the codes the zod schemas
// name, which the OpenAPI transform finds by itself: server/plugins/api/openapi.ts). Keyed by
// `METHOD /api/path` as Fastify registers the route; the statuses must also be in the route's `response`.
// Keep it next to the routes: when a handler starts throwing a new code, add it here (it shows in
// docs/openapi.json as the response's `x-error-codes`; `npm run openapi` then).
const orderAction = { 409: ['ORDER_STATUS_CHANGED', 'INVALID_STATUS_CHANGE', 'NOT_ENOUGH_SHARES_AVAILABLE'] };

export const routeErrorCodes: Record<string, Partial<Record<number, string[]>>> = {
  'POST /api/investment': {
    409: ['NOT_ENOUGH_SHARES_AVAILABLE'],
    422: ['IDEMPOTENCY_KEY_REUSED'],
    502: ['CAN_CREATE_PAYMENT', 'PAYPAL_UNAVAILABLE'],
  },
  'POST /api/transaction/retry': {
    409: ['ORDER_ALREADY_PAID', 'ORDER_EXPIRED', 'PAYMENT_PENDING'],
    502: ['CAN_CREATE_PAYMENT', 'PAYPAL_UNAVAILABLE'],
  },
  'POST /api/order/:id/paypal/return': { 502: ['PAYPAL_UNAVAILABLE'] },
  'POST /api/paypal/webhook': { 502: ['PAYPAL_UNAVAILABLE'] },
  'POST /api/operator/orders/:id/cancel': orderAction,
  'POST /api/operator/orders/:id/complete': orderAction,
  'POST /api/operator/orders/:id/record-transfer': orderAction,
  'POST /api/operator/exceptions/:id/resolve': { 409: ['EXCEPTION_ALREADY_RESOLVED', 'EXCEPTION_HAS_NO_ORDER', 'ORDER_STATUS_CHANGED'] },
  'POST /api/operator/investors/:id/resend-activation': { 409: ['ACCOUNT_ALREADY_ACTIVE'] },
  'PATCH /api/operator/offers/:id': { 409: ['SERIES_TOTAL_BELOW_TAKEN'] },
  'POST /api/operator/statements': {
    413: ['FILE_TOO_LARGE'],
    415: ['STATEMENT_FORMAT_UNKNOWN'],
    422: ['STATEMENT_MALFORMED', 'STATEMENT_EMPTY'],
  },
};

/**
 * Routes answered through the public cache (server/cache/public-cache.ts): ETag on 200, and `304 Not Modified`
 * (no body) when If-None-Match carries it. A route that starts using `publicCache.send` belongs here; the API
 * conformance check fails on an undocumented 304 the suite receives.
 */
export const notModifiedRoutes = new Set<string>([
  'GET /api/offers',
  'GET /api/offers/:slug',
  'GET /api/offers/:slug/:subslug',
  'GET /api/offer/featured',
  'GET /api/faq',
  'GET /api/faq/featured',
  'GET /api/page/:slug',
  'GET /api/slider',
  'GET /api/splash-screen',
  'GET /api/static-content',
  'GET /api/stats',
]);
