import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ok } from '../lib/envelope';

// Per-node cache of public answers.
//
// Public content (offers, pages, FAQ, static content, slider, splash, statistics) is the same for every visitor
// of a language, so each answer is built once: read from the database, mapped, checked against the route's
// response schema, serialized, hashed into an ETag and compressed once (brotli and gzip, on first demand).
// Later requests get those bytes as they are, or `304 Not Modified` when If-None-Match carries the ETag.
//
// Freshness:
// - Every entry remembers the content version it was built at (content_version, read with the maintenance
//   flags at most once per second by plugins/app/site-state.ts). Anything that changes public content bumps the
//   version in its own transaction (`bumpContentVersion(tx)` in modules/content/repository.ts)
//   and, on its own node, calls `fastify.siteState.invalidate()`: every node drops its entries within a second.
// - Entries marked `shares: true` (figures computed from orders) also remember the fingerprint of the series'
//   share counters, so funding figures follow orders within a second.
// - `live` lets a route overlay a cheap per-request read on the cached answer (an offer's available shares):
//   when the live value differs from the one the entry was built with, the entry is re-serialized once.
// - Whatever happens, no entry is older than MAX_AGE_MS (a safety net for a change made with SQL by hand that did
//   not bump the version).
// Errors (404 of an unknown slug) are never cached, and at most MAX_ENTRIES answers are kept (oldest first out).

export const MAX_AGE_MS = 60_000;
export const MAX_ENTRIES = 2000;
/** Below this size compression gains less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * The route options of every route that answers through `publicCache.send`: the cache compresses its answers itself,
 * so @fastify/compress's hooks (onRequest, preParsing and onSend, run on every request: 2–3 µs of a cached answer's
 * CPU) are left off the route. Its error answers are small envelopes, and a GET has no body to decompress.
 */
export const COMPRESSED_BY_CACHE = { compress: false, decompress: false } as const;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

type Encoding = 'br' | 'gzip';

interface Entry {
  /** The content version it was built at, and the share counters' fingerprint when the answer depends on them. */
  version: number;
  shares: string | undefined;
  builtAt: number;
  /** Sent once and never kept (`store: false`): compressed at cheaper settings. */
  once?: true;
  /** The data as built (before any live overlay). */
  data: unknown;
  liveKey: string | undefined;
  /** The live value the body was last checked against (the same object again needs no comparison). */
  liveValue: unknown;
  etag: string;
  body: Buffer;
  compressed: Partial<Record<Encoding, Promise<Buffer | null>>>;
  /** The compressed bodies once done (null: not worth it): sent without waiting on a promise. */
  ready: Partial<Record<Encoding, Buffer | null>>;
}

export interface LiveOverlay<T, L> {
  /** A cheap read done on every request (one indexed query, or a value kept until the share counters move). */
  read(data: T): L | Promise<L>;
  /** The data with the live value applied. */
  apply(data: T, live: L): T;
}

export interface CachedAnswer<T, L = unknown> {
  /** Everything the answer depends on besides the content version: route, language, parameters, variant. */
  key: string;
  /**
   * Written as a method (`async build() {…}`), not an arrow in a property: the server runs under tsx, whose esbuild
   * transform (keepNames) names such an arrow with Object.defineProperty each time it is created, i.e. on every
   * request, a few µs of a cached answer's budget.
   */
  build(): Promise<T>;
  /** The answer is computed from orders' share counters. */
  shares?: boolean;
  live?: LiveOverlay<T, L>;
  /** The answer depends on the caller's token (e.g. investor documents): never stored by shared caches. */
  personal?: boolean;
  /** false: built, checked, tagged and compressed for this request only, never kept (an offer's preview). */
  store?: false;
}

/** The encoding to send, from Accept-Encoding (a q=0 refuses one). */
export function pickEncoding(header: string | string[] | undefined): Encoding | null {
  if (!header) return null;
  // Browsers send a handful of distinct headers: each is parsed once.
  if (typeof header === 'string') {
    const known = pickedEncodings.get(header);
    if (known !== undefined) return known;
    const picked = parseEncoding(header);
    if (pickedEncodings.size >= 256) pickedEncodings.clear();
    pickedEncodings.set(header, picked);
    return picked;
  }
  return parseEncoding(header);
}

const pickedEncodings = new Map<string, Encoding | null>();

function parseEncoding(header: string | string[]): Encoding | null {
  const accepted = new Map<string, number>();
  for (const part of String(header).toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const wants = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (wants('br')) return 'br';
  if (wants('gzip')) return 'gzip';
  return null;
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => {
    const value = candidate.trim();
    return value === '*' || value.replace(/^W\//, '') === bare;
  });
}

type Schema = { parse(value: unknown): unknown };

type Validity = { contentVersion: number; sharesFingerprint: string };

const isPromise = <T>(value: T | Promise<T>): value is Promise<T> => typeof (value as { then?: unknown } | null)?.then === 'function';

export function createPublicCache(deps: { siteState: { get(): Promise<Validity>; peek?(): Validity | undefined }; now?: () => number }) {
  const now = deps.now ?? (() => Date.now());
  const entries = new Map<string, Entry>();
  const building = new Map<string, Promise<Entry>>();
  const stats = { hits: 0, builds: 0, overlays: 0, notModified: 0 };

  function makeEntry(
    data: unknown,
    shown: unknown,
    validity: { version: number; shares: string | undefined },
    live: { key: string | undefined; value: unknown },
    schema: Schema | undefined,
  ): Entry {
    // The route's response schema checks the answer once per build, not once per request.
    const envelope = schema ? schema.parse(ok(shown)) : ok(shown);
    const body = Buffer.from(JSON.stringify(envelope));
    const etag = `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
    return { ...validity, builtAt: now(), data, liveKey: live.key, liveValue: live.value, etag, body, compressed: {}, ready: {} };
  }

  const schemaOf = (request: FastifyRequest) => (request.routeOptions.schema?.response as Record<number, Schema> | undefined)?.[200];

  function remember(key: string, entry: Entry) {
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  }

  /** Kept answers are compressed hard (once); an answer sent once at the compress plugin's cheaper settings. */
  function compressed(entry: Entry, encoding: Encoding): Promise<Buffer | null> {
    if (entry.body.length < COMPRESS_MIN_BYTES) {
      entry.ready[encoding] = null;
      return Promise.resolve(null);
    }
    const once = entry.once === true;
    entry.compressed[encoding] ??= (
      encoding === 'br'
        ? brotli(entry.body, { params: { [constants.BROTLI_PARAM_QUALITY]: once ? 5 : 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length } })
        : gz(entry.body, { level: once ? 6 : 9 })
    )
      .catch(() => null)
      .then((bytes) => (entry.ready[encoding] = bytes));
    return entry.compressed[encoding]!;
  }

  async function build<T, L>(answer: CachedAnswer<T, L>, state: Validity, schema: Schema | undefined): Promise<Entry> {
    const validity = { version: state.contentVersion, shares: answer.shares ? state.sharesFingerprint : undefined };
    const flightKey = `${answer.key}\u0000${validity.version}/${validity.shares ?? ''}`;
    let flight = building.get(flightKey);
    if (!flight) {
      flight = (async () => {
        const data = await answer.build();
        let shown: T = data;
        const live: { key: string | undefined; value: unknown } = { key: undefined, value: undefined };
        if (answer.live) {
          live.value = await answer.live.read(data);
          live.key = JSON.stringify(live.value);
          shown = answer.live.apply(data, live.value as L);
        }
        const built = makeEntry(data, shown, validity, live, schema);
        remember(answer.key, built);
        stats.builds += 1;
        return built;
      })();
      building.set(flightKey, flight);
      flight.then(
        () => building.delete(flightKey),
        () => building.delete(flightKey),
      );
    }
    return flight;
  }

  /** The entry with the live value laid over it (re-serialized once when the value changed). */
  function overlaid<T, L>(request: FastifyRequest, key: string, entry: Entry, live: LiveOverlay<T, L>, value: L): Entry {
    // The same object as last time (a value kept until the share counters move): nothing to compare.
    if (value === entry.liveValue) {
      stats.hits += 1;
      return entry;
    }
    const liveKey = JSON.stringify(value);
    if (liveKey === entry.liveKey) {
      entry.liveValue = value;
      stats.hits += 1;
      return entry;
    }
    const data = entry.data as T;
    const fresh = makeEntry(data, live.apply(data, value), { version: entry.version, shares: entry.shares }, { key: liveKey, value }, schemaOf(request));
    remember(key, fresh);
    stats.overlays += 1;
    return fresh;
  }

  /**
   * Sends the answer: from the cache when it is valid, else built once (concurrent requests share the build).
   * A hit whose site state, live value and compressed body are at hand runs without awaiting anything.
   */
  function send<T, L>(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer<T, L>): FastifyReply | Promise<FastifyReply> {
    const state = deps.siteState.peek?.();
    if (!state) return deps.siteState.get().then((read) => sendWith(request, reply, answer, read));
    return sendWith(request, reply, answer, state);
  }

  function sendWith<T, L>(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer<T, L>, state: Validity): FastifyReply | Promise<FastifyReply> {
    if (answer.store === false) return sendOnce(request, reply, answer);
    const entry = entries.get(answer.key);
    if (
      !entry ||
      entry.version !== state.contentVersion ||
      (answer.shares && entry.shares !== state.sharesFingerprint) ||
      now() - entry.builtAt > MAX_AGE_MS
    ) {
      return build(answer, state, schemaOf(request)).then((built) => write(request, reply, answer, built));
    }
    if (answer.live) {
      const value = answer.live.read(entry.data as T);
      if (isPromise(value)) return value.then((read) => write(request, reply, answer, overlaid(request, answer.key, entry, answer.live!, read)));
      return write(request, reply, answer, overlaid(request, answer.key, entry, answer.live, value));
    }
    stats.hits += 1;
    return write(request, reply, answer, entry);
  }

  async function sendOnce<T, L>(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer<T, L>): Promise<FastifyReply> {
    const data = await answer.build();
    const live = answer.live ? await answer.live.read(data) : undefined;
    const shown = answer.live ? answer.live.apply(data, live as L) : data;
    const entry = makeEntry(data, shown, { version: -1, shares: undefined }, { key: undefined, value: undefined }, schemaOf(request));
    return write(request, reply, answer, { ...entry, once: true });
  }

  function write(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer<unknown, unknown>, entry: Entry): FastifyReply | Promise<FastifyReply> {
    if (entry.once) {
      // Not kept here, so not to be kept anywhere: no validator, nothing for a shared cache.
      reply.header('cache-control', 'no-store').header('vary', 'Accept-Encoding');
    } else {
      reply
        .header('etag', entry.etag)
        .header('cache-control', answer.personal ? 'private, no-cache' : 'public, no-cache')
        .header('vary', answer.personal ? 'Accept-Language, Content-Language, Accept-Encoding, Authorization' : 'Accept-Language, Content-Language, Accept-Encoding');
      if (etagMatches(request.headers['if-none-match'], entry.etag)) {
        stats.notModified += 1;
        return reply.code(304).send();
      }
    }
    reply.header('content-type', 'application/json; charset=utf-8');
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(entry.body);
    // The stored bytes as they are: a Buffer skips the serializer (and the route has no @fastify/compress hooks).
    const ready = entry.ready[encoding];
    if (ready !== undefined) return ready ? reply.header('content-encoding', encoding).send(ready) : reply.send(entry.body);
    return compressed(entry, encoding).then((bytes) => (bytes ? reply.header('content-encoding', encoding).send(bytes) : reply.send(entry.body)));
  }

  return {
    send,
    /** Drop every entry of this node (tests; a change that cannot wait for the version check). */
    clear() {
      entries.clear();
    },
    stats,
    get size() {
      return entries.size;
    },
  };
}

export type PublicCache = ReturnType<typeof createPublicCache>;

declare module 'fastify' {
  interface FastifyInstance {
    publicCache: PublicCache;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('publicCache', createPublicCache({ siteState: fastify.siteState }));
  },
  { name: 'public-cache', dependencies: ['site-state'] },
);
