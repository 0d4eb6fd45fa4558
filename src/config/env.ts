// The SPA's configuration, fixed at build time by vite.config.ts and checked once here.
declare const __APP_CONFIG__: {
  apiUrl: string;
  defaultLanguage: string;
  clientId: string;
  clientSecret: string;
};

// The language list is needed by the machines too: it lives below both.
import { isLanguage, LANGUAGES, type Language } from '../../machines/types';

export { isLanguage, LANGUAGES, type Language };

const raw = typeof __APP_CONFIG__ === 'undefined' ? undefined : __APP_CONFIG__;

export const env = {
  apiUrl: (raw?.apiUrl || '/api').replace(/\/$/, ''),
  // SPEC §2: the default language comes from the environment, fallback pl.
  defaultLanguage: (isLanguage(raw?.defaultLanguage) ? raw!.defaultLanguage : 'pl') as Language,
  clientId: raw?.clientId || 'web-spa',
  clientSecret: raw?.clientSecret || 'web-spa-secret',
} as const;
