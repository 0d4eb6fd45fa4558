import { z } from 'zod';
import type { ErrorCode } from '../../i18n/messages';
import { registerEmailCheckBodySchema as registerEmailCheckBody } from '../../../contract/accounts';
import { countryCode } from './countries';
import {
  DEFAULT_PHONE_COUNTRY,
  normalizeBankAccount,
  normalizeEmail,
  normalizePhone,
  passwordFollowsRules,
  phoneCountryIsKnown,
  refineRules,
  type RuleIssue,
} from './rules';

// Request and response schemas of docs/api.md "Accounts".
// The shapes are lenient (any field may be missing, null or empty; only a wrong type is VALUE_NOT_VALID), then one
// superRefine reports every broken rule at once with its SPEC §8 code and the field's path (the envelope
// `context`), and a transform hands the route normalized values. So validation errors never reach handlers;
// only the checks that need the database (EMAIL_EXISTS, required agreements, tokens, the current password)
// are made there. Each rule group names the codes it can report (`…_CODES`); `refineRules` declares them
// for the OpenAPI document and does not compile when a rule reports a code its schema did not declare.

const text = (max: number) => z.string().max(max, 'VALUE_NOT_VALID').nullish();
const blank = (value: string | null | undefined) => !value || value.trim() === '';
const clean = (value: string | null | undefined) => (value ?? '').trim();

type Path = (string | number)[];
type CodeOf<T extends readonly ErrorCode[]> = T[number];

const ADDRESS_CODES = ['IS_EMPTY', 'VALUE_NOT_VALID'] as const;
const BANK_CODES = ['IS_EMPTY', 'VALUE_NOT_VALID', 'BANK_ACCOUNT_ACCOUNT_NUMBER_IS_WRONG'] as const;
const PERSONAL_CODES = ['FIRST_NAME_IS_EMPTY', 'LAST_NAME_IS_EMPTY', 'VALUE_NOT_VALID', 'PHONE_NUMBER_NOT_VALID'] as const;
const EMAIL_CODES = ['EMAIL_EMPTY', 'EMAIL_INVALID_FORMAT'] as const;
const NEW_PASSWORD_CODES = ['PASSWORD_EMPTY', 'PASSWORD_CONSTRAINTS_MISMATCH', 'PASSWORD_NOT_SAME'] as const;
const PASSWORD_CHANGE_CODES = ['CURRENT_PASSWORD_EMPTY', 'NEW_PASSWORD_EMPTY', 'PASSWORD_CONSTRAINTS_MISMATCH', 'REPEAT_PASSWORD_EMPTY', 'PASSWORD_NOT_SAME'] as const;

// ---------- groups ----------

const addressShape = z.object({ street: text(200), city: text(100), zip: text(20), state: text(100), country: text(10) });
const bankShape = z.object({ country: text(10), bankName: text(200), accountNumber: text(64) });
type AddressInput = z.infer<typeof addressShape>;
type BankInput = z.infer<typeof bankShape>;

function addressIssues(address: AddressInput | null | undefined, at: Path): RuleIssue<CodeOf<typeof ADDRESS_CODES>>[] {
  const issues: RuleIssue<CodeOf<typeof ADDRESS_CODES>>[] = [];
  for (const field of ['street', 'city', 'zip', 'state', 'country'] as const) {
    if (blank(address?.[field])) issues.push({ code: 'IS_EMPTY', path: [...at, field] });
  }
  if (!blank(address?.country) && !countryCode(address?.country)) issues.push({ code: 'VALUE_NOT_VALID', path: [...at, 'country'] });
  return issues;
}

const normalizeAddress = (address: AddressInput | null | undefined) => ({
  street: clean(address?.street),
  city: clean(address?.city),
  zip: clean(address?.zip),
  state: clean(address?.state),
  country: countryCode(address?.country)!,
});

function bankIssues(bank: BankInput | null | undefined, at: Path): RuleIssue<CodeOf<typeof BANK_CODES>>[] {
  const issues: RuleIssue<CodeOf<typeof BANK_CODES>>[] = [];
  if (blank(bank?.country)) issues.push({ code: 'IS_EMPTY', path: [...at, 'country'] });
  else if (!countryCode(bank?.country)) issues.push({ code: 'VALUE_NOT_VALID', path: [...at, 'country'] });
  if (blank(bank?.bankName)) issues.push({ code: 'IS_EMPTY', path: [...at, 'bankName'] });
  if (!normalizeBankAccount(bank?.accountNumber ?? '')) issues.push({ code: 'BANK_ACCOUNT_ACCOUNT_NUMBER_IS_WRONG', path: [...at, 'accountNumber'] });
  return issues;
}

const normalizeBank = (bank: BankInput | null | undefined) => ({
  country: countryCode(bank?.country)!,
  bankName: clean(bank?.bankName),
  accountNumber: normalizeBankAccount(bank?.accountNumber ?? '')!,
});

interface PersonalInput {
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
  phoneCountry?: string | null;
}

const phoneCountryOf = (input: PersonalInput) => (blank(input.phoneCountry) ? DEFAULT_PHONE_COUNTRY : clean(input.phoneCountry).toUpperCase());

function personalIssues(input: PersonalInput, at: Path): RuleIssue<CodeOf<typeof PERSONAL_CODES>>[] {
  const issues: RuleIssue<CodeOf<typeof PERSONAL_CODES>>[] = [];
  if (blank(input.firstName)) issues.push({ code: 'FIRST_NAME_IS_EMPTY', path: [...at, 'firstName'] });
  if (blank(input.lastName)) issues.push({ code: 'LAST_NAME_IS_EMPTY', path: [...at, 'lastName'] });
  const country = phoneCountryOf(input);
  if (!phoneCountryIsKnown(country)) issues.push({ code: 'VALUE_NOT_VALID', path: [...at, 'phoneCountry'] });
  else if (!blank(input.phone) && !normalizePhone(clean(input.phone), country)) {
    issues.push({ code: 'PHONE_NUMBER_NOT_VALID', path: [...at, 'phone'] });
  }
  return issues;
}

function normalizePersonal(input: PersonalInput) {
  const phoneCountry = phoneCountryOf(input);
  return {
    firstName: clean(input.firstName),
    lastName: clean(input.lastName),
    phone: blank(input.phone) ? null : normalizePhone(clean(input.phone), phoneCountry)!,
    phoneCountry,
  };
}

function emailIssues(value: string | null | undefined, at: Path, emptyCode: 'EMAIL_EMPTY' = 'EMAIL_EMPTY'): RuleIssue<CodeOf<typeof EMAIL_CODES>>[] {
  if (blank(value)) return [{ code: emptyCode, path: at }];
  return normalizeEmail(value!) ? [] : [{ code: 'EMAIL_INVALID_FORMAT', path: at }];
}

/** The new password and its repeat (registration, reset). */
function newPasswordIssues(password: string | null | undefined, repeat: string | null | undefined, at: Path): RuleIssue<CodeOf<typeof NEW_PASSWORD_CODES>>[] {
  const issues: RuleIssue<CodeOf<typeof NEW_PASSWORD_CODES>>[] = [];
  if (!password) issues.push({ code: 'PASSWORD_EMPTY', path: [...at, 'password'] });
  else if (!passwordFollowsRules(password)) issues.push({ code: 'PASSWORD_CONSTRAINTS_MISMATCH', path: [...at, 'password'] });
  if (password && password !== repeat) issues.push({ code: 'PASSWORD_NOT_SAME', path: [...at, 'repeatPassword'] });
  return issues;
}

const agreementsShape = z.array(z.object({ id: z.number().int(), isAccepted: z.boolean() })).max(100, 'VALUE_NOT_VALID').nullish();

// ---------- POST /investor/register ----------

export const registerBodySchema = refineRules(
  z.object({
    email: text(254),
    password: text(1024),
    repeatPassword: text(1024),
    firstName: text(100),
    lastName: text(100),
    phone: text(40),
    phoneCountry: text(10),
    address: addressShape.nullish(),
    bank: bankShape.nullish(),
    agreements: agreementsShape,
  }),
  [...EMAIL_CODES, ...NEW_PASSWORD_CODES, ...PERSONAL_CODES, ...ADDRESS_CODES, ...BANK_CODES],
  (body) => [
    ...emailIssues(body.email, ['email']),
    ...newPasswordIssues(body.password, body.repeatPassword, []),
    ...personalIssues(body, []),
    ...addressIssues(body.address, ['address']),
    ...bankIssues(body.bank, ['bank']),
  ],
)
  .transform((body) => ({
    email: normalizeEmail(body.email!)!,
    password: body.password!,
    ...normalizePersonal(body),
    address: normalizeAddress(body.address),
    bank: normalizeBank(body.bank),
    acceptedAgreementIds: [...new Set((body.agreements ?? []).filter((a) => a.isAccepted).map((a) => a.id))],
  }));

export type Registration = z.output<typeof registerBodySchema>;

// ---------- POST /investor/register/check-email (contract/accounts.ts) ----------

export const registerEmailCheckBodySchema = refineRules(registerEmailCheckBody, EMAIL_CODES, (body) =>
  emailIssues(body?.email, ['email']),
).transform((body) => ({ email: normalizeEmail(body!.email!)! }));

// ---------- activation ----------

export const activateBodySchema = z.object({ activationToken: text(200) }).nullish();
export const resendBodySchema = refineRules(z.object({ email: text(254) }).nullish(), EMAIL_CODES, (body) =>
  emailIssues(body?.email, ['email']),
).transform((body) => ({ email: normalizeEmail(body!.email!)! }));

// ---------- reset / set password ----------

export const resetPasswordBodySchema = refineRules(
  z.object({ email: text(254), resetPasswordToken: text(200), password: text(1024), repeatPassword: text(1024) }).nullish(),
  ['TOKEN_NOT_VALID', ...NEW_PASSWORD_CODES, ...EMAIL_CODES],
  (body) => {
    if (body && body.resetPasswordToken !== undefined) {
      const issues = newPasswordIssues(body.password, body.repeatPassword, []);
      return blank(body.resetPasswordToken) ? [{ code: 'TOKEN_NOT_VALID', path: ['resetPasswordToken'] }, ...issues] : issues;
    }
    return emailIssues(body?.email, ['email']);
  },
).transform((body) =>
    body!.resetPasswordToken !== undefined
      ? ({ mode: 'set', token: body!.resetPasswordToken!, password: body!.password! } as const)
      : ({ mode: 'request', email: normalizeEmail(body!.email!)! } as const),
  );

export const resetPasswordQuerySchema = z.object({ resetPasswordToken: z.string().max(200, 'TOKEN_NOT_VALID').optional() });

// ---------- PATCH /investor ----------

const personalShape = z.object({ firstName: text(100), lastName: text(100), phone: text(40), phoneCountry: text(10) });
const passwordShape = z.object({ currentPassword: text(1024), newPassword: text(1024), repeatPassword: text(1024) });
const emailShape = z.object({ newEmail: text(254), repeatEmail: text(254) });

const GROUPS = ['personal', 'address', 'bank', 'notificationsOptOut', 'password', 'email'] as const;

export const investorPatchSchema = refineRules(
  z.object({
    personal: personalShape.optional(),
    address: addressShape.optional(),
    bank: bankShape.optional(),
    notificationsOptOut: z.boolean().optional(),
    password: passwordShape.optional(),
    email: emailShape.optional(),
  }).nullish(),
  ['VALUE_NOT_VALID', ...PERSONAL_CODES, ...ADDRESS_CODES, ...BANK_CODES, ...PASSWORD_CHANGE_CODES, ...EMAIL_CODES, 'EMAIL_NOT_SAME'],
  (body) => {
    const present = GROUPS.filter((group) => body?.[group] !== undefined);
    if (present.length !== 1) return [{ code: 'VALUE_NOT_VALID', path: [] }];
    if (body!.personal) return personalIssues(body!.personal, ['personal']);
    if (body!.address) return addressIssues(body!.address, ['address']);
    if (body!.bank) return bankIssues(body!.bank, ['bank']);
    if (body!.password) {
      const { currentPassword, newPassword, repeatPassword } = body!.password;
      const issues: RuleIssue<CodeOf<typeof PASSWORD_CHANGE_CODES>>[] = [];
      if (!currentPassword) issues.push({ code: 'CURRENT_PASSWORD_EMPTY', path: ['password', 'currentPassword'] });
      if (!newPassword) issues.push({ code: 'NEW_PASSWORD_EMPTY', path: ['password', 'newPassword'] });
      else if (!passwordFollowsRules(newPassword)) issues.push({ code: 'PASSWORD_CONSTRAINTS_MISMATCH', path: ['password', 'newPassword'] });
      if (!repeatPassword) issues.push({ code: 'REPEAT_PASSWORD_EMPTY', path: ['password', 'repeatPassword'] });
      else if (newPassword && newPassword !== repeatPassword) issues.push({ code: 'PASSWORD_NOT_SAME', path: ['password', 'repeatPassword'] });
      return issues;
    }
    if (body!.email) {
      const { newEmail, repeatEmail } = body!.email;
      const issues: RuleIssue<CodeOf<typeof EMAIL_CODES> | 'EMAIL_NOT_SAME'>[] = emailIssues(newEmail, ['email', 'newEmail']);
      if (!issues.length && normalizeEmail(repeatEmail ?? '') !== normalizeEmail(newEmail!)) {
        issues.push({ code: 'EMAIL_NOT_SAME', path: ['email', 'repeatEmail'] });
      }
      return issues;
    }
    return [];
  },
)
  .transform((body) => {
    const b = body!;
    if (b.personal) return { group: 'personal', value: normalizePersonal(b.personal) } as const;
    if (b.address) return { group: 'address', value: normalizeAddress(b.address) } as const;
    if (b.bank) return { group: 'bank', value: normalizeBank(b.bank) } as const;
    if (b.password) return { group: 'password', value: { currentPassword: b.password.currentPassword!, newPassword: b.password.newPassword! } } as const;
    if (b.email) return { group: 'email', value: { newEmail: normalizeEmail(b.email.newEmail!)! } } as const;
    return { group: 'notificationsOptOut', value: b.notificationsOptOut! } as const;
  });

export type InvestorPatch = z.output<typeof investorPatchSchema>;

// ---------- responses ----------

export const investorSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  phoneCountry: z.string(),
  address: z.object({
    street: z.string().nullable(),
    city: z.string().nullable(),
    zip: z.string().nullable(),
    state: z.string().nullable(),
    country: z.string().nullable(),
  }),
  bank: z.object({ country: z.string().nullable(), bankName: z.string().nullable(), accountNumber: z.string().nullable() }),
  notificationsOptOut: z.boolean(),
  language: z.enum(['pl', 'en']),
});

export const docSchema = z.object({ id: z.union([z.number(), z.string()]), displayName: z.string(), url: z.string() });
