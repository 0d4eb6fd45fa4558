// Formatting for documents and exports the server writes (PDFs, CSV): money in grosze shown as PLN in the
// document's language, dates in Europe/Warsaw. Views in the SPA have their own formatter; these functions
// are deterministic (no Intl data differences between Node builds) so a document's text is predictable.

export type DocLanguage = 'pl' | 'en';

const group = (digits: string, separator: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);

/** 123450 → "1 234,50 zł" (pl, no-break spaces) / "PLN 1,234.50" (en). */
export function formatMoney(grosze: number, language: DocLanguage): string {
  const sign = grosze < 0 ? '-' : '';
  const abs = Math.abs(grosze);
  const whole = String(Math.floor(abs / 100));
  const cents = String(abs % 100).padStart(2, '0');
  return language === 'pl' ? `${sign}${group(whole, '\u00a0')},${cents}\u00a0zł` : `${sign}PLN ${group(whole, ',')}.${cents}`;
}

/** 123450 → "1234,50" (pl) / "1234.50" (en): a plain number for spreadsheets, in the language's decimal separator. */
export function formatAmountPlain(grosze: number, language: DocLanguage): string {
  const sign = grosze < 0 ? '-' : '';
  const abs = Math.abs(grosze);
  return `${sign}${Math.floor(abs / 100)}${language === 'pl' ? ',' : '.'}${String(abs % 100).padStart(2, '0')}`;
}

/** Percent with up to 2 decimals in the language's separator: 2.5 → "2,5 %" / "2.5%". */
export function formatPercent(percent: number, language: DocLanguage): string {
  const value = String(Math.round(percent * 100) / 100);
  return language === 'pl' ? `${value.replace('.', ',')}\u00a0%` : `${value}%`;
}

const warsaw = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Warsaw',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function warsawParts(date: Date) {
  const parts = Object.fromEntries(warsaw.formatToParts(date).map((p) => [p.type, p.value]));
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute };
}

/** "24.03.2026 14:05" (pl) / "24/03/2026 14:05" (en), Polish time. */
export function formatDateTime(date: Date, language: DocLanguage): string {
  const p = warsawParts(date);
  return language === 'pl' ? `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}` : `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** "24.03.2026" / "24/03/2026", Polish time. */
export function formatDate(date: Date, language: DocLanguage): string {
  const p = warsawParts(date);
  return language === 'pl' ? `${p.day}.${p.month}.${p.year}` : `${p.day}/${p.month}/${p.year}`;
}

/** The calendar year of a moment in Polish time. */
export const warsawYear = (date: Date) => Number(warsawParts(date).year);

export { formatReference as displayReference } from '../orders/reference';
