import { AsyncLocalStorage } from 'node:async_hooks';
import { hostname, networkInterfaces } from 'node:os';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';

// The origin of the links the server makes (PayPal's return page, the links in e-mails). PUBLIC_URL names it.
// Without it the built-in default (http://localhost:PORT) is only right for a visitor who opened exactly that
// address: one who came on http://127.0.0.1:PORT would be sent back to another origin, where the session kept
// in the browser's storage is not, and be logged out. So while PUBLIC_URL is unset, a request's links use the
// origin that request came from (its Host, or X-Forwarded-Host/-Proto when TRUST_PROXY is on, as Fastify
// reads them), and work without a request (workers) keeps the default.
// Only a host of this machine is taken (loopback, its own name and interface addresses): a Host header is the
// client's to choose, and a password-reset link must never be made on an origin an attacker names.

export const defaultPublicUrl = (port: number) => `http://localhost:${port}`;

const origins = new AsyncLocalStorage<string>();

function localHosts(): Set<string> {
  const names = new Set(['localhost', '127.0.0.1', '::1', hostname().toLowerCase()]);
  for (const list of Object.values(networkInterfaces())) for (const a of list ?? []) names.add(a.address.toLowerCase());
  return names;
}

/** The request's own origin when it is an address of this machine, else undefined. */
export function requestOrigin(request: Pick<FastifyRequest, 'protocol' | 'host'>, hosts = localHosts()): string | undefined {
  let url: URL;
  try {
    url = new URL(`${request.protocol}://${request.host}`);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const name = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const local = hosts.has(name) || name.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(name);
  return local ? url.origin : undefined;
}

/**
 * The app's config with `publicUrl` following the request in progress when PUBLIC_URL is unset
 * (`publicUrlFromRequest`); the config itself when PUBLIC_URL names the origin.
 */
export function requestAwareConfig(fastify: FastifyInstance, config: Config): Config {
  const fallback = config.publicUrl;
  if (!config.publicUrlFromRequest) return config;
  const hosts = localHosts();
  // Requests come on one or two origins: the last one's answer is kept (parsing it was 2 % of a cached page's CPU).
  let last = { protocol: '', host: '', origin: fallback };
  fastify.addHook('onRequest', (request, _reply, done) => {
    const { protocol, host } = request;
    if (protocol !== last.protocol || host !== last.host) last = { protocol, host, origin: requestOrigin(request, hosts) ?? fallback };
    origins.run(last.origin, done);
  });
  const aware = { ...config };
  Object.defineProperty(aware, 'publicUrl', { get: () => origins.getStore() ?? fallback, enumerable: true });
  return aware;
}
