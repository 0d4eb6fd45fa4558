import { randomInt } from 'node:crypto';

// Order references: what an investor types as the transfer title, e.g. "ES-7K3M-Q9PX".
// - 32-character alphabet without look-alikes (no 0/O, 1/I): 7 random characters (32^7 ≈ 3.4e10) and
//   one check character (Luhn mod 32), so one mistyped character or a swap of neighbours is detected.
// - Stored compact ("ES7K3MQ9PX"); displayed with dashes. Matching survives what banks and payers do to
//   titles: lowercase, spaces, dashes, line breaks, extra words around it.

export const REFERENCE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const REFERENCE_PREFIX = 'ES';
const N = REFERENCE_ALPHABET.length;
const BODY = 8; // 7 random + 1 check

function checkCharacter(payload: string): string {
  // Luhn mod N, computed over the payload from the right.
  let factor = 2;
  let sum = 0;
  for (let i = payload.length - 1; i >= 0; i--) {
    const code = REFERENCE_ALPHABET.indexOf(payload[i]);
    let addend = factor * code;
    factor = factor === 2 ? 1 : 2;
    addend = Math.floor(addend / N) + (addend % N);
    sum += addend;
  }
  return REFERENCE_ALPHABET[(N - (sum % N)) % N];
}

function isValidBody(body: string): boolean {
  if (body.length !== BODY) return false;
  for (const ch of body) if (!REFERENCE_ALPHABET.includes(ch)) return false;
  return checkCharacter(body.slice(0, BODY - 1)) === body[BODY - 1];
}

/** A new compact reference ("ES7K3MQ9PX"). Uniqueness is the database's job (unique index; retry). */
export function generateReference(): string {
  let payload = '';
  for (let i = 0; i < BODY - 1; i++) payload += REFERENCE_ALPHABET[randomInt(N)];
  return REFERENCE_PREFIX + payload + checkCharacter(payload);
}

/** "ES7K3MQ9PX" → "ES-7K3M-Q9PX" */
export function formatReference(compact: string): string {
  const body = compact.slice(REFERENCE_PREFIX.length);
  return `${REFERENCE_PREFIX}-${body.slice(0, 4)}-${body.slice(4)}`;
}

/** Any spelling of one reference ("es 7k3m q9px", "ES-7K3M-Q9PX") → compact form, or undefined. */
export function parseReference(input: string): string | undefined {
  let compact = input.toUpperCase().replace(/[^0-9A-Z]/g, '');
  if (compact.startsWith(REFERENCE_PREFIX) && compact.length === REFERENCE_PREFIX.length + BODY) compact = compact.slice(2);
  return isValidBody(compact) ? REFERENCE_PREFIX + compact : undefined;
}

/**
 * Every well-formed reference found in a free-text transfer title, compact, in order of appearance.
 * A payer may split it with spaces, dashes or line breaks, change its case, surround it with words, or
 * drop the "ES" prefix; the check character filters out chance matches.
 */
export function findReferences(title: string): string[] {
  const upper = title.toUpperCase();
  const found = new Set<string>();
  // With the prefix: compact the whole title (separators anywhere) and scan for ES + 8 valid characters.
  const compact = upper.replace(/[^0-9A-Z]/g, '');
  for (let i = compact.indexOf(REFERENCE_PREFIX); i >= 0; i = compact.indexOf(REFERENCE_PREFIX, i + 1)) {
    const body = compact.slice(i + 2, i + 2 + BODY);
    if (isValidBody(body)) found.add(REFERENCE_PREFIX + body);
  }
  // Without the prefix: a word (or two words joined by a dash or space) of exactly 8 valid characters.
  const words = upper.split(/[^0-9A-Z]+/).filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    for (const candidate of [words[i], words[i] + (words[i + 1] ?? '')]) {
      if (candidate.length === BODY && isValidBody(candidate)) found.add(REFERENCE_PREFIX + candidate);
    }
  }
  return [...found];
}
