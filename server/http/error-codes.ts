import { investorDataInputSchema } from '../../contract/investment';
import type { ErrorCode } from '../i18n/messages';

// Error codes route handlers (and the services they call) throw, per route and status, besides what the
// document finds by itself (server/plugins/api/openapi.ts): the generic code of each status, the codes the zod
// schemas name as messages, and those their refinements declare (lib/declared-codes.ts, e.g. the accounts
// rules). Keyed by `METHOD /api/path` as Fastify registers the route; the statuses must be in the route's
// `response` (tests/api/openapi.test.ts checks both). Surveyed from every throw site (server/**: apiError,
// badRequest, new ApiError, the rules that collect ApiErrorItem lists); the API conformance check
// (tests/api/conformance/check.ts) fails when the API suite receives a code that is not listed for its
// route and status, so a code added to a handler without its line here fails `npm test`.
const orderAction = { 409: ['ORDER_STATUS_CHANGED', 'INVALID_STATUS_CHANGE', 'NOT_ENOUGH_SHARES_AVAILABLE'] } as const;
/** checkTarget and checkAgreements (server/modules/orders/investment-rules.ts), and the payment method check */
const investmentRules = [
  'OFFER_CLOSED_FOR_INVESTMENTS',
  'SERIES_NOT_ASSIGNED_TO_OFFER',
  'SERIES_CLOSED_FOR_INVESTMENTS',
  'IS_LOWER_THAN_MIN',
  'NOT_ENOUGH_SHARES_AVAILABLE',
  'NO_TRANSACTION_METHOD_AVAILABLE',
] as const;

export const routeErrorCodes: Record<string, Partial<Record<number, readonly ErrorCode[]>>> = {
  'POST /api/token': { 400: ['INVALID_CLIENT', 'INVALID_GRANT', 'TOKEN_REQUEST:USER_NOT_ACTIVE'] },
  'POST /api/investor/register': { 400: ['EMAIL_EXISTS'] },
  'POST /api/investor/register/check-email': { 400: ['EMAIL_EXISTS'] },
  'POST /api/investor/activate-account': { 400: ['ACTIVATION_TOKEN_NOT_EXIST'], 409: ['ACCOUNT_ALREADY_ACTIVE'] },
  'POST /api/user/reset-password': { 400: ['TOKEN_NOT_VALID'] },
  'GET /api/user/reset-password': { 400: ['TOKEN_NOT_VALID'] },
  'PATCH /api/investor': { 400: ['CURRENT_PASSWORD_NOT_MATCH', 'EMAIL_SAME', 'EMAIL_TAKEN'] },
  'POST /api/investor/confirm-email': { 400: ['TOKEN_NOT_VALID', 'EMAIL_TAKEN'] },
  'POST /api/investment/validate': { 400: investmentRules },
  'POST /api/investment': {
    400: [...investmentRules, 'CAN_CREATE_PAYMENT', 'LARGE_INVESTMENT_CONSENT_REQUIRED', 'KIIS_REQUIRED', 'KIIS_CHANGED'],
    403: ['KNOWLEDGE_TEST_REQUIRED', 'RISK_WARNING_NOT_ACKNOWLEDGED'],
    409: ['NOT_ENOUGH_SHARES_AVAILABLE'],
    422: ['IDEMPOTENCY_KEY_REUSED'],
    502: ['CAN_CREATE_PAYMENT', 'PAYPAL_UNAVAILABLE'],
  },
  'POST /api/investor/knowledge-test': { 409: ['KNOWLEDGE_TEST_VERSION_CHANGED'] },
  'POST /api/investor/knowledge-test/acknowledge-risk': { 403: ['KNOWLEDGE_TEST_REQUIRED'] },
  'POST /api/order/:id/revoke': { 409: ['REFLECTION_PERIOD_OVER', 'REFLECTION_PERIOD_NOT_APPLICABLE', 'INVALID_STATUS_CHANGE', 'ORDER_STATUS_CHANGED'] },
  'POST /api/investor/sophisticated-application': { 400: ['SOPHISTICATED_CRITERIA_NOT_MET'], 409: ['DECLARATION_VERSION_CHANGED', 'APPLICATION_PENDING'] },
  'POST /api/operator/sophisticated-applications/:id/approve': { 409: ['APPLICATION_ALREADY_DECIDED'] },
  'POST /api/operator/sophisticated-applications/:id/reject': { 409: ['APPLICATION_ALREADY_DECIDED'] },
  'GET /api/order-revocation': { 404: ['REVOKE_LINK_NOT_VALID'], 409: ['REVOKE_LINK_USED', 'REFLECTION_PERIOD_OVER', 'INVALID_STATUS_CHANGE'] },
  'POST /api/order-revocation': {
    404: ['REVOKE_LINK_NOT_VALID'],
    409: ['REVOKE_LINK_USED', 'REFLECTION_PERIOD_OVER', 'INVALID_STATUS_CHANGE', 'ORDER_STATUS_CHANGED'],
  },
  'POST /api/transaction/retry': {
    400: ['NO_TRANSACTION_METHOD_AVAILABLE', 'CAN_CREATE_PAYMENT'],
    409: ['ORDER_ALREADY_PAID', 'ORDER_EXPIRED', 'PAYMENT_PENDING'],
    502: ['CAN_CREATE_PAYMENT', 'PAYPAL_UNAVAILABLE'],
  },
  'POST /api/order/:id/paypal/return': { 502: ['PAYPAL_UNAVAILABLE'] },
  'POST /api/paypal/webhook': { 400: ['WEBHOOK_NOT_VERIFIED'], 502: ['PAYPAL_UNAVAILABLE'] },
  'PUT /api/operator/offers/:id/kiis/:language': { 400: ['KIIS_TEXT_UNCHANGED'] },
  'POST /api/operator/orders/:id/cancel': orderAction,
  'POST /api/operator/orders/:id/complete': orderAction,
  'POST /api/operator/orders/:id/record-transfer': orderAction,
  'POST /api/operator/orders/:id/refund': { 409: ['REFUND_NOT_DUE'], 502: ['PAYPAL_REFUND_FAILED', 'PAYPAL_UNAVAILABLE'] },
  'POST /api/operator/exceptions/:id/resolve': {
    // booking the payment marks the order paid, which sells its shares (modules/orders/status.ts)
    409: ['EXCEPTION_ALREADY_RESOLVED', 'EXCEPTION_HAS_NO_ORDER', 'ORDER_STATUS_CHANGED', 'INVALID_STATUS_CHANGE', 'NOT_ENOUGH_SHARES_AVAILABLE'],
  },
  'POST /api/operator/investors/:id/resend-activation': { 409: ['ACCOUNT_ALREADY_ACTIVE'] },
  'POST /api/operator/offers/:id/close': { 409: ['OFFER_ALREADY_CLOSED', 'OFFER_CLOSE_IN_PROGRESS'] },
  'POST /api/operator/distributions': {
    400: ['DISTRIBUTION_AMOUNT_REQUIRED', 'DISTRIBUTION_PERIOD_NOT_VALID', 'DISTRIBUTION_AMOUNT_TOO_SMALL'],
    409: ['OFFER_NOT_FUNDED', 'OFFER_NOT_CLOSED'],
    422: ['DISTRIBUTION_NO_HOLDERS'],
  },
  'POST /api/operator/distributions/:id/approve': { 403: ['DISTRIBUTION_FOUR_EYES'], 409: ['DISTRIBUTION_ALREADY_APPROVED'] },
  'POST /api/operator/payout-files': { 409: ['PAYOUT_NOTHING_TO_EXPORT'] },
  'PATCH /api/operator/offers/:id': { 400: ['INVESTMENT_WINDOW_NOT_VALID', 'FUNDING_GOAL_ABOVE_TARGET'], 409: ['SERIES_TOTAL_BELOW_TAKEN'] },
  'POST /api/operator/offers/:id/documents': { 413: ['FILE_TOO_LARGE'], 415: ['FILE_TYPE_NOT_ALLOWED'] },
  // readiness: draining after a shutdown signal, or migrations behind this server's code (http/health.ts)
  'GET /api/ready': { 503: ['NODE_DRAINING', 'MIGRATIONS_PENDING'] },
  'POST /api/operator/statements': {
    413: ['FILE_TOO_LARGE'],
    415: ['STATEMENT_FORMAT_UNKNOWN'],
    422: ['STATEMENT_MALFORMED', 'STATEMENT_EMPTY'],
  },
};

/**
 * Schemas a handler parses itself (not the route's own schema), per route and status: the document lists the
 * codes they name or declare, as for the route's schemas.
 */
export const routeHandlerSchemas: Record<string, Partial<Record<number, readonly unknown[]>>> = {
  // the later steps' investor data, checked when present (modules/orders/routes-investment.ts)
  'POST /api/investment/validate': { 400: [investorDataInputSchema] },
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
