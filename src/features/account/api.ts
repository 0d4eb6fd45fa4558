// The accounts calls of docs/api.md ("Accounts"), over the one HTTP client. Failures are turned into what
// the charts understand: codes per field (`fieldErrors`) or a list of codes (`codes`).
import type { Agreement, Country, RegistrationData, RegistrationOptions } from '../../../machines/registration.machine';
import type { Investor, SettingsGroup } from '../../../machines/settings.machine';
import type { SophisticatedApplicationBodyOut } from '../../../machines/sophisticatedApplication.machine';
import type { SophisticatedStatus } from '../../../contract/protection';
import { ApiRequestError, fieldErrorsOf, type Http } from '../../api/http';
import { normalizeAccountNumber } from './rules';

/** The investor of GET/PATCH /investor: the settings chart's type (machines/settings.machine.ts). */
export type { Investor };

export interface InvestorDocument {
  id: string | number;
  displayName: string;
  url: string;
  /** `investor` for the investor's own documents, `general` for the others, when the server says */
  type?: string;
}

/** Codes per field; the group prefix of a settings call (`password.currentPassword`) is dropped. */
export function toFieldErrors(error: unknown, group?: string): { fieldErrors: Record<string, string> } {
  if (!(error instanceof ApiRequestError)) return { fieldErrors: { '': 'NETWORK_ERROR' } };
  const raw = fieldErrorsOf(error.errors);
  if (!group) return { fieldErrors: raw };
  const out: Record<string, string> = {};
  for (const [field, code] of Object.entries(raw)) {
    const name = field === group ? '' : field.startsWith(`${group}.`) ? field.slice(group.length + 1) : field;
    if (!(name in out)) out[name] = code;
  }
  return { fieldErrors: out };
}

export function toCodes(error: unknown): { codes: string[] } {
  if (!(error instanceof ApiRequestError)) return { codes: ['NETWORK_ERROR'] };
  return { codes: error.errors.map((e) => e.code) };
}

async function mapped<T>(call: Promise<T>, map: (error: unknown) => unknown): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw map(error);
  }
}

const trimOrNull = (v: string) => (v.trim() ? v.trim() : null);

export function createAccountApi(http: Http) {
  return {
    async registrationOptions(signal?: AbortSignal): Promise<RegistrationOptions> {
      const [register, agreements] = await Promise.all([
        http<{ countries: Country[] }>('/investor/register', { signal }),
        http<Agreement[]>('/agreement', { query: { context: 'registration' }, signal }),
      ]);
      return { countries: register?.countries ?? [], agreements: agreements ?? [] };
    },

    /** POST /investor/register/check-email: rejects with `fieldErrors` (EMAIL_EXISTS…) when it cannot be registered */
    checkEmail: (email: string, signal?: AbortSignal) =>
      mapped(http<{ email: string }>('/investor/register/check-email', { method: 'POST', body: { email: email.trim() }, signal }), (e) =>
        toFieldErrors(e),
      ),

    register(data: RegistrationData, signal?: AbortSignal): Promise<{ email: string }> {
      const { account, address, bank, agreements } = data;
      const body = {
        email: account.email.trim(),
        password: account.password,
        repeatPassword: account.repeatPassword,
        firstName: account.firstName.trim(),
        lastName: account.lastName.trim(),
        phone: trimOrNull(account.phone),
        phoneCountry: account.phone.trim() ? account.phoneCountry : null,
        address,
        bank: { ...bank, accountNumber: normalizeAccountNumber(bank.accountNumber) },
        agreements: Object.entries(agreements).map(([id, isAccepted]) => ({ id: /^\d+$/.test(id) ? Number(id) : id, isAccepted })),
      };
      return mapped(
        http<{ email: string } | null>('/investor/register', { method: 'POST', body, signal }).then((d) => ({
          email: d?.email ?? body.email,
        })),
        (e) => toFieldErrors(e),
      );
    },

    activate: (token: string, signal?: AbortSignal) =>
      mapped(http<{ email: string }>('/investor/activate-account', { method: 'POST', body: { activationToken: token }, signal }), toCodes),

    resendActivation: (email: string, signal?: AbortSignal) =>
      mapped(http<null>('/investor/activate-account/resend', { method: 'POST', body: { email }, signal }), toCodes),

    confirmEmail: (token: string, signal?: AbortSignal) =>
      mapped(http<{ email: string }>('/investor/confirm-email', { method: 'POST', body: { token }, signal }), toCodes),

    requestReset: (email: string, signal?: AbortSignal) =>
      mapped(http<null>('/user/reset-password', { method: 'POST', body: { email: email.trim() }, signal }), (e) => toFieldErrors(e)),

    async validateResetToken(token: string, signal?: AbortSignal): Promise<{ email: string | null }> {
      const data = await http<{ valid: boolean; email?: string } | null>('/user/reset-password', {
        query: { resetPasswordToken: token },
        signal,
      });
      if (data && data.valid === false) throw new Error('TOKEN_NOT_VALID');
      return { email: data?.email ?? null };
    },

    resetPassword: (input: { token: string; password: string; repeatPassword: string }, signal?: AbortSignal) =>
      mapped(
        http<null>('/user/reset-password', {
          method: 'POST',
          body: { resetPasswordToken: input.token, password: input.password, repeatPassword: input.repeatPassword },
          signal,
        }),
        (e) => toFieldErrors(e),
      ),

    investor: (signal?: AbortSignal) => http<Investor>('/investor', { signal }),
    /** GET /investor/sophisticated-application: the classification in force and the latest application */
    sophisticatedStatus: (signal?: AbortSignal) => http<SophisticatedStatus>('/investor/sophisticated-application', { signal }),
    applySophisticated: (body: SophisticatedApplicationBodyOut, signal?: AbortSignal) =>
      http<SophisticatedStatus>('/investor/sophisticated-application', { method: 'POST', body, signal }),

    /** the country codes the address and bank forms offer (GET /investor/register); a failure is the caller's to show */
    countries: (signal?: AbortSignal) =>
      http<{ countries: Country[] }>('/investor/register', { signal }).then((r) => (r?.countries ?? []).map((c) => c.code)),

    updateInvestor: (group: SettingsGroup, values: unknown, signal?: AbortSignal) =>
      mapped(http<Investor>('/investor', { method: 'PATCH', body: { [group]: values }, signal }), (e) => toFieldErrors(e, group)),

    documents: (signal?: AbortSignal) => http<InvestorDocument[]>('/investor/documents', { signal }),
  };
}

export type AccountApi = ReturnType<typeof createAccountApi>;
