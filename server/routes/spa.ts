import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { isApiUrl } from '../lib/api-url';
import { resolveLanguage } from '../lib/language';
import { sendEnvelopeError } from '../plugins/api/errors';
import { createSpaHtml, type SpaHtml } from './spaHtml';

export const BUILD_HINT = 'The web app is not built yet. Run `npm run build`, then start the server again.\n';

const isMedia = (url: string) => url.startsWith('/media/');
// A missing hashed asset belongs to an old build: answer 404, not HTML the browser would try to run.
const isAsset = (url: string) => url.startsWith('/assets/');

/** The encoding to send a page in: brotli, else gzip, when the client accepts it (q > 0). */
export function pageEncoding(acceptEncoding: string | string[] | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of String(acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name) accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  if ((accepted.get('br') ?? 0) > 0) return 'br';
  if ((accepted.get('gzip') ?? 0) > 0) return 'gzip';
  return null;
}

/**
 * The built SPA from SPA_DIR: hashed /assets/* cached for a year, everything else (index.html, robots.txt)
 * revalidated, files sent precompressed when the build made copies, and any other
 * GET outside /api and /media answered with index.html so client-side routes (/en/login) load the app.
 */
const spa: FastifyPluginAsync = async (fastify) => {
  const { serveSpa, spaDir } = fastify.config;
  const root = path.resolve(spaDir);
  const built = serveSpa && existsSync(path.join(root, 'index.html'));

  if (built) {
    await fastify.register(fastifyStatic, {
      root,
      prefix: '/',
      // One route per built file, found at start: unknown paths go straight to the fallback below.
      wildcard: false,
      // The build writes `<file>.br` and `<file>.gz` once (scripts/precompress.mjs); they are sent as they are,
      // picked by Accept-Encoding (Vary set), so no static file is compressed per request.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const relative = path.relative(root, filePath).split(path.sep).join('/');
        reply.header(
          'cache-control',
          relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  // index.html with the page's chunks preloaded and its first data inline (issue 11, server/routes/spaHtml.ts),
  // cached per page and compressed once, as long as the public answers it holds are current.
  const spaHtml = built ? createSpaHtml(fastify, root) : null;
  fastify.decorate('spaHtml', spaHtml);

  fastify.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    if (isApiUrl(url)) {
      const language = resolveLanguage(request.headers, fastify.config.defaultLanguage);
      return sendEnvelopeError(request, reply, 404, [{ code: 'ROUTE_NOT_FOUND', context: '' }], language);
    }
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isMedia(url) && !isAsset(url);
    if (!wantsPage) return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
    if (!serveSpa) return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
    if (!built) return reply.type('text/plain; charset=utf-8').send(BUILD_HINT);
    // The page differs per address (its first data inline), so it is compressed here: @fastify/compress only
    // handles routes, and this is the not-found handler.
    const page = await spaHtml!.page(url);
    reply.header('cache-control', 'no-cache').header('vary', 'Accept-Encoding').type('text/html; charset=utf-8');
    const encoding = pageEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(page.html);
    const body = page.ready(encoding) ?? (await page.encoded(encoding));
    return body ? reply.header('content-encoding', encoding).send(body) : reply.send(page.html);
  });
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The SPA's pages (null when no build is served): their cache's stats for tests and benches. */
    spaHtml: SpaHtml | null;
  }
}

// fastify-plugin: the fallback is the root's not-found handler.
export default fp(spa, { name: 'spa' });
