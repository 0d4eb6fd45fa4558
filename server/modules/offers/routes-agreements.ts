import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AGREEMENT_CONTEXTS } from '../../db/schema-content';
import { ok, responses } from '../../lib/envelope';
import { toAgreement } from './mappers';
import { agreementsByContext } from './repository';
import { agreementSchema } from './schemas';

const agreementRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get('/agreement', {
    schema: {
      // Without a context: the registration agreements (SPEC §7 calls a bare GET /agreement at registration).
      querystring: z.object({ context: z.enum(AGREEMENT_CONTEXTS, { error: 'VALUE_NOT_VALID' }).default('registration') }),
      response: responses(z.array(agreementSchema), [400]),
    },
    handler: async (request) => {
      const rows = await agreementsByContext(fastify.db, request.query.context);
      return ok(rows.map((row) => toAgreement(row, request.language)));
    },
  });
};

export default agreementRoutes;
