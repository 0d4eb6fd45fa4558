import type { Language } from '../config';
import type { Translated } from '../db/schema';

/** The text in the requested language; an empty translation falls back to the other language. */
export function pick(value: Translated | null | undefined, language: Language): string {
  if (!value) return '';
  const other: Language = language === 'pl' ? 'en' : 'pl';
  return value[language] || value[other] || '';
}

/** The same text in both languages (numbers, phone numbers, URLs that do not change per language). */
export const same = (text: string): Translated => ({ pl: text, en: text });
