// Intl formatters, made once per language and options (issue 11): building an Intl.NumberFormat or
// DateTimeFormat loads locale data and costs milliseconds on a phone, a `format()` call on a built one costs
// microseconds. Every view formats through these instead of `new Intl.…` per value.
import type { Language } from '../../config/env';

const numberFormats = new Map<string, Intl.NumberFormat>();

/** The number locale of a page language. */
export const numberLocale = (language: Language) => (language === 'pl' ? 'pl-PL' : 'en-GB');

/** A cached `Intl.NumberFormat` of the page language with these options. */
export function numberFormat(language: Language, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(numberLocale(language), options);
    numberFormats.set(key, format);
  }
  return format;
}
