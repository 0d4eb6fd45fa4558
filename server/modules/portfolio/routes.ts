import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { investorPayoutsPageSchema } from '../../../contract/payouts';
import { investmentDetailSchema, investorDocumentSchema, portfolioPageSchema, type ExportKind } from '../../../contract/portfolio';
import { exportCsv } from '../documents/csv';
import { contentDisposition, createDocumentsService } from '../documents/service';
import { errorEnvelopeSchema, fileResponse, ok, responses } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import { paged, paginationQuery } from '../../lib/pagination';
import { investorPayouts } from '../payouts/service';
import { cashFlowsPage } from '../payouts/cash-flows';
import { cashFlowsPageSchema } from '../../../contract/transactions';
import { createPortfolioService } from './service';

// The investor area (docs/api.md "Investor area"): the portfolio, the documents the platform issued to the
// caller and the CSV exports. Every route is private and answers only the caller's own data: anything that
// is not theirs (another investor's document, an offer they hold no shares in) is 404, exactly like a thing
// that does not exist.

const slugParam = z.string().min(1).max(200);

/** Files the investor downloads: never kept by a shared cache, nor sniffed as another type. */
function sendFile(reply: FastifyReply, file: { contentType: string; fileName: string; body: Buffer | string }, disposition: 'attachment' | 'inline') {
  return reply
    .header('Content-Type', file.contentType)
    .header('Content-Disposition', contentDisposition(disposition, file.fileName))
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .send(file.body);
}

const fileErrors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema };

const portfolioRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const portfolio = createPortfolioService(fastify.db);
  const documents = createDocumentsService({ db: fastify.db, config: fastify.config });

  fastify.get('/investment', {
    preHandler: fastify.authenticate,
    schema: { querystring: z.object({ ...paginationQuery }), response: responses(portfolioPageSchema, [400, 401]) },
    handler: async (request) => ok(await portfolio.portfolio(request.principal!.userId, request.query.pagination, request.language)),
  });

  const investmentResponse = responses(investmentDetailSchema, [400, 401, 404]);
  const answerInvestment = async (userId: string, slug: string, language: 'pl' | 'en') => {
    const investment = await portfolio.investment(userId, slug, language);
    if (!investment) throw notFound('slug');
    return ok(investment);
  };

  fastify.get('/investment/:slug', {
    preHandler: fastify.authenticate,
    schema: { params: z.object({ slug: slugParam }), response: investmentResponse },
    handler: (request) => answerInvestment(request.principal!.userId, request.params.slug, request.language),
  });

  // A nested slug is stored with its slash ("osiedle-nad-wisla/etap-2").
  fastify.get('/investment/:slug/:subslug', {
    preHandler: fastify.authenticate,
    schema: { params: z.object({ slug: slugParam, subslug: slugParam }), response: investmentResponse },
    handler: (request) => answerInvestment(request.principal!.userId, `${request.params.slug}/${request.params.subslug}`, request.language),
  });

  fastify.get('/investor/payouts', {
    preHandler: fastify.authenticate,
    schema: { querystring: z.object({ ...paginationQuery }), response: responses(investorPayoutsPageSchema, [400, 401]) },
    handler: async (request) => {
      const page = request.query.pagination;
      const { items, total } = await investorPayouts(fastify.db, request.principal!.userId, page, request.language);
      return ok(paged(items, total, page));
    },
  });

  fastify.get('/investor/cash-flows', {
    preHandler: fastify.authenticate,
    schema: { querystring: z.object({ ...paginationQuery }), response: responses(cashFlowsPageSchema, [400, 401]) },
    handler: async (request) => ok(await cashFlowsPage(fastify.db, request.principal!.userId, request.query.pagination, request.language)),
  });

  fastify.get('/investor/documents', {
    preHandler: fastify.authenticate,
    schema: { response: responses(z.array(investorDocumentSchema), [401]) },
    handler: async (request) => ok(await documents.list(request.principal!.userId, request.language)),
  });

  fastify.get('/investor/documents/:id', {
    preHandler: fastify.authenticate,
    schema: {
      params: z.object({ id: z.string().max(100) }),
      querystring: z.object({
        disposition: z.enum(['attachment', 'inline'], 'VALUE_NOT_VALID').optional(),
        // the document in another language than the request's (the interface's)
        language: z.enum(['pl', 'en'], 'VALUE_NOT_VALID').optional(),
      }),
      response: { 200: fileResponse('The document (issued documents are PDF; offer documents keep their own type)', ['application/pdf', '*/*']), ...fileErrors },
    },
    handler: async (request, reply) => {
      const file = await documents.open(request.principal!.userId, request.params.id, request.query.language ?? request.language);
      if (!file) throw notFound('id');
      reply.header('ETag', `"${file.sha256}"`);
      return sendFile(reply, { contentType: file.contentType, fileName: file.fileName, body: file.bytes }, request.query.disposition ?? 'attachment');
    },
  });

  for (const kind of ['orders', 'transactions'] as ExportKind[]) {
    fastify.get(`/investor/exports/${kind}.csv`, {
      preHandler: fastify.authenticate,
      schema: { response: { 200: fileResponse('CSV (UTF-8 with BOM)', ['text/csv']), ...fileErrors } },
      handler: async (request, reply) => {
        const file = await exportCsv(fastify.db, request.principal!.userId, kind, request.language);
        return sendFile(reply, { contentType: 'text/csv; charset=utf-8', fileName: file.fileName, body: file.body }, 'attachment');
      },
    });
  }
};

export default portfolioRoutes;
