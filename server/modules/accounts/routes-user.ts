import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../lib/envelope';
import { unauthorized } from '../../lib/errors';
import { findUserById } from './users-repository';

export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(['investor', 'operator']),
  currentLocale: z.enum(['pl', 'en']),
  userData: z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    address: z.object({
      street: z.string().nullable(),
      city: z.string().nullable(),
      zip: z.string().nullable(),
      state: z.string().nullable(),
      country: z.string().nullable(),
    }),
  }),
});

const userRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get('/user/me', {
    onRequest: fastify.authenticate,
    schema: { response: responses(currentUserSchema, [401]) },
    handler: async (request) => {
      const user = await findUserById(fastify.db, request.principal!.userId);
      if (!user) throw unauthorized();
      return ok({
        id: user.id,
        email: user.email,
        role: user.role,
        currentLocale: user.locale,
        userData: {
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
          phone: user.phone,
          address: { street: user.street, city: user.city, zip: user.zip, state: user.state, country: user.country },
        },
      });
    },
  });
};

export default userRoutes;
