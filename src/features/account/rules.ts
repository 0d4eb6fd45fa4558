// Client-side checks that mirror the server's rules (SPEC §5) for immediate feedback. Each returns the
// SPEC §8 error code the server would answer with, or null, so the same dictionary texts are shown; the
// server stays the authority.

import { bankAccountDigits } from '../../../contract/bank-account';

export type Code = string | null;

// The phone check is the SPA's one, shared with the contact form and loaded with the phone library
// (src/components/forms/phone.ts).
export { DEFAULT_PHONE_COUNTRY } from '../../components/forms/phone';

const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkEmail(value: string, emptyCode = 'EMAIL_EMPTY'): Code {
  const v = value.trim();
  if (!v) return emptyCode;
  return EMAIL_FORMAT.test(v) ? null : 'EMAIL_INVALID_FORMAT';
}

/** At least 8 characters, one capital letter and one digit. */
export function checkPassword(value: string, emptyCode = 'PASSWORD_EMPTY'): Code {
  if (!value) return emptyCode;
  return value.length >= 8 && /\p{Lu}/u.test(value) && /\d/.test(value) ? null : 'PASSWORD_CONSTRAINTS_MISMATCH';
}

export function checkSame(value: string, other: string, emptyCode: string, notSameCode = 'PASSWORD_NOT_SAME'): Code {
  if (!value) return emptyCode;
  return value === other ? null : notSameCode;
}

export function checkRequired(value: string | null | undefined, code = 'IS_EMPTY'): Code {
  return value && value.trim() ? null : code;
}

/** The account number as it is sent: its 26 digits (no `PL`, no spaces), or what was typed without spaces. */
export function normalizeAccountNumber(value: string): string {
  return bankAccountDigits(value) ?? value.replace(/\s+/g, '');
}

/** 26 digits, optionally after `PL`, in any grouping (the contract's rule, which the server applies too). */
export function checkAccountNumber(value: string): Code {
  return bankAccountDigits(value) ? null : 'BANK_ACCOUNT_ACCOUNT_NUMBER_IS_WRONG';
}


/** The new e-mail must have a valid format, differ from the current one and match its repeat. */
export function checkNewEmail(newEmail: string, current: string): Code {
  const format = checkEmail(newEmail);
  if (format) return format;
  return newEmail.trim().toLowerCase() === current.trim().toLowerCase() ? 'EMAIL_SAME' : null;
}

/** A rule's answer as react-hook-form's `validate` wants it: the error code, or true when valid. */
export const ok = (code: Code) => code ?? true;
