import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';

// Slider and content media of the seed, served at /media/*.
export const mediaRoot = fileURLToPath(new URL('../public/media', import.meta.url));

const media: FastifyPluginAsync = async (fastify) => {
  await fastify.register(fastifyStatic, {
    root: mediaRoot,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    cacheControl: false,
    setHeaders: (reply) => reply.header('cache-control', 'public, max-age=86400'),
  });
};

export default media;
