import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  agreementAnswersSchema,
  createInvestmentBodySchema,
  createInvestmentResultSchema,
  investmentQuoteSchema,
  investorDataInputSchema,
  validateInvestmentBodySchema,
} from '../../../contract/investment';
import { nowOf } from '../../config';
import { isErrorCode, type ErrorCode } from '../../i18n/messages';
import { envelopeSchema, errorEnvelopeSchema, ok, responses } from '../../lib/envelope';
import { ApiError, badRequest, type ApiErrorItem } from '../../lib/errors';
import {
  availableShares,
  checkAgreements,
  checkTarget,
  enabledMethods,
  investmentAgreements,
  loadMethod,
  loadTarget,
  methodUsable,
} from './investment-rules';

// docs/api.md "Investing": POST /investment/validate (every step's rules, later steps' errors too; the SPA
// ignores those per contract/investment.ts `onlyLaterStepErrors`) and POST /investment (createOrder).
// Both need a signed-in, active investor (401 anonymous, 403 operator).

/** Zod issues of a nested value → envelope errors under `prefix` (the schema names its codes as messages). */
function issuesToErrors(issues: z.core.$ZodIssue[], prefix: string): ApiErrorItem[] {
  const seen = new Set<string>();
  const errors: ApiErrorItem[] = [];
  for (const issue of issues) {
    let code: ErrorCode = 'VALUE_NOT_VALID';
    if (isErrorCode(issue.message)) code = issue.message;
    else if (issue.code === 'invalid_type' && (issue as { input?: unknown }).input === undefined) code = 'IS_EMPTY';
    const context = [prefix, ...issue.path.map(String)].join('.');
    if (seen.has(`${code}|${context}`)) continue;
    seen.add(`${code}|${context}`);
    errors.push({ code, context });
  }
  return errors;
}

/** Idempotency-Key: 1..200 visible ASCII characters (a UUID is typical). */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

const investmentRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const investorOnly = [fastify.authenticate, fastify.requireRole('investor')];

  fastify.post('/investment/validate', {
    preHandler: investorOnly,
    schema: { body: validateInvestmentBodySchema, response: responses(investmentQuoteSchema, [400, 401, 403]) },
    handler: async (request) => {
      const body = request.body;
      const data = body.investmentData;
      const now = nowOf(fastify.config);
      const [target, agreementRows, methods] = await Promise.all([
        loadTarget(fastify.db, data.offer, data.series),
        investmentAgreements(fastify.db, data.offer),
        enabledMethods(fastify.db),
      ]);

      const errors = checkTarget(target, { quantity: data.quantity, pricePerShare: data.pricePerShare }, now, { prefix: 'investmentData.' });

      // Later steps' fields: checked when present, reported as missing when absent (ignorable before their step).
      if (body.investorData === undefined) errors.push({ code: 'IS_EMPTY', context: 'investorData' });
      else {
        const parsed = investorDataInputSchema.safeParse(body.investorData);
        if (!parsed.success) errors.push(...issuesToErrors(parsed.error.issues, 'investorData'));
      }

      const answers = agreementAnswersSchema.safeParse(body.agreements ?? []);
      if (!answers.success) errors.push({ code: 'VALUE_NOT_VALID', context: 'agreements' });
      else errors.push(...checkAgreements(agreementRows, answers.data));

      if (!methods.length) errors.push({ code: 'NO_TRANSACTION_METHOD_AVAILABLE', context: 'method' });
      else if (body.method === undefined || body.method === null) errors.push({ code: 'IS_EMPTY', context: 'method' });
      else {
        const method = typeof body.method === 'number' && Number.isSafeInteger(body.method) && body.method > 0 && body.method <= 2_147_483_647
          ? await loadMethod(fastify.db, body.method)
          : undefined;
        if (!methodUsable(method)) errors.push({ code: 'NO_TRANSACTION_METHOD_AVAILABLE', context: 'method' });
      }

      if (errors.length) throw new ApiError(400, errors);
      const series = target.series!;
      return ok({
        quantity: data.quantity,
        pricePerShare: series.pricePerShare,
        amount: data.quantity * series.pricePerShare,
        availableShares: availableShares(series),
        minStocks: series.minStocks,
      });
    },
  });

  fastify.post('/investment', {
    preHandler: investorOnly,
    schema: {
      body: createInvestmentBodySchema,
      response: {
        201: envelopeSchema(createInvestmentResultSchema),
        400: errorEnvelopeSchema,
        401: errorEnvelopeSchema,
        403: errorEnvelopeSchema,
        409: errorEnvelopeSchema,
        422: errorEnvelopeSchema,
        // A payment provider that fails while the order is created (PayPal): 502 CAN_CREATE_PAYMENT.
        502: errorEnvelopeSchema,
      },
    },
    handler: async (request, reply) => {
      const header = request.headers['idempotency-key'];
      if (header !== undefined && (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header))) {
        throw badRequest('VALUE_NOT_VALID', 'Idempotency-Key');
      }
      const result = await fastify.orders.create({
        userId: request.principal!.userId,
        language: request.language,
        body: request.body,
        idempotencyKey: header,
      });
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(ok({ order: result.order, payment: result.payment }, 201));
    },
  });
};

export default investmentRoutes;
