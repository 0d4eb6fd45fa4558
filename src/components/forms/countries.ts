// Country names in the page's language (ISO 3166 alpha-2 codes come from the server). Calling codes are in
// ./phoneLib.ts, with the phone library.

const cache = new Map<string, Intl.DisplayNames | null>();

export function countryName(code: string, language: string): string {
  if (!cache.has(language)) {
    try {
      cache.set(language, new Intl.DisplayNames([language], { type: 'region' }));
    } catch {
      cache.set(language, null);
    }
  }
  try {
    return cache.get(language)?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** Codes sorted by their name in `language`. */
export function sortByName(codes: string[], language: string): string[] {
  return [...codes].sort((a, b) => countryName(a, language).localeCompare(countryName(b, language), language));
}
