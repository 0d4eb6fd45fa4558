import fp from 'fastify-plugin';
import { resolveLanguage } from '../../lib/language';

// Picks the request's language (Content-Language, Accept-Language, DEFAULT_LANGUAGE) and echoes it.
// A synchronous hook: no promise per request (the API's fixed cost per request).
export default fp(
  async (fastify) => {
    fastify.decorateRequest('language', 'pl');
    fastify.addHook('onRequest', (request, reply, done) => {
      request.language = resolveLanguage(request.headers, fastify.config.defaultLanguage);
      reply.header('content-language', request.language);
      done();
    });
  },
  { name: 'api-language' },
);
