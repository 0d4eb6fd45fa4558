// Types and tiny pure helpers that both the machines and the app need. They live here, below both, so the
// dependency runs one way: src/ imports machines/, never the reverse (src/ re-exports these where its
// modules used to define them).

/** One entry of the envelope's errors list (docs/api.md). */
export interface ApiError {
  code: string;
  context: string;
  message: string;
}

/** The pagination block of a paged answer (docs/api.md). */
export interface Pagination {
  pageSize: number;
  pageNumber: number;
  totalItems: number;
  totalPages: number;
}

// The languages are part of the contract (every address and API call names one); the machines use them too.
export { isLanguage, LANGUAGES, splitLanguage, type Language } from '../contract/languages';

/** One error code per form field ('' for errors not tied to a field), as the forms show them. */
export type FieldErrors = Record<string, string>;

/** How a provided actor fails with per-field errors (`{ fieldErrors }`). */
export interface FieldFailure {
  fieldErrors: FieldErrors;
}

/**
 * The per-field errors of a failed actor (`{ fieldErrors }`), or `{ '': 'GENERIC' }` when it failed
 * otherwise: every form chart reads its failures with this one helper.
 */
export function fieldErrorsFrom(error: unknown): FieldErrors {
  const fieldErrors = (error as Partial<FieldFailure> | null | undefined)?.fieldErrors;
  return fieldErrors && Object.keys(fieldErrors).length ? fieldErrors : { '': 'GENERIC' };
}

/**
 * The envelope's errors list of a failed call (an `ApiRequestError` carries it as `errors`), or one GENERIC
 * error with the failure's message: every chart that keeps the server's errors reads them with this helper.
 */
export function errorListFrom(error: unknown): ApiError[] {
  const list = (error as { errors?: ApiError[] } | null | undefined)?.errors;
  if (Array.isArray(list) && list.length) return list;
  return [{ code: 'GENERIC', context: '', message: error instanceof Error ? error.message : '' }];
}

/** The phone country when none is chosen (SPEC §4, §5): the forms' default and the phone check's (src/components/forms/phone.ts). */
export const DEFAULT_PHONE_COUNTRY = 'PL';
