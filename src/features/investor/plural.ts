// Plural forms for counts (`….one|few|many|other`): Polish needs three of them.
import type { Language } from '../../config/env';

const rules: Partial<Record<Language, Intl.PluralRules>> = {};

export function pluralKey(base: string, language: Language, count: number): string {
  const r = (rules[language] ??= new Intl.PluralRules(language));
  const form = r.select(count);
  return `${base}.${form === 'one' || form === 'few' || form === 'many' ? form : 'other'}`;
}
