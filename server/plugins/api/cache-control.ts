import fp from 'fastify-plugin';

// Answers of the API are private by default: they may carry tokens (POST /token), personal data (/user/me,
// /investor) or operator data, and a shared cache or the browser's disk must not keep them. So every /api answer
// gets `Cache-Control: no-store` unless its route set a Cache-Control of its own (a public content route may
// choose to be cacheable; one that does must make sure its answer never depends on the caller's token).
export default fp(
  async (fastify) => {
    // Synchronous: no promise per request (the API's fixed cost per request).
    fastify.addHook('onSend', (_request, reply, payload, done) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      done(null, payload);
    });
  },
  { name: 'api-cache-control' },
);
