import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FEATURED_LIST_NAMES } from '../../db/schema-content';
import { COMPRESSED_BY_CACHE } from '../../cache/public-cache';
import { ok, responses } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import { paged, pagedSchema, paginationQuery } from '../../lib/pagination';
import { pick } from '../../lib/translated';
import { splitDocuments, toAgreement, toOffer, toOfferSummaries } from './mappers';
import type { Offer } from './schemas';
import {
  agreementsByContext,
  featuredList,
  listOffers,
  offerAgreements,
  offerBySlug,
  offerDocumentRows,
  previewTokenMatches,
  publishedOfferById,
} from './repository';
import { agreementSchema, documentsSchema, featuredListSchema, offerSchema, offerSummarySchema, slugParam } from './schemas';
import { mayseeInvestorDocuments, optionalPrincipal } from './viewer';

const previewQuery = z.object({ previewToken: z.string().max(200).optional() });

const offerRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { db } = fastify;
  const figures = fastify.figureQueries;
  const cache = fastify.publicCache;

  // Answers are the same for every visitor of a language: served from the per-node cache (server/cache/public-cache.ts)
  // with an ETag. A bearer token is still checked when one is sent (an expired one answers 401 TOKEN_EXPIRED).
  const checkToken = async (request: FastifyRequest) => {
    if (request.headers.authorization) await optionalPrincipal(fastify, request);
  };

  fastify.get('/offers', {
    ...COMPRESSED_BY_CACHE,
    schema: { querystring: z.object({ ...paginationQuery }), response: responses(pagedSchema(offerSummarySchema), [400, 401]) },
    handler: async (request, reply) => {
      await checkToken(request); // accepted, never required
      const page = request.query.pagination;
      const lang = request.language;
      return cache.send(request, reply, {
        key: `offers:${lang}:${page.pageSize}:${page.pageNumber}`,
        shares: true, // funding progress and status follow the orders
        async build() {
          const { rows, total } = await listOffers(db, page);
          return paged(await toOfferSummaries(db, figures, rows, lang), total, page);
        },
      });
    },
  });

  // A published offer by either language's slug; an unpublished one only with its preview token.
  async function visibleOffer(slug: string, previewToken: string | undefined) {
    const row = await offerBySlug(db, slug);
    if (!row) throw notFound('slug');
    if (!row.published && !previewTokenMatches(row.previewTokenHash, previewToken)) throw notFound('slug');
    return row;
  }

  // The available shares change with every order. They are laid over the cached offer, never rebuilt with it:
  // - for a signed-in caller (who can order) read live on every request (one prepared, indexed select, reads
  //   shared per offer but never older than the request), so their own order shows at once;
  // - for visitors read once per change of the share counters' fingerprint, which every node polls at most once
  //   a second with the maintenance flags (plugins/app/site-state.ts): within a second of any order, and no query
  //   per request (PGlite runs one query at a time: a per-request read capped an offer page near 200 req/s).
  const overlay = (offer: Offer, available: Record<number, number>): Offer => ({
    ...offer,
    series: offer.series.map((s) => ({ ...s, availableShares: available[s.id] ?? s.availableShares })),
  });
  const liveAvailability = { read: (offer: Offer) => figures.availability(offer.id), apply: overlay };
  type Shared = { fingerprint: string; read: Promise<Record<number, number>>; value?: Record<number, number> };
  const sharedAvailability = new Map<number, Shared>();
  const readShared = (offer: Offer, sharesFingerprint: string): Record<number, number> | Promise<Record<number, number>> => {
    let known = sharedAvailability.get(offer.id);
    if (!known || known.fingerprint !== sharesFingerprint) {
      const shared: Shared = { fingerprint: sharesFingerprint, read: figures.availability(offer.id) };
      shared.read.then(
        (value) => (shared.value = value),
        () => {
          if (sharedAvailability.get(offer.id) === shared) sharedAvailability.delete(offer.id);
        },
      );
      sharedAvailability.set(offer.id, shared);
      known = shared;
    }
    // Once read, the same object until the counters move: the cache sees it is unchanged without comparing.
    return known.value ?? known.read;
  };
  const recentAvailability = {
    read: (offer: Offer) => {
      const state = fastify.siteState.peek();
      if (state) return readShared(offer, state.sharesFingerprint);
      return fastify.siteState.get().then((read) => readShared(offer, read.sharesFingerprint));
    },
    apply: overlay,
  };

  async function answerOffer(request: FastifyRequest, reply: FastifyReply, slug: string, previewToken: string | undefined) {
    const lang = request.language;
    const signedIn = request.headers.authorization ? (await optionalPrincipal(fastify, request)) !== null : false;
    const mayseeInvestor = signedIn && (await mayseeInvestorDocuments(fastify, request));
    if (previewToken) {
      // A preview is for the few who hold its token: not kept (the cache still checks and compresses it).
      const row = await visibleOffer(slug, previewToken);
      return cache.send(request, reply, {
        key: `preview:${slug}`,
        store: false,
        build() {
          return toOffer(db, row, lang, mayseeInvestor);
        },
      });
    }
    return cache.send(request, reply, {
      key: `offer:${lang}:${mayseeInvestor ? 'investor' : 'visitor'}:${slug}`,
      personal: signedIn,
      shares: true, // its funding progress and status follow the orders, as the list's cards do
      live: signedIn ? liveAvailability : recentAvailability,
      async build() {
        return toOffer(db, await visibleOffer(slug, undefined), lang, mayseeInvestor);
      },
    });
  }

  const offerResponse = responses(offerSchema, [400, 401, 404]);

  fastify.get('/offers/:slug', {
    ...COMPRESSED_BY_CACHE,
    schema: { params: z.object({ slug: slugParam }), querystring: previewQuery, response: offerResponse },
    handler: (request, reply) => answerOffer(request, reply, request.params.slug, request.query.previewToken),
  });

  // A nested slug is stored with its slash ("osiedle-nad-wisla/etap-2").
  fastify.get('/offers/:slug/:subslug', {
    ...COMPRESSED_BY_CACHE,
    schema: { params: z.object({ slug: slugParam, subslug: slugParam }), querystring: previewQuery, response: offerResponse },
    handler: (request, reply) => answerOffer(request, reply, `${request.params.slug}/${request.params.subslug}`, request.query.previewToken),
  });

  // The static segment wins over `:subslug` in the router; the slug `contact` gives the contact form's.
  fastify.get('/offers/:slug/agreements', {
    schema: { params: z.object({ slug: slugParam }), querystring: previewQuery, response: responses(z.array(agreementSchema), [400, 404]) },
    handler: async (request) => {
      const lang = request.language;
      if (request.params.slug === 'contact') {
        return ok((await agreementsByContext(db, 'contact')).map((a) => toAgreement(a, lang)));
      }
      const row = await visibleOffer(request.params.slug, request.query.previewToken);
      return ok((await offerAgreements(db, row.id)).map((a) => toAgreement(a, lang)));
    },
  });

  fastify.get('/offer/:id/documents', {
    schema: {
      params: z.object({ id: z.string().regex(/^\d{1,9}$/, 'VALUE_NOT_VALID').transform(Number) }),
      response: responses(documentsSchema, [400, 401, 404]),
    },
    handler: async (request) => {
      const row = await publishedOfferById(db, request.params.id);
      if (!row) throw notFound('id');
      const mayseeInvestor = await mayseeInvestorDocuments(fastify, request);
      return ok(splitDocuments(await offerDocumentRows(db, row.id), request.language, mayseeInvestor));
    },
  });

  fastify.get('/offer/featured', {
    ...COMPRESSED_BY_CACHE,
    schema: {
      querystring: z.object({
        listName: z.enum(FEATURED_LIST_NAMES, { error: (issue) => (issue.input === undefined ? 'IS_EMPTY' : 'VALUE_NOT_VALID') }),
      }),
      response: responses(featuredListSchema, [400, 404]),
    },
    handler: (request, reply) => {
      const lang = request.language;
      const listName = request.query.listName;
      return cache.send(request, reply, {
        key: `featured:${lang}:${listName}`,
        shares: true,
        async build() {
          const found = await featuredList(db, listName);
          // A known name whose row an operator deleted: an empty list rather than an error.
          if (!found) return { listName, title: '', description: '', offers: [] };
          return {
            listName: found.list.name,
            title: pick(found.list.title, lang),
            description: pick(found.list.description, lang),
            offers: await toOfferSummaries(db, figures, found.offers, lang),
          };
        },
      });
    },
  });
};

export default offerRoutes;
