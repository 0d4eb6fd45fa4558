import type { FastifyPluginAsync } from 'fastify';
import agreementRoutes from './routes-agreements';
import offerFileRoutes from './routes-offer-files';
import offerRoutes from './routes-offers';
import operatorOfferRoutes from './routes-operator';
import { createFigureQueries, type FigureQueries } from './figures';
import statsRoutes from './routes-stats';

declare module 'fastify' {
  interface FastifyInstance {
    /** Share-counter figures: card figures, live availability, platform statistics (figures.ts). */
    figureQueries: FigureQueries;
  }
}

// The public offers (docs/api.md "Public site"): list, featured lists, one offer, its files, agreements, the
// platform figures; and the operator's offers (routes-operator.ts). Encapsulated: the figures' decorator is visible to these routes only.
const offersRoutes: FastifyPluginAsync = async (fastify) => {
  fastify.decorate('figureQueries', createFigureQueries(fastify.db));
  await fastify.register(offerRoutes);
  await fastify.register(offerFileRoutes);
  await fastify.register(agreementRoutes);
  await fastify.register(statsRoutes);
  await fastify.register(operatorOfferRoutes);
};

export default offersRoutes;
