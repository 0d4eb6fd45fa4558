import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { isApiUrl } from '../lib/api-url';
import { resolveLanguage } from '../lib/language';
import { sendEnvelopeError } from '../plugins/api/errors';
import { createSitemap, type Sitemap } from './sitemap';
import { createSpaHtml, type SpaHtml } from './spaHtml';
import { readRenderPreferences } from '../../contract/page-data';

export const BUILD_HINT = 'The web app is not built yet. Run `npm run build`, then start the server again.\n';

const isMedia = (url: string) => url.startsWith('/media/');
// A missing hashed asset belongs to an old build: answer 404, not HTML the browser would try to run.
const isAsset = (url: string) => url.startsWith('/assets/');

/**
 * Is this path one of the SPA's pages? `/`, and paths under a language prefix (`/pl/...`, `/en/...`; any other
 * two-letter prefix too: the app sends an unknown language to the default one) whose last segment names no file
 * (an e-mail address is a page's parameter, not a file).
 * Everything else (`/healthz`, `/metrics`, `/favicon.ico` or `/sitemap.xml` when no such file exists, `/wp-login.php`,
 * `/.env`) is a plain 404: a monitor, a crawler or a load balancer must not take the app's HTML for an answer.
 */
export function isPagePath(url: string): boolean {
  const pathname = url.split(/[?#]/, 1)[0];
  if (pathname === '/') return true;
  const segments = pathname.split('/');
  if (!/^[a-z]{2}$/i.test(segments[1] ?? '')) return false;
  const last = segments[segments.length - 1];
  // Some pages take an e-mail address as their last segment (`/pl/ponowna-aktywacja/jan%40example.com`): a
  // segment with an `@` is a parameter, not a file name, whatever it ends with.
  if (/@|%40/i.test(last)) return true;
  return !/\.[a-z0-9]{1,8}$/i.test(last);
}

/** The encoding to send a page in: brotli, else gzip, when the client accepts it (q > 0). */
export function pageEncoding(acceptEncoding: string | string[] | undefined): 'br' | 'gzip' | null {
  // A browser sends the same header with every page: the last answer is kept.
  if (typeof acceptEncoding === 'string' && acceptEncoding === lastEncoding.header) return lastEncoding.encoding;
  const encoding = chooseEncoding(acceptEncoding);
  if (typeof acceptEncoding === 'string') lastEncoding = { header: acceptEncoding, encoding };
  return encoding;
}
let lastEncoding: { header: string; encoding: 'br' | 'gzip' | null } = { header: '', encoding: null };

function chooseEncoding(acceptEncoding: string | string[] | undefined): 'br' | 'gzip' | null {
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
 * revalidated, files sent precompressed when the build made copies, and the SPA's pages (`/`, `/pl/...`,
 * `/en/...`: isPagePath) answered with index.html so client-side routes (/en/login) load the app; any other
 * unknown path is a plain 404.
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
      // `/` is a page (its head, its language): answered below, not with the bare index.html.
      index: false,
      // The build writes `<file>.br` and `<file>.gz` once (scripts/precompress.mjs); they are sent as they are,
      // picked by Accept-Encoding (Vary set), so no static file is compressed per request.
      preCompressed: true,
      // robots.txt and the sitemap name the public origin and follow the content: routes of their own below.
      globIgnore: ['**/*.br', '**/*.gz', 'robots.txt', 'sitemap.xml', '.ssr/**'],
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

  // index.html with the page's chunks preloaded and its first data inline (server/pages/spaHtml.ts),
  // cached per page and compressed once, as long as the public answers it holds are current.
  const spaHtml = built ? createSpaHtml(fastify, root) : null;
  fastify.decorate('spaHtml', spaHtml);

  // The site's pages for crawlers (server/pages/sitemap.ts), wherever this node serves the pages.
  const sitemap = serveSpa
    ? createSitemap({
        db: fastify.db,
        publicUrl: fastify.config.publicUrl,
        defaultLanguage: fastify.config.defaultLanguage,
        contentVersion: async () => (fastify.siteState.peek() ?? (await fastify.siteState.get())).contentVersion,
      })
    : null;
  fastify.decorate('sitemap', sitemap);
  if (sitemap) {
    fastify.get('/sitemap.xml', async (_request, reply) =>
      reply.header('cache-control', 'no-cache').type('application/xml; charset=utf-8').send(await sitemap.xml()),
    );
    fastify.get('/robots.txt', async (_request, reply) => reply.header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send(sitemap.robots()));
  }

  fastify.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    if (isApiUrl(url)) {
      const language = resolveLanguage(request.headers, fastify.config.defaultLanguage);
      return sendEnvelopeError(request, reply, 404, [{ code: 'ROUTE_NOT_FOUND', context: '' }], language);
    }
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isMedia(url) && !isAsset(url) && isPagePath(url);
    if (!wantsPage) return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
    if (!serveSpa) return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
    if (!built) return reply.type('text/plain; charset=utf-8').send(BUILD_HINT);
    // The page differs per address (its first data inline), so it is compressed here: @fastify/compress only
    // handles routes, and this is the not-found handler.
    const page = await spaHtml!.page(url, readRenderPreferences(request.headers.cookie));
    if (page.redirect) return reply.header('cache-control', 'no-cache').redirect(page.redirect.location, page.redirect.status);
    // The page's status (404 for no such page, offer or static page; 503 with Retry-After in maintenance) with the
    // app's HTML all the same: the SPA shows the not-found page or the maintenance screen.
    reply.code(page.status).headers(page.headers);
    reply.header('cache-control', 'no-cache').header('vary', 'Accept-Encoding, Cookie').type('text/html; charset=utf-8');
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
    /** /sitemap.xml and /robots.txt (null when this node serves no pages). */
    sitemap: Sitemap | null;
  }
}

// fastify-plugin: the fallback is the root's not-found handler.
export default fp(spa, { name: 'spa' });
