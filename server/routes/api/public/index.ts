import type { FastifyPluginAsync } from 'fastify';
import agreementRoutes from './agreements';
import contactFormRoutes from './contact-form';
import faqRoutes from './faq';
import kiisRoutes from './kiis';
import offerFileRoutes from './offer-files';
import offerRoutes from './offers';
import pageRoutes from './pages';
import { createFigureQueries, type FigureQueries } from './figures';
import { createPublicRepository, type PublicRepository } from './repository';
import statsRoutes from './stats';

declare module 'fastify' {
  interface FastifyInstance {
    /** Reads of the public site (offers, FAQ, featured lists, pages, agreements); scoped to these routes. */
    publicRepository: PublicRepository;
    /** Share-counter figures: card figures, live availability, platform statistics (figures.ts). */
    figureQueries: FigureQueries;
  }
}

// docs/api.md "Public site". Encapsulated: the repository decorator is visible to these routes only.
const publicRoutes: FastifyPluginAsync = async (fastify) => {
  fastify.decorate('publicRepository', createPublicRepository(fastify.db));
  fastify.decorate('figureQueries', createFigureQueries(fastify.db));
  await fastify.register(offerRoutes);
  await fastify.register(offerFileRoutes);
  await fastify.register(kiisRoutes);
  await fastify.register(faqRoutes);
  await fastify.register(pageRoutes);
  await fastify.register(agreementRoutes);
  await fastify.register(contactFormRoutes);
  await fastify.register(statsRoutes);
};

export default publicRoutes;
