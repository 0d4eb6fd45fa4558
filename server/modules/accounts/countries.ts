// Countries offered by the registration and settings forms (docs/api.md: `{ id, code }`, ISO 3166 alpha-2; the
// SPA names them in its own language). `id` equals `code`, so a form may send either one as `country`.
export const COUNTRY_CODES = [
  'PL', 'AT', 'BE', 'BG', 'CH', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GB', 'GR', 'HR', 'HU', 'IE',
  'IS', 'IT', 'LI', 'LT', 'LU', 'LV', 'MT', 'NL', 'NO', 'PT', 'RO', 'SE', 'SI', 'SK', 'UA', 'US', 'CA', 'AU',
  'IL', 'AE', 'JP',
] as const;

export type CountryCode = (typeof COUNTRY_CODES)[number];

const known = new Set<string>(COUNTRY_CODES);

/** `pl` / ` PL ` → `PL` when it is one of ours, else undefined. */
export function countryCode(value: string | null | undefined): CountryCode | undefined {
  const code = (value ?? '').trim().toUpperCase();
  return known.has(code) ? (code as CountryCode) : undefined;
}

export const countries = () => COUNTRY_CODES.map((code) => ({ id: code, code }));
