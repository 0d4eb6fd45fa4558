import { isSupportedCountry, isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { bankAccountNumberSchema } from '../../../contract/accounts';
import type { ErrorCode } from '../../i18n/messages';
import { declareCodes } from '../../lib/declared-codes';

// SPEC §5 rules shared by registration, password reset and settings.

/** At least 8 characters, 1 capital letter, 1 digit. */
export const passwordFollowsRules = (password: string) =>
  password.length >= 8 && password.length <= 1024 && /\p{Lu}/u.test(password) && /\d/.test(password);

const emailFormat = z.email();

/** Trimmed and lowercased (SPEC §5); undefined when it is not an e-mail address. */
export function normalizeEmail(value: string): string | undefined {
  const email = value.trim().toLowerCase();
  return email.length <= 254 && emailFormat.safeParse(email).success ? email : undefined;
}

/** Spaces removed; exactly 26 digits (a Polish NRB), else undefined. */
export function normalizeBankAccount(value: string): string | undefined {
  const parsed = bankAccountNumberSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

export const DEFAULT_PHONE_COUNTRY = 'PL';

export const phoneCountryIsKnown = (country: string) => isSupportedCountry(country);

/** A non-empty phone valid for its country, formatted internationally; undefined when not valid. */
export function normalizePhone(phone: string, country: string): string | undefined {
  if (!isSupportedCountry(country) || !isValidPhoneNumber(phone, country)) return undefined;
  return parsePhoneNumberFromString(phone, country)?.formatInternational();
}

/** A zod issue whose message is the envelope code, at a path inside the validated object. */
export interface RuleIssue<C extends ErrorCode = ErrorCode> {
  code: C;
  path: (string | number)[];
}

/** Reports rule issues from a superRefine as custom issues (message = code; see lib/validation-errors.ts). */
export function report(ctx: z.RefinementCtx, issues: RuleIssue[]) {
  for (const issue of issues) ctx.addIssue({ code: 'custom', message: issue.code, path: issue.path });
}

/**
 * `schema.superRefine` reporting what `rules` finds, with the codes it can report declared once, here: the
 * OpenAPI document lists them for the route (lib/declared-codes.ts), and a rule reporting a code missing
 * from `codes` does not compile.
 */
export function refineRules<S extends z.ZodType, const C extends ErrorCode>(
  schema: S,
  codes: readonly C[],
  rules: (value: z.output<S>) => RuleIssue<NoInfer<C>>[],
) {
  return declareCodes(
    schema.superRefine((value, ctx) => report(ctx, rules(value))),
    codes,
  );
}
