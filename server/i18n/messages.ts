import type { Language } from '../config';
import en from '../../lib/locales/en/errors';
import pl from '../../lib/locales/pl/errors';
import { errorText, type ErrorParams, type ErrorText } from '../../lib/locales/errorText';

// The API's error messages come from the one error catalogue, lib/locales/<language>/errors.ts, which is also the
// SPA's "errors" namespace: a code reads the same in an envelope and on screen.

type CatalogueKey = keyof typeof en;

/** Codes the SPA gives itself (no answer, an unknown answer, its checks before sending): never in an envelope. */
const SPA_ONLY = ['GENERIC', 'NETWORK_ERROR', 'AGREEMENT_REQUIRED', 'KIIS_NOT_ACKNOWLEDGED'] as const satisfies readonly CatalogueKey[];

/**
 * Codes the server sends with a prefix (SPEC §5: the token request's own code); the catalogue, like the SPA, keys
 * them by the part after the last colon.
 */
const PREFIXED = { 'TOKEN_REQUEST:USER_NOT_ACTIVE': 'USER_NOT_ACTIVE' } as const satisfies Record<string, CatalogueKey>;

/** The codes the server may send: the catalogue's, less the SPA's own, with the prefixed ones in full. */
export type ErrorCode = Exclude<CatalogueKey, (typeof SPA_ONLY)[number] | (typeof PREFIXED)[keyof typeof PREFIXED]> | keyof typeof PREFIXED;

/** Code → its key in the catalogue. */
const keyOf = new Map<string, CatalogueKey>(Object.entries(PREFIXED));
const notSent: readonly string[] = [...SPA_ONLY, ...Object.values(PREFIXED)];
for (const key of Object.keys(en) as CatalogueKey[]) if (!notSent.includes(key)) keyOf.set(key, key);

const catalogue: Record<Language, Record<CatalogueKey, ErrorText>> = { en, pl };

/** Every code the server may send. */
export const errorCodes = [...keyOf.keys()] as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && keyOf.has(value);
}

/** The message of a code in the language, with the values only the server knows; an unknown code reads as VALUE_NOT_VALID. */
export function translateCode(code: string, language: Language, params?: ErrorParams): string {
  return errorText(catalogue[language][keyOf.get(code) ?? 'VALUE_NOT_VALID'], params);
}
