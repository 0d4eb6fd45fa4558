// Numbers, money, percentages and dates as people read them, in Polish or English: the one formatting module of
// the SPA, the server-rendered pages, e-mails, PDFs and CSV exports (it lives below src/ and server/ so both import
// it). Everything goes through Intl; each formatter is built once per locale and options and kept, because building
// one (it loads the locale's data) costs far more than using it.
//
// Dates are written in the platform's time zone, Europe/Warsaw, wherever the code runs: a page rendered on the
// server and hydrated in a browser in another zone shows the same day, and an e-mail the same hour as the screen.
export type FormatLanguage = 'pl' | 'en';

/** The locale of each language (British English: day before month, 24-hour clock). */
export const LOCALES: Record<FormatLanguage, string> = { pl: 'pl-PL', en: 'en-GB' };

export const TIME_ZONE = 'Europe/Warsaw';

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A number formatter of the language with these options, made once. */
export function numberFormat(language: FormatLanguage, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let made = numberFormats.get(key);
  if (!made) numberFormats.set(key, (made = new Intl.NumberFormat(LOCALES[language], options)));
  return made;
}

/** A date formatter of the language with these options, in the platform's time zone, made once. */
export function dateFormat(language: FormatLanguage, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let made = dateFormats.get(key);
  if (!made) dateFormats.set(key, (made = new Intl.DateTimeFormat(LOCALES[language], { timeZone: TIME_ZONE, ...options })));
  return made;
}

/** A plain number with up to 2 decimals, grouped from the thousands in both languages ("1 250,5" / "1,250.5"). */
export function formatNumber(value: number, language: FormatLanguage, options: Intl.NumberFormatOptions = {}): string {
  return numberFormat(language, { maximumFractionDigits: 2, useGrouping: 'always', ...options }).format(value);
}

/**
 * Integer grosze as an exact decimal string ("123450" → "1234.50"): Intl formats a string without going through a
 * float, so no amount loses a grosz however large.
 */
export function groszeDecimal(grosze: number): string {
  const whole = Math.trunc(grosze);
  const abs = Math.abs(whole);
  const sign = whole < 0 ? '-' : '';
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

type DecimalString = Intl.StringNumericLiteral;

/**
 * Money from integer grosze: `1 234,50 zł` (pl), `PLN 1,234.50` (en), with no-break spaces so an amount never wraps.
 * Grouped from the thousands in both languages (Polish on its own leaves 4-digit amounts ungrouped).
 */
export function formatMoney(grosze: number, language: FormatLanguage): string {
  return numberFormat(language, { style: 'currency', currency: 'PLN', useGrouping: 'always' }).format(groszeDecimal(grosze) as DecimalString);
}

/** Money from integer grosze as a bare number for spreadsheets: `1234,50` (pl) / `1234.50` (en), no grouping. */
export function formatAmountPlain(grosze: number, language: FormatLanguage): string {
  return numberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(
    groszeDecimal(grosze) as DecimalString,
  );
}

/** A percentage given in percent (12.5 → `12,5%` / `12.5%`), with up to 2 decimals. */
export function formatPercent(percent: number, language: FormatLanguage): string {
  // Intl's percent style multiplies by 100 in decimal arithmetic: 1.15 / 100 is written 1,15%, not 1,1499…
  return numberFormat(language, { style: 'percent', maximumFractionDigits: 2 }).format(percent / 100);
}

/** A fraction as a percentage (0.025 → `2,5%` / `2.5%`), rounded to 2 decimals of the percentage. */
export function formatFractionPercent(fraction: number, language: FormatLanguage): string {
  return numberFormat(language, { style: 'percent', maximumFractionDigits: 2 }).format(fraction);
}

export type DateInput = Date | string | number;

function toDate(value: DateInput | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The styles the product writes dates in. */
export const DATE_STYLES = {
  /** 24.03.2026 / 24/03/2026 */
  date: { day: '2-digit', month: '2-digit', year: 'numeric' },
  /** 24.03.2026, 14:05 / 24/03/2026, 14:05 */
  dateTime: { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  /** 24 mar 2026 / 24 Mar 2026 */
  medium: { dateStyle: 'medium' },
  /** 24 mar 2026, 14:05 / 24 Mar 2026, 14:05 */
  mediumTime: { dateStyle: 'medium', timeStyle: 'short' },
  /** 24 marca 2026 14:05 / 24 March 2026 at 14:05 */
  longTime: { dateStyle: 'long', timeStyle: 'short' },
  /** mar 2026 / Mar 2026 */
  monthYear: { month: 'short', year: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof DATE_STYLES;

/** A date (a Date, an ISO string or a timestamp) in the language and style; '' when there is none or it is invalid. */
export function formatDate(value: DateInput | null | undefined, language: FormatLanguage, style: DateStyle = 'date'): string {
  const date = toDate(value);
  return date ? dateFormat(language, DATE_STYLES[style]).format(date) : '';
}

/**
 * SPEC §9's fixed day format for an offer's end date, DD.MM.YYYY in either language ("05.01.2026"); '' when
 * unknown.
 */
export function formatDayMonthYear(value: DateInput | null | undefined): string {
  return formatDate(value, 'pl', 'date');
}

/** SPEC §9's month ranges: `start - end`, `from start`, `to end` (MMM YYYY), or '' when neither date is known. */
export function formatMonthRange(
  start: DateInput | null | undefined,
  end: DateInput | null | undefined,
  language: FormatLanguage,
  words: { from: string; to: string },
): string {
  const s = formatDate(start, language, 'monthYear');
  const e = formatDate(end, language, 'monthYear');
  if (s && e) return `${s} - ${e}`;
  if (s) return `${words.from} ${s}`;
  if (e) return `${words.to} ${e}`;
  return '';
}

/** The calendar year of a moment in Polish time. */
export function warsawYear(value: Date | string | number): number {
  return Number(dateFormat('en', { year: 'numeric' }).format(value instanceof Date ? value : new Date(value)));
}

const pluralRules = new Map<FormatLanguage, Intl.PluralRules>();

/**
 * The dictionary key for a count: `base.one|few|many|other` by the language's plural rules (Polish needs three
 * forms besides `other`; English uses one and other).
 */
export function pluralKey(base: string, language: FormatLanguage, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(LOCALES[language])));
  const form = rules.select(count);
  return `${base}.${form === 'one' || form === 'few' || form === 'many' ? form : 'other'}`;
}

/**
 * An amount typed in złoty ("1 234,56", "1234.56", "1234") as an exact integer in units of 10^-decimals złoty
 * (decimals 2: grosze), read digit by digit so no float rounds it; null when it is not a positive amount with
 * at most `decimals` fractional digits. Spaces (also no-break ones) group thousands; a comma or a dot marks
 * the fraction.
 */
export function parseZloty(text: string, decimals = 2): number | null {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '').replace(/(zł|PLN)$/i, '');
  const m = /^(\d+)(?:[.,](\d*))?$/.exec(compact);
  if (!m) return null;
  const fraction = m[2] ?? '';
  if (fraction.length > decimals) return null;
  const value = Number(`${m[1]}${fraction.padEnd(decimals, '0')}`);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}
