import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { expect } from 'vitest';
import { answersDir } from './paths';

// Records every answer the API suites receive, for the conformance check against the OpenAPI document
// (scripts/api-conformance.ts). Installed by tests/api/helpers.ts on the apps it builds, as a root onSend
// hook added before the app is registered: it runs first, so it sees the payload before compression.

export interface RecordedAnswer {
  method: string;
  /** The route pattern as Fastify registered it (`/api/offers/:slug`). */
  route: string;
  url: string;
  status: number;
  contentType: string;
  /** Parsed JSON when the answer is JSON, else null. */
  body: unknown;
  test?: string;
}

let file: string | undefined;
const answersFile = () => {
  if (!file) {
    mkdirSync(answersDir, { recursive: true });
    file = path.join(answersDir, `answers-${process.pid}-${process.env.VITEST_POOL_ID ?? '0'}.jsonl`);
  }
  return file;
};

function currentTest(): string | undefined {
  try {
    const state = expect.getState();
    const testPath = state.testPath ? path.basename(state.testPath) : undefined;
    return [testPath, state.currentTestName].filter(Boolean).join(' › ') || undefined;
  } catch {
    return undefined;
  }
}

export function recordAnswers(fastify: FastifyInstance) {
  fastify.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url;
    const config = request.routeOptions.config as { testOnly?: boolean } | undefined;
    // Answers of the router itself (404 ROUTE_NOT_FOUND) have no route; test-only routes are not the API's.
    if (!route || !route.startsWith('/api') || config?.testOnly) return payload;
    if (request.method === 'HEAD' || request.method === 'OPTIONS') return payload;
    const contentType = String(reply.getHeader('content-type') ?? '');
    let body: unknown = null;
    if (/^application\/(.+\+)?json/i.test(contentType)) {
      // The public cache sends pre-compressed bytes (content-encoding set by the route, not by a later hook).
      const encoding = String(reply.getHeader('content-encoding') ?? '');
      const bytes = typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : undefined;
      const decoded =
        bytes && encoding === 'br' ? brotliDecompressSync(bytes) : bytes && encoding === 'gzip' ? gunzipSync(bytes) : bytes && encoding === 'deflate' ? inflateSync(bytes) : bytes;
      const text = decoded?.toString('utf8');
      if (text === undefined) body = { unreadable: 'streamed JSON body' };
      else {
        try {
          body = JSON.parse(text);
        } catch {
          body = { unparsable: text.slice(0, 200) };
        }
      }
    }
    const answer: RecordedAnswer = { method: request.method, route, url: request.url, status: reply.statusCode, contentType, body, test: currentTest() };
    appendFileSync(answersFile(), `${JSON.stringify(answer)}\n`);
    return payload;
  });
}

/** Wraps a suite's extra (test-only) /api routes so the recorder leaves their answers out. */
export const markTestOnly =
  (routes: FastifyPluginAsync): FastifyPluginAsync =>
  async (fastify, options) => {
    fastify.addHook('onRoute', (route) => {
      route.config = { ...(route.config ?? {}), testOnly: true } as typeof route.config;
    });
    await fastify.register(routes, options);
  };
