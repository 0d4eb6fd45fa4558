import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema } from '../../../contract/envelope';
import { isErrorCode } from '../../i18n/messages';
import { declaredCodes } from '../../lib/declared-codes';
import { isPrivateRoute, requiredRoles } from '../../modules/accounts/auth';
import { notModifiedRoutes, routeErrorCodes, routeHandlerSchemas } from '../../http/error-codes';

// The API reference, generated from the route schemas, the same zod schemas (contract/ and the
// routes' schemas.ts) the server validates and serializes with:
//   GET /api/openapi.json   the OpenAPI 3.1 document (public, cacheable; written to docs/openapi.json by
//                           `npm run openapi`, and a test fails when that file is stale)
//   GET /api/docs           Swagger UI, its assets served from node_modules by @fastify/swagger-ui (nothing
//                           from another host; no inline script, so the app's CSP holds unchanged)
// Registered inside the /api scope BEFORE the routes: @fastify/swagger collects them with an onRoute hook, so
// every route added later (any area) is in the document without a list to maintain.
//
// What the transform adds to each operation beyond the zod schemas:
// - security: bearer JWT when the route has the auth guard (modules/accounts/auth.ts isPrivateRoute); the roles a
//   requireRole guard admits are named (`x-roles`, and "Operator only." in the description);
// - the statuses every route of this API can answer through the one error handler (plugins/api/errors.ts):
//   400 (schema errors, and the NUL guard on any route), 401 (and 403 with a role) on private routes, 413/415 with a body,
//   503 MAINTENANCE / DATABASE_UNAVAILABLE, 500 INTERNAL_ERROR; each with the error envelope;
// - `x-error-codes`: per status, the codes the route can answer. For 400 they are read from the zod schemas
//   themselves (a schema names its code as the issue message, lib/validation-errors.ts), plus the generic
//   IS_EMPTY / VALUE_NOT_VALID / MALFORMED_JSON; for other statuses the generic code of that status
//   (errors.ts), plus what http/error-codes.ts lists for the codes handlers throw.

export const OPENAPI_INFO = {
  title: 'Estate shares API',
  version: '1.0.0',
  description:
    'Every answer is the envelope `{ data, errors: [{ code, context, message }], status }`; concepts, flows and ' +
    'examples are in docs/api.md. Money is in integer grosze. Private routes take `Authorization: Bearer <accessToken>` ' +
    'from POST /api/token.',
};

type RouteLike = Pick<RouteOptions, 'onRequest' | 'preValidation' | 'preHandler'> & { method?: string | string[] };
type ZodLike = { _zod?: { def?: Record<string, unknown> } };

/**
 * Codes a zod schema names as its issue messages (`z.string().min(1, 'EMAIL_EMPTY')`) and the codes its
 * refinements declare (lib/declared-codes.ts: a `superRefine` reports codes from inside a function, so
 * modules/accounts/rules.ts `refineRules` declares them with the schema), walked recursively.
 */
export function schemaErrorCodes(schema: unknown, found = new Set<string>(), seen = new Set<unknown>()): Set<string> {
  const def = (schema as ZodLike | undefined)?._zod?.def;
  if (!def || seen.has(schema)) return found;
  seen.add(schema);
  for (const code of declaredCodes(schema)) found.add(code);
  const named = (holder: { error?: unknown } | undefined) => {
    if (typeof holder?.error !== 'function') return;
    try {
      const message = (holder.error as (issue: unknown) => unknown)({});
      const text = typeof message === 'string' ? message : (message as { message?: unknown } | undefined)?.message;
      if (isErrorCode(text)) found.add(text);
    } catch {
      // an error map that needs a real issue: it names no fixed code
    }
  };
  named(def as { error?: unknown });
  for (const check of (def.checks as ZodLike[] | undefined) ?? []) named(check._zod?.def as { error?: unknown });
  const children: unknown[] = [];
  if (def.shape && typeof def.shape === 'object') children.push(...Object.values(def.shape as object));
  for (const key of ['innerType', 'element', 'in', 'out', 'left', 'right', 'keyType', 'valueType', 'catchall', 'rest']) {
    if (def[key]) children.push(def[key]);
  }
  if (Array.isArray(def.options)) children.push(...def.options);
  if (Array.isArray(def.items)) children.push(...def.items);
  if (typeof def.getter === 'function') {
    try {
      children.push((def.getter as () => unknown)());
    } catch {
      // a lazy schema that cannot be built here
    }
  }
  for (const child of children) schemaErrorCodes(child, found, seen);
  return found;
}

const GENERIC_CODES: Record<number, string[]> = {
  400: ['IS_EMPTY', 'VALUE_NOT_VALID'],
  401: ['UNAUTHORIZED', 'TOKEN_EXPIRED'],
  403: ['FORBIDDEN'],
  404: ['NOT_FOUND'],
  409: [],
  413: ['PAYLOAD_TOO_LARGE'],
  415: ['UNSUPPORTED_MEDIA_TYPE'],
  429: ['TOO_MANY_TRIES'],
  500: ['INTERNAL_ERROR'],
  503: ['MAINTENANCE', 'DATABASE_UNAVAILABLE'],
};

const errorEnvelopeJson = () => z.toJSONSchema(errorEnvelopeSchema, { target: 'draft-2020-12', io: 'output' }) as Record<string, unknown>;

const methodsOf = (route: RouteLike) => [route.method ?? []].flat().filter((m) => m !== 'HEAD' && m !== 'OPTIONS');

/** `/api/operator/orders/:id` → `operator`; `/api/token` → `token`. */
const tagOf = (url: string) => url.replace(/^\/api\/?/, '').split('/')[0]?.replace(/^:/, '') || 'api';

const operationIdOf = (method: string, url: string) =>
  [
    method.toLowerCase(),
    ...url
      .replace(/^\/api\/?/, '')
      .split(/[^A-Za-z0-9:]+/)
      .filter(Boolean)
      .map((part) => (part.startsWith(":") ? `By${part.charAt(1).toUpperCase()}${part.slice(2)}` : part))
      .map((part) => part.charAt(0).toUpperCase() + part.slice(1)),
  ].join('');

type TransformInput = Parameters<typeof jsonSchemaTransform>[0] & { route: RouteLike & { schema?: Record<string, unknown> } };

function transform(input: TransformInput) {
  const result = jsonSchemaTransform(input);
  const schema = { ...(result.schema as Record<string, unknown>) };
  if (schema.hide) return { schema, url: result.url };
  const { route, url } = input;
  const zodSchema = (route.schema ?? {}) as Record<string, unknown>;
  const response = { ...((schema.response as Record<string, unknown>) ?? {}) };
  const privateRoute = isPrivateRoute(route);
  const roles = requiredRoles(route);
  // 400 everywhere: besides schema errors, the NUL guard (plugins/api/nul-guard.ts) refuses a NUL or an unpaired
  // surrogate in any path, query or body of any route with 400 VALUE_NOT_VALID.
  const statuses = new Set<number>([400, 500, 503]);
  if (zodSchema.body) statuses.add(413).add(415);
  if (privateRoute) statuses.add(401);
  if (roles.length) statuses.add(403);
  for (const status of statuses) if (!(String(status) in response)) response[String(status)] = errorEnvelopeJson();
  const method = methodsOf(route)[0] ?? 'GET';
  if (notModifiedRoutes.has(`${method} ${url}`)) {
    response['304'] = { type: 'null', description: 'Not Modified: If-None-Match carried the current ETag (public cache); no body' };
  }

  // Codes per error status: generic by status, plus the schema's own (400) and the route map's.
  const listed = routeErrorCodes[`${methodsOf(route)[0]} ${url}`] ?? {};
  const fromSchemas = new Set<string>();
  for (const part of ['body', 'querystring', 'params', 'headers']) schemaErrorCodes(zodSchema[part], fromSchemas);
  const errorCodes: Record<string, string[]> = {};
  for (const key of Object.keys(response)) {
    const status = Number(key);
    if (!(status >= 400)) continue;
    const codes = new Set<string>([...(GENERIC_CODES[status] ?? []), ...(listed[status] ?? [])]);
    for (const parsed of routeHandlerSchemas[`${method} ${url}`]?.[status] ?? []) schemaErrorCodes(parsed, codes);
    if (status === 400) {
      for (const code of fromSchemas) codes.add(code);
      if (zodSchema.body) codes.add('MALFORMED_JSON');
    }
    errorCodes[key] = [...codes].sort();
    const described = response[key] as Record<string, unknown>;
    response[key] = { ...described, description: `Error envelope; codes: ${errorCodes[key].join(', ') || 'see docs/api.md'}` };
  }

  schema.response = response;
  schema.tags = [tagOf(url)];
  schema.operationId = operationIdOf(methodsOf(route)[0] ?? 'get', url);
  schema['x-error-codes'] = errorCodes;
  if (privateRoute) {
    schema.security = [{ bearerAuth: [] }];
    if (roles.length) {
      schema['x-roles'] = roles;
      const note = `${roles.map((r) => r.charAt(0).toUpperCase() + r.slice(1)).join(' or ')} only.`;
      schema.description = schema.description ? `${note} ${String(schema.description)}` : note;
    }
  }
  return { schema, url: result.url };
}

/** Sorts object keys recursively (arrays keep their order): the same document always serializes the same way. */
export function sortKeys<T>(value: T): T {
  if (Array.isArray(value)) return value.map(sortKeys) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as object)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    ) as T;
  }
  return value;
}

const ERROR_ENVELOPE_REF = '#/components/schemas/ErrorEnvelope';

const withoutKeys = (schema: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(Object.entries(schema).filter(([key]) => !keys.includes(key)));

/**
 * Post-processing of @fastify/swagger's document: the error envelope, the same on every error status, becomes
 * one component referenced everywhere (a third of the document otherwise), each error response carries its
 * `x-error-codes`, and keys are sorted.
 */
function finish(raw: Record<string, unknown>): Record<string, unknown> {
  const document = structuredClone(raw) as {
    components?: { schemas?: Record<string, unknown> };
    paths?: Record<string, Record<string, { responses?: Record<string, Record<string, unknown>>; 'x-error-codes'?: Record<string, string[]> }>>;
  };
  const envelope = withoutKeys(errorEnvelopeJson(), ['$schema', 'description']);
  const canonical = JSON.stringify(sortKeys(envelope));
  document.components = { ...document.components, schemas: { ...document.components?.schemas, ErrorEnvelope: envelope } };
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      const codes = operation['x-error-codes'] ?? {};
      delete operation['x-error-codes'];
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const content = response.content as Record<string, { schema?: Record<string, unknown> }> | undefined;
        const json = content?.['application/json'];
        if (json?.schema && JSON.stringify(sortKeys(withoutKeys(json.schema, ['$schema', 'description']))) === canonical) {
          json.schema = { $ref: ERROR_ENVELOPE_REF };
        }
        if (codes[status]) response['x-error-codes'] = codes[status];
      }
    }
  }
  return sortKeys(document as Record<string, unknown>);
}

/** The document, deterministic: what /api/openapi.json answers and docs/openapi.json holds. */
export function openapiDocument(fastify: FastifyInstance): Record<string, unknown> {
  return finish(fastify.swagger() as unknown as Record<string, unknown>);
}

/** Serialized as docs/openapi.json is written (`npm run openapi`). */
export const serializeOpenapi = (document: unknown) => `${JSON.stringify(document, null, 2)}\n`;

export default fp(
  async (fastify) => {
    // The reference is static: it stays readable during maintenance.
    fastify.addHook('onRoute', (route) => {
      if (route.url === '/api/openapi.json' || route.url.startsWith('/api/docs')) {
        route.config = { ...(route.config ?? {}), maintenanceExempt: true } as typeof route.config;
      }
    });

    await fastify.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: OPENAPI_INFO,
        servers: [],
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'accessToken from POST /api/token' },
          },
        },
      },
      transform: transform as never,
      // Schemas registered with an id (`.meta({ id })`, e.g. recursive ones) become components.
      transformObject: jsonSchemaTransformObject,
    });

    let cached: string | undefined;
    fastify.get('/openapi.json', { schema: { hide: true } }, async (_request, reply) => {
      cached ??= JSON.stringify(openapiDocument(fastify));
      return reply
        .header('cache-control', 'public, max-age=300')
        .type('application/json; charset=utf-8')
        .send(cached);
    });

    await fastify.register(swaggerUi, {
      routePrefix: '/docs',
      // The page's asset links are absolute: they need the /api scope's prefix too.
      indexPrefix: '/api',
      uiConfig: { deepLinking: true, docExpansion: 'list', validatorUrl: null },
      // The UI reads the same deterministic document as /api/openapi.json.
      transformSpecification: (specification: Record<string, unknown>) => finish(specification),
    });
  },
  { name: 'api-openapi' },
);
