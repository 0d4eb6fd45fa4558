import fp from 'fastify-plugin';

// API bodies are JSON only: text/plain (which Fastify parses by default) is dropped so it answers
// 415 UNSUPPORTED_MEDIA_TYPE, and an empty JSON body reads as "no body" (a bodiless POST /token/revoke
// sent with a JSON content type must not fail).
export default fp(
  async (fastify) => {
    const parseJson = fastify.getDefaultJsonParser('error', 'error');
    fastify.removeAllContentTypeParsers();
    fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
      parseJson(request, body as string, done);
    });
  },
  { name: 'api-json-body' },
);
