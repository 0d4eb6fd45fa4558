import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { PAYPAL_PEER_PREFIX, type Config } from '../config';
import { translateCode, type ErrorCode } from '../i18n/messages';
import { failure } from './envelope';
import { resolveLanguage } from './language';

// Failures Fastify and Node answer before any route or error handler runs: a URL that does not decode
// (`/api/page/%ZZ`), a path parameter over the router's limit, headers over Node's limit (431), a request that
// never finishes arriving (408) or is not HTTP at all. Their default bodies are not the envelope and some
// echo the URL back; here they answer the envelope like everything else, and never repeat the request.

const FRAMEWORK: Record<string, { status: number; code: ErrorCode }> = {
  FST_ERR_BAD_URL: { status: 400, code: 'URL_NOT_VALID' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'URL_TOO_LONG' },
};

const envelopeBody = (status: number, code: ErrorCode, language: 'pl' | 'en') =>
  JSON.stringify(failure(status, [{ code, context: '', message: translateCode(code, language) }]));

/** Fastify's `frameworkErrors` option: bad URL encoding, over-long path parameters. */
export function frameworkErrors(config: Config): NonNullable<FastifyServerOptions['frameworkErrors']> {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const peer = request.server.paypalPeer;
    if (peer && request.url.startsWith(`${PAYPAL_PEER_PREFIX}/`)) {
      // The local PayPal peer answers its clients in PayPal's error shape only (dev/paypal-peer/routes.ts).
      const answer = peer.frameworkError(error.code);
      reply.code(answer.status).header('paypal-debug-id', answer.debugId).header('cache-control', 'no-store').type('application/json').send(JSON.stringify(answer.body));
      return;
    }
    const known = FRAMEWORK[error.code] ?? { status: 400, code: 'BAD_REQUEST' as const };
    const language = resolveLanguage(request.headers, config.defaultLanguage);
    request.log.info({ code: error.code }, 'request refused by the router');
    reply
      .code(known.status)
      .header('content-language', language)
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(envelopeBody(known.status, known.code, language));
  };
}

const CLIENT_ERRORS: Record<string, { status: number; code: ErrorCode; reason: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, code: 'HEADERS_TOO_LARGE', reason: 'Request Header Fields Too Large' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, code: 'REQUEST_TIMEOUT', reason: 'Request Timeout' },
  HPE_URI_TOO_LONG: { status: 414, code: 'URL_TOO_LONG', reason: 'URI Too Long' },
};

/** Node's 'clientError' (no request object exists yet): the envelope written straight to the socket. */
export function clientErrorHandler(config: Config): NonNullable<FastifyServerOptions['clientErrorHandler']> {
  return (error: Error & { code?: string }, socket: Socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const known = (error.code && CLIENT_ERRORS[error.code]) || { status: 400, code: 'BAD_REQUEST' as const, reason: 'Bad Request' };
    const language = config.defaultLanguage;
    const body = envelopeBody(known.status, known.code, language);
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${known.status} ${known.reason}\r\n` +
          `Content-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\n` +
          `Content-Language: ${language}\r\n` +
          `Cache-Control: no-store\r\n` +
          `X-Content-Type-Options: nosniff\r\n` +
          `Connection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}
