import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Language } from '../../config';
import { failure } from '../../lib/envelope';
import { ApiError, TooManyTriesError, type ApiErrorItem } from '../../lib/errors';
import { resolveLanguage } from '../../lib/language';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../../lib/database-errors';
import { sqlStateOf } from '../../lib/log-serializers';
import { validationErrors } from '../../lib/validation-errors';
import { translateCode, type ErrorCode } from '../../i18n/messages';

// ONE error handler for the API: every failure becomes the envelope of docs/api.md, with codes, field
// contexts and messages in the request's language. Internals of a 5xx never leave the server.

const FRAMEWORK_CODES: Record<string, { status: number; code: ErrorCode }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'MALFORMED_JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'MALFORMED_JSON' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'VALUE_NOT_VALID' },
};

const STATUS_CODES: Record<number, ErrorCode> = {
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_TRIES',
  503: 'MAINTENANCE',
};

function classify(error: FastifyError): { status: number; items: ApiErrorItem[] } {
  if (error instanceof ApiError) return { status: error.statusCode, items: error.errors };
  if (hasZodFastifySchemaValidationErrors(error) || (error.validation && error.validation.length > 0)) {
    return { status: 400, items: validationErrors(error.validation ?? []) };
  }
  const known = error.code ? FRAMEWORK_CODES[error.code] : undefined;
  if (known) return { status: known.status, items: [{ code: known.code, context: '' }] };
  // JSON.parse errors carry statusCode 400 without a Fastify code.
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return { status: 400, items: [{ code: 'MALFORMED_JSON', context: '' }] };
  }
  // The database cannot be reached (refused, timed out, shutting down): a clear 503, not a 500 or a hang.
  if (isDatabaseUnavailable(error)) return { status: 503, items: [{ code: 'DATABASE_UNAVAILABLE', context: '' }] };
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
  if (status >= 500) return { status, items: [{ code: status === 503 ? 'MAINTENANCE' : 'INTERNAL_ERROR', context: '' }] };
  return { status, items: [{ code: STATUS_CODES[status] ?? 'VALUE_NOT_VALID', context: '' }] };
}

export function sendEnvelopeError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  items: ApiErrorItem[],
  language: Language,
) {
  reply.header('content-language', language);
  if (items.some((item) => item.code === 'DATABASE_UNAVAILABLE')) reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send(failure(status, items.map(({ code, context, params }) => ({ code, context, message: translateCode(code, language, params) }))));
}

export default fp(
  async (fastify) => {
    const languageOf = (request: FastifyRequest): Language =>
      request.language ?? resolveLanguage(request.headers, fastify.config.defaultLanguage);

    fastify.setErrorHandler((error: FastifyError, request, reply) => {
      const { status, items } = classify(error);
      if (error instanceof TooManyTriesError) reply.header('retry-after', String(error.retryAfterSeconds));
      if (items[0]?.code === 'DATABASE_UNAVAILABLE') {
        request.log.warn({ err: error, code: 'DATABASE_UNAVAILABLE', method: request.method, route: request.routeOptions.url }, 'database unavailable');
      } else if (status >= 500 && !(error instanceof ApiError)) {
        // The request id is on every line (reqId); the error is serialized without SQL or values (lib/log-serializers.ts).
        request.log.error(
          { err: error, code: items[0]?.code, sqlState: sqlStateOf(error), method: request.method, route: request.routeOptions.url },
          'request failed',
        );
      } else if (status >= 500) {
        request.log.warn({ code: items[0]?.code }, 'service unavailable');
      }
      return sendEnvelopeError(request, reply, status, items, languageOf(request));
    });

    fastify.setNotFoundHandler((request, reply) =>
      sendEnvelopeError(request, reply, 404, [{ code: 'ROUTE_NOT_FOUND', context: '' }], languageOf(request)),
    );
  },
  { name: 'api-errors' },
);
