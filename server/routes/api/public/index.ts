import type { FastifyPluginAsync } from 'fastify';
import agreementRoutes from './agreements';
import contactFormRoutes from './contact-form';
import faqRoutes from './faq';
import offerRoutes from './offers';
import pageRoutes from './pages';
import { createPublicRepository, type PublicRepository } from './repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** Reads of the public site (offers, FAQ, featured lists, pages, agreements); scoped to these routes. */
    publicRepository: PublicRepository;
  }
}

// docs/api.md "Public site". Encapsulated: the repository decorator is visible to these routes only.
const publicRoutes: FastifyPluginAsync = async (fastify) => {
  fastify.decorate('publicRepository', createPublicRepository(fastify.db));
  await fastify.register(offerRoutes);
  await fastify.register(faqRoutes);
  await fastify.register(pageRoutes);
  await fastify.register(agreementRoutes);
  await fastify.register(contactFormRoutes);
};

export default publicRoutes;
