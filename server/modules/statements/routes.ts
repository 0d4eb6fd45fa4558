import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  exceptionListQuerySchema,
  exceptionResolveBodySchema,
  statementExceptionSchema,
  statementExceptionsPageSchema,
  statementImportDetailSchema,
  statementImportsPageSchema,
  statementUploadBodySchema,
} from '../../../contract/operator';
import { nowOf } from '../../config';
import { ok, responses } from '../../lib/envelope';
import { apiError } from '../../lib/errors';
import { paged, paginationQuery } from '../../lib/pagination';
import { operatorOf } from '../backoffice/context';
import { getException, listExceptions, resolveException } from './exceptions';
import { importStatement } from './import';
import { listStatementImports, statementImportDetail } from './repository';

// Bank statements and the exceptions queue (docs/api.md "Back office"). Operators only.
// Upload: JSON { fileName, contentBase64 } (base64 of the file's bytes). Chosen over multipart so the one
// JSON-only API keeps one body parser; the route's own body limit lets a STATEMENT_MAX_BYTES file through
// (base64 is 4/3 of it), and the decoded size is checked again (413 FILE_TOO_LARGE).

const idParam = z.object({ id: z.string().regex(/^\d{1,9}$/, 'VALUE_NOT_VALID').transform(Number) });

const statementRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const guard = [fastify.authenticate, fastify.requireRole('operator')];
  const maxBytes = fastify.config.statementMaxBytes;

  fastify.post('/operator/statements', {
    onRequest: guard,
    bodyLimit: Math.ceil((maxBytes * 4) / 3) + 64 * 1024,
    schema: { body: statementUploadBodySchema, response: responses(statementImportDetailSchema, [400, 401, 403, 409, 413, 415, 422]) },
    handler: async (request) => {
      const operator = await operatorOf(fastify, request);
      const bytes = Buffer.from(request.body.contentBase64, 'base64');
      if (bytes.byteLength > maxBytes) throw apiError(413, 'FILE_TOO_LARGE', 'contentBase64');
      if (bytes.byteLength === 0) throw apiError(400, 'IS_EMPTY', 'contentBase64');
      const result = await importStatement(fastify.db, { fileName: request.body.fileName, bytes, operator, at: nowOf(fastify.config), publicUrl: fastify.config.publicUrl });
      // The import is one transaction, committed here: its lines by outcome (the matched ones are payments too,
      // counted by transitionOrder's event).
      const { matched, exceptions, duplicates, ignored } = result.detail.summary;
      const lines = fastify.metrics.statementLines;
      lines.inc({ outcome: 'matched' }, matched);
      lines.inc({ outcome: 'exception' }, exceptions);
      lines.inc({ outcome: 'duplicate' }, duplicates);
      lines.inc({ outcome: 'ignored' }, ignored);
      return ok(result.detail);
    },
  });

  fastify.get('/operator/statements', {
    onRequest: guard,
    schema: { querystring: z.object({ ...paginationQuery }), response: responses(statementImportsPageSchema, [400, 401, 403]) },
    handler: async (request) => {
      const page = request.query.pagination;
      const { items, total } = await listStatementImports(fastify.db, page);
      return ok(paged(items, total, page));
    },
  });

  fastify.get('/operator/statements/:id', {
    onRequest: guard,
    schema: { params: idParam, response: responses(statementImportDetailSchema, [400, 401, 403, 404]) },
    handler: async (request) => ok(await statementImportDetail(fastify.db, request.params.id)),
  });

  fastify.get('/operator/exceptions', {
    onRequest: guard,
    schema: {
      querystring: exceptionListQuerySchema.extend(paginationQuery),
      response: responses(statementExceptionsPageSchema, [400, 401, 403]),
    },
    handler: async (request) => {
      const page = request.query.pagination;
      const { items, total } = await listExceptions(fastify.db, request.query.status, page);
      return ok(paged(items, total, page));
    },
  });

  fastify.get('/operator/exceptions/:id', {
    onRequest: guard,
    schema: { params: idParam, response: responses(statementExceptionSchema, [400, 401, 403, 404]) },
    handler: async (request) => ok(await getException(fastify.db, request.params.id)),
  });

  fastify.post('/operator/exceptions/:id/resolve', {
    onRequest: guard,
    schema: {
      params: idParam,
      body: exceptionResolveBodySchema,
      response: responses(statementExceptionSchema, [400, 401, 403, 404, 409]),
    },
    handler: async (request) => {
      const operator = await operatorOf(fastify, request);
      return ok(await resolveException(fastify.db, operator, request.params.id, request.body, nowOf(fastify.config), fastify.config.publicUrl));
    },
  });
};

export default statementRoutes;
