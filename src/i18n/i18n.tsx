// All text goes through rosetta dictionaries, one per language, loaded on demand (SPEC §4: "load the
// language, store it, then succeed or fail"). Keys are namespaced: `common.*`, `errors.*`, `layout.*` ...
import rosetta from 'rosetta';
import { createContext, useCallback, useContext, type ReactNode } from 'react';
import type { Language } from '../config/env';

export type Dictionary = Record<string, unknown>;
export type Translate = (key: string, params?: Record<string, unknown>) => string;

const i18n = rosetta<Dictionary>();
const loaded = new Set<Language>();

const loaders: Record<Language, () => Promise<{ default: Dictionary }>> = {
  pl: () => import('../../lib/locales/pl/index'),
  en: () => import('../../lib/locales/en/index'),
};

/** Loads a language's dictionary once; resolves when its texts can be used. */
export async function loadDictionary(language: Language): Promise<Language> {
  if (!loaded.has(language)) {
    const module = await loaders[language]();
    i18n.set(language, module.default);
    loaded.add(language);
  }
  return language;
}

/**
 * Adds namespaces a lazily loaded feature brings in its own chunk (the operator area's texts are never in
 * the investors' download). Merged at the top level, so a later `loadDictionary` keeps them.
 */
export function addTexts(texts: Record<Language, Dictionary>): void {
  for (const language of Object.keys(texts) as Language[]) i18n.set(language, texts[language]);
}

export function isDictionaryLoaded(language: Language): boolean {
  return loaded.has(language);
}

/** Translates; a missing key falls back to the key itself so a gap is visible, never blank. */
export function translate(language: Language, key: string, params?: Record<string, unknown>): string {
  const value = i18n.t(key, params ?? {}, language);
  return value === '' || value === undefined ? key : String(value);
}

/**
 * Server error codes are shortened to the part after the last colon (SPEC §5), then looked up in the
 * errors dictionary, the error catalogue the API writes its messages from too (lib/locales/<language>/errors.ts);
 * an unknown code shows the server's own message, else the generic text. A text written with a value only the
 * server knows (TOO_MANY_TRIES's minutes) is a function rosetta calls without it: "wait a while".
 */
export function errorCodeKey(code: string): string {
  const i = code.lastIndexOf(':');
  return i >= 0 ? code.slice(i + 1) : code;
}

export function translateError(language: Language, code: string, fallbackMessage?: string): string {
  const key = `errors.${errorCodeKey(code)}`;
  const value = i18n.t(key, {}, language);
  if (value) return String(value);
  return fallbackMessage || translate(language, 'errors.GENERIC');
}

const LanguageContext = createContext<Language>('pl');

export function I18nProvider({ language, children }: { language: Language; children: ReactNode }) {
  return <LanguageContext.Provider value={language}>{children}</LanguageContext.Provider>;
}

export function useLanguage(): Language {
  return useContext(LanguageContext);
}

export function useT(): Translate {
  const language = useContext(LanguageContext);
  return useCallback((key, params) => translate(language, key, params), [language]);
}

export function useTranslateError() {
  const language = useContext(LanguageContext);
  return useCallback((code: string, message?: string) => translateError(language, code, message), [language]);
}
