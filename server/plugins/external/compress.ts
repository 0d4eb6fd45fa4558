import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import fp from 'fastify-plugin';

// gzip / brotli for answers over 1 KiB when the client asks for it (Accept-Encoding).
// Brotli's default quality (11) is too slow to run per request; 5 compresses nearly as well, much faster.
export default fp(
  async (fastify) => {
    await fastify.register(compress, {
      global: true,
      encodings: ['br', 'gzip'],
      threshold: 1024,
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
    });
  },
  { name: 'compress' },
);
