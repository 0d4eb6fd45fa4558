// The SPA's configuration, fixed at build time by vite.config.ts and checked once here.
declare const __APP_CONFIG__: {
  apiUrl: string;
  defaultLanguage: string;
  clientId: string;
  clientSecret: string;
};

export const LANGUAGES = ['pl', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

const raw = typeof __APP_CONFIG__ === 'undefined' ? undefined : __APP_CONFIG__;

export const env = {
  apiUrl: (raw?.apiUrl || '/api').replace(/\/$/, ''),
  // SPEC §2: the default language comes from the environment, fallback pl.
  defaultLanguage: (isLanguage(raw?.defaultLanguage) ? raw!.defaultLanguage : 'pl') as Language,
  clientId: raw?.clientId || 'web-spa',
  clientSecret: raw?.clientSecret || 'web-spa-secret',
} as const;
