// The phone library (./phoneLib.ts) on demand: a form screen starts loading it when it draws its phone field, and
// the checks run at once when it is there or wait for it. If it cannot load (offline), a check lets the number
// pass: the server checks it again (SPEC §4, §5) and its error is shown beside the field.
import { useEffect, useState } from 'react';
import type { CountryCode } from 'libphonenumber-js';
import { registerPreloader } from '../../screens/lazyScreen';
import { DEFAULT_PHONE_COUNTRY as DEFAULT_COUNTRY } from '../../../machines/types';

export type PhoneLib = typeof import('./phoneLib');

/** machines/types.ts holds it (the charts seed their forms with it too) */
export const DEFAULT_PHONE_COUNTRY: CountryCode = DEFAULT_COUNTRY;

let lib: PhoneLib | null = null;
let loading: Promise<PhoneLib> | null = null;

export function loadPhoneLib(): Promise<PhoneLib> {
  loading ??= import('./phoneLib').then(
    (m) => (lib = m),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
// preloadScreens() (tests) loads it with the screens
registerPreloader(() => loadPhoneLib().then(() => undefined));

/** `apply(lib)` now when the library is loaded, else once it is (a promise); `otherwise` when it cannot load. */
export function withPhoneLib<T>(apply: (l: PhoneLib) => T, otherwise: T): T | Promise<T> {
  return lib ? apply(lib) : loadPhoneLib().then(apply, () => otherwise);
}

/** The library, or null while it loads (the component renders again when it is there). */
export function usePhoneLib(): PhoneLib | null {
  const [loaded, setLoaded] = useState(lib);
  useEffect(() => {
    if (!loaded) loadPhoneLib().then(setLoaded, () => undefined);
  }, [loaded]);
  return loaded;
}
