// Answers the server already knew when it served index.html ("boot in parallel"): boot's loads
// (splash screen, slider, static content) and the first page's own data, put into the page as
// `<script type="application/json" id="initial-data">` (data, not a script: the strict CSP stays as it is;
// server/pages/spaHtml.ts writes it). The HTTP client answers a GET from here instead of a round trip, once
// per answer and only in the language they were read in; everything else (a second visit of the page, a
// signed-in user, a language switch) goes to the API as before. Machines don't know: their actors call the
// same client.

import { INITIAL_DATA_ELEMENT_ID, type InitialData } from '../../contract/page-data';

/** The answers of one page load; read from the document once, each answer given out once. */
export function createInitialAnswers(read: () => InitialData | null) {
  let data: InitialData | null | undefined;
  return {
    take(language: string, key: string): { data: unknown } | { notFound: NonNullable<InitialData['notFound']>[string] } | undefined {
      if (data === undefined) data = read();
      if (!data || data.language !== language) return undefined;
      if (data.notFound && Object.prototype.hasOwnProperty.call(data.notFound, key)) {
        const failure = data.notFound[key];
        delete data.notFound[key];
        return { notFound: failure };
      }
      if (!Object.prototype.hasOwnProperty.call(data.answers, key)) return undefined;
      const answer = data.answers[key];
      delete data.answers[key];
      return { data: answer };
    },
  };
}

/** The page's `#initial-data` element, parsed (null when there is none or it is not valid JSON). */
export function readInitialDataElement(): InitialData | null {
  if (typeof document === 'undefined') return null;
  const element = document.getElementById(INITIAL_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const parsed = JSON.parse(element.textContent) as Partial<InitialData>;
    if (typeof parsed.language !== 'string' || !parsed.answers || typeof parsed.answers !== 'object') return null;
    return parsed as InitialData;
  } catch {
    return null;
  } finally {
    element.remove();
  }
}
