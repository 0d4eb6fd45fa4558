// Accounts calls shared by the server and the SPA (types only in the SPA).
import { z } from 'zod';
import { BANK_ACCOUNT_NUMBER_MAX_LENGTH, bankAccountDigits } from './bank-account';

export { BANK_ACCOUNT_NUMBER_MAX_LENGTH, bankAccountDigits };

/** The account number field: what is typed in, the 26 digits out, else BANK_ACCOUNT_ACCOUNT_NUMBER_IS_WRONG. */
export const bankAccountNumberSchema = z
  .string()
  .max(BANK_ACCOUNT_NUMBER_MAX_LENGTH, 'BANK_ACCOUNT_ACCOUNT_NUMBER_IS_WRONG')
  .transform((value, ctx) => {
    const digits = bankAccountDigits(value);
    if (digits) return digits;
    ctx.addIssue({ code: 'custom', message: 'BANK_ACCOUNT_ACCOUNT_NUMBER_IS_WRONG' });
    return z.NEVER;
  });

/**
 * POST /investor/register/check-email: the registration's first step asks whether its e-mail can be
 * registered (the same answer the registration itself gives for that field: EMAIL_EXISTS, EMAIL_EMPTY,
 * EMAIL_INVALID_FORMAT), under the registration's per-IP limit.
 */
export const registerEmailCheckBodySchema = z.object({ email: z.string().max(254).nullish() }).nullish();
export const registerEmailCheckDataSchema = z.object({ email: z.string() });
export type RegisterEmailCheck = z.infer<typeof registerEmailCheckDataSchema>;
