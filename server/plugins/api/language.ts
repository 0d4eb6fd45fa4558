import fp from 'fastify-plugin';
import { resolveLanguage } from '../../lib/language';

// Picks the request's language (Content-Language, Accept-Language, DEFAULT_LANGUAGE) and echoes it.
export default fp(
  async (fastify) => {
    fastify.decorateRequest('language', 'pl');
    fastify.addHook('onRequest', async (request, reply) => {
      request.language = resolveLanguage(request.headers, fastify.config.defaultLanguage);
      reply.header('content-language', request.language);
    });
  },
  { name: 'api-language' },
);
