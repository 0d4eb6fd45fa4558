// Accounts calls shared by the server and the SPA (types only in the SPA).
import { z } from 'zod';

/**
 * POST /investor/register/check-email: the registration's first step asks whether its e-mail can be
 * registered (the same answer the registration itself gives for that field: EMAIL_EXISTS, EMAIL_EMPTY,
 * EMAIL_INVALID_FORMAT), under the registration's per-IP limit.
 */
export const registerEmailCheckBodySchema = z.object({ email: z.string().max(254).nullish() }).nullish();
export const registerEmailCheckDataSchema = z.object({ email: z.string() });
export type RegisterEmailCheck = z.infer<typeof registerEmailCheckDataSchema>;
