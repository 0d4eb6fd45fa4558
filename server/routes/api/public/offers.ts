import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FEATURED_LIST_NAMES } from '../../../db/schema-content';
import { ok, responses } from '../../../lib/envelope';
import { notFound } from '../../../lib/errors';
import { paged, pagedSchema, paginationQuery } from '../../../lib/pagination';
import { pick } from '../../../lib/translated';
import { splitDocuments, toAgreement, toOffer, toOfferSummaries } from './mappers';
import { previewTokenMatches } from './repository';
import { agreementSchema, documentsSchema, featuredListSchema, offerSchema, offerSummarySchema, slugParam } from './schemas';
import { mayseeInvestorDocuments, optionalPrincipal } from './viewer';

const previewQuery = z.object({ previewToken: z.string().max(200).optional() });

const offerRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const repo = fastify.publicRepository;

  fastify.get('/offers', {
    schema: { querystring: z.object({ ...paginationQuery }), response: responses(pagedSchema(offerSummarySchema), [400, 401]) },
    handler: async (request) => {
      await optionalPrincipal(fastify, request); // accepted, never required
      const page = request.query.pagination;
      const { rows, total } = await repo.listOffers(page);
      return ok(paged(await toOfferSummaries(repo, rows, request.language), total, page));
    },
  });

  // A published offer by either language's slug; an unpublished one only with its preview token.
  async function offerBySlug(slug: string, previewToken: string | undefined) {
    const row = await repo.offerBySlug(slug);
    if (!row) throw notFound('slug');
    if (!row.published && !previewTokenMatches(row.previewTokenHash, previewToken)) throw notFound('slug');
    return row;
  }

  async function answerOffer(request: FastifyRequest, slug: string, previewToken: string | undefined) {
    const row = await offerBySlug(slug, previewToken);
    const mayseeInvestor = await mayseeInvestorDocuments(fastify, request);
    return ok(await toOffer(repo, row, request.language, mayseeInvestor));
  }

  const offerResponse = responses(offerSchema, [400, 401, 404]);

  fastify.get('/offers/:slug', {
    schema: { params: z.object({ slug: slugParam }), querystring: previewQuery, response: offerResponse },
    handler: (request) => answerOffer(request, request.params.slug, request.query.previewToken),
  });

  // A nested slug is stored with its slash ("osiedle-nad-wisla/etap-2").
  fastify.get('/offers/:slug/:subslug', {
    schema: { params: z.object({ slug: slugParam, subslug: slugParam }), querystring: previewQuery, response: offerResponse },
    handler: (request) => answerOffer(request, `${request.params.slug}/${request.params.subslug}`, request.query.previewToken),
  });

  // The static segment wins over `:subslug` in the router; the slug `contact` gives the contact form's.
  fastify.get('/offers/:slug/agreements', {
    schema: { params: z.object({ slug: slugParam }), querystring: previewQuery, response: responses(z.array(agreementSchema), [400, 404]) },
    handler: async (request) => {
      const lang = request.language;
      if (request.params.slug === 'contact') {
        return ok((await repo.agreementsByContext('contact')).map((a) => toAgreement(a, lang)));
      }
      const row = await offerBySlug(request.params.slug, request.query.previewToken);
      return ok((await repo.offerAgreements(row.id)).map((a) => toAgreement(a, lang)));
    },
  });

  fastify.get('/offer/:id/documents', {
    schema: {
      params: z.object({ id: z.string().regex(/^\d{1,9}$/, 'VALUE_NOT_VALID').transform(Number) }),
      response: responses(documentsSchema, [400, 401, 404]),
    },
    handler: async (request) => {
      const row = await repo.publishedOfferById(request.params.id);
      if (!row) throw notFound('id');
      const mayseeInvestor = await mayseeInvestorDocuments(fastify, request);
      return ok(splitDocuments(await repo.documents(row.id), request.language, mayseeInvestor));
    },
  });

  fastify.get('/offer/featured', {
    schema: {
      querystring: z.object({
        listName: z.enum(FEATURED_LIST_NAMES, { error: (issue) => (issue.input === undefined ? 'IS_EMPTY' : 'VALUE_NOT_VALID') }),
      }),
      response: responses(featuredListSchema, [400, 404]),
    },
    handler: async (request) => {
      const lang = request.language;
      const found = await repo.featuredList(request.query.listName);
      // A known name whose row an operator deleted: an empty list rather than an error.
      if (!found) return ok({ listName: request.query.listName, title: '', description: '', offers: [] });
      return ok({
        listName: found.list.name,
        title: pick(found.list.title, lang),
        description: pick(found.list.description, lang),
        offers: await toOfferSummaries(repo, found.offers, lang),
      });
    },
  });
};

export default offerRoutes;
