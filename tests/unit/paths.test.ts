import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../src/config/env';
import {
  href,
  matchRoute,
  ROUTE_BY_NAME,
  ROUTES,
  splitLanguage,
  translatePath,
  type RouteName,
  type RouteParams,
} from '../../contract/routes';

// Sample values for every parameter the table uses; `sample-` prefixes keep them clear of fixed segments.
const SAMPLE: Record<string, string> = {
  page: '3',
  slug: 'sample-offer',
  resetPasswordToken: 'tok-123',
  activationToken: 'act-456',
  email: 'jan.kowalski@example.pl',
  orderId: 'ord-789',
};

function paramsOf(pattern: string): RouteParams {
  const out: RouteParams = {};
  for (const [, key] of pattern.matchAll(/:(\w+)\+?/g)) out[key] = SAMPLE[key] ?? `sample-${key}`;
  return out;
}

describe('route table', () => {
  it('has a pl and an en path for every route, each starting with /', () => {
    expect(ROUTES.length).toBeGreaterThan(30);
    for (const route of ROUTES) {
      for (const l of LANGUAGES) {
        expect(route.path[l], `${route.name} ${l}`).toMatch(/^\//);
      }
      // Both languages name the same parameters.
      expect(Object.keys(paramsOf(route.path.pl)).sort()).toEqual(Object.keys(paramsOf(route.path.en)).sort());
    }
  });

  it('has unique route names and, per language, unique paths', () => {
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
    for (const l of LANGUAGES) {
      const paths = ROUTES.map((r) => r.path[l]);
      const dupes = paths.filter((p, i) => paths.indexOf(p) !== i);
      expect(dupes, `duplicate ${l} paths`).toEqual([]);
    }
  });

  it('translates the path names after the prefix (login is /login and /logowanie)', () => {
    expect(ROUTE_BY_NAME.login.path).toEqual({ en: '/login', pl: '/logowanie' });
    expect(href('pl', 'login')).toBe('/pl/logowanie');
    expect(href('en', 'login')).toBe('/en/login');
    expect(href('pl', 'home')).toBe('/pl/');
  });

  it('marks the guards: login guest-only, investor area private, home public', () => {
    expect(ROUTE_BY_NAME.login.access).toBe('guest');
    expect(ROUTE_BY_NAME.register.access).toBe('guest');
    expect(ROUTE_BY_NAME.dashboard.access).toBe('private');
    expect(ROUTE_BY_NAME.investPayment.access).toBe('private');
    expect(ROUTE_BY_NAME.home.access).toBe('public');
    expect(ROUTE_BY_NAME.offer.access).toBe('public');
  });
});

describe('matchRoute / href round trip', () => {
  for (const l of LANGUAGES) {
    for (const route of ROUTES) {
      it(`${l} ${route.name}`, () => {
        const params = paramsOf(route.path[l]);
        const built = href(l, route.name, params);
        expect(built.startsWith(`/${l}/`)).toBe(true);
        const { prefix, rest } = splitLanguage(built);
        expect(prefix).toBe(l);
        const match = matchRoute(l, rest);
        expect(match?.route.name).toBe(route.name);
        expect(match?.params).toEqual(params);
        // A trailing slash matches the same route.
        if (rest !== '/') expect(matchRoute(l, `${rest}/`)?.route.name).toBe(route.name);
      });
    }
  }

  it('throws when a parameter is missing', () => {
    expect(() => href('en', 'offer')).toThrow(/slug/);
  });

  it('encodes a parameter as one segment, and decodes it back', () => {
    const built = href('en', 'resendActivation', { email: 'a b@c.pl' });
    expect(built).toBe('/en/resend-activation/a%20b%40c.pl');
    expect(matchRoute('en', splitLanguage(built).rest)?.params).toEqual({ email: 'a b@c.pl' });
  });

  it('keeps a nested offer slug a/b as two segments', () => {
    expect(href('pl', 'offer', { slug: 'a/b' })).toBe('/pl/inwestycja/a/b');
    expect(matchRoute('pl', '/inwestycja/a/b')).toEqual({ route: ROUTE_BY_NAME.offer, params: { slug: 'a/b' } });
    expect(matchRoute('en', '/investment/a/b')?.params).toEqual({ slug: 'a/b' });
  });

  it('prefers fixed segments over parameters and ends with the static-page catch-all', () => {
    expect(matchRoute('en', '/investments')?.route.name).toBe('offers');
    expect(matchRoute('en', '/investments/page/2')).toEqual({ route: ROUTE_BY_NAME.offersPage, params: { page: '2' } });
    expect(matchRoute('en', '/retry-payment/thank-you/o1')?.route.name).toBe('retryThankYou');
    expect(matchRoute('en', '/invest/payment/s1')?.route.name).toBe('investPayment');
    expect(matchRoute('en', '/invest/s1/o1')).toEqual({
      route: ROUTE_BY_NAME.paypalReturn,
      params: { slug: 's1', orderId: 'o1' },
    });
    expect(matchRoute('pl', '/jakas-strona')).toEqual({ route: ROUTE_BY_NAME.staticPage, params: { slug: 'jakas-strona' } });
    expect(matchRoute('pl', '')?.route.name).toBe('home');
    expect(matchRoute('pl', '/a/b/c/d/e')).toBeNull();
    // A path of the other language is not a route of this one (beyond the catch-all).
    expect(matchRoute('pl', '/login')?.route.name).toBe('staticPage');
  });
});

describe('splitLanguage', () => {
  it.each([
    ['/pl/logowanie', 'pl', '/logowanie'],
    ['/en', 'en', '/'],
    ['/en/', 'en', '/'],
    ['/', '', '/'],
    ['/de/x/y', 'de', '/x/y'],
  ])('%s', (path, prefix, rest) => {
    expect(splitLanguage(path)).toEqual({ prefix, rest });
  });
});

describe('translatePath', () => {
  it('keeps search and hash: /pl/logowanie?x=1#h -> /en/login?x=1#h', () => {
    expect(translatePath({ pathname: '/pl/logowanie', search: '?x=1', hash: '#h' }, 'en')).toBe('/en/login?x=1#h');
    expect(translatePath({ pathname: '/en/login', search: '?x=1', hash: '#h' }, 'pl')).toBe('/pl/logowanie?x=1#h');
  });

  it('keeps an e-mail parameter as it is', () => {
    expect(translatePath({ pathname: '/en/resend-activation/a%40b.pl' }, 'pl')).toBe('/pl/ponowna-aktywacja/a%40b.pl');
    expect(translatePath({ pathname: '/pl/ponowna-aktywacja/a%40b.pl' }, 'en')).toBe('/en/resend-activation/a%40b.pl');
  });

  it('keeps slug, orderId, token and page parameters', () => {
    expect(translatePath({ pathname: '/en/invest/payment/flat-1' }, 'pl')).toBe('/pl/inwestuj/platnosc/flat-1');
    expect(translatePath({ pathname: '/pl/inwestor/zamowienie/42' }, 'en')).toBe('/en/investor/order/42');
    expect(translatePath({ pathname: '/en/reset-password/abc' }, 'pl')).toBe('/pl/resetuj-haslo/abc');
    expect(translatePath({ pathname: '/pl/inwestycje/strona/4' }, 'en')).toBe('/en/investments/page/4');
    expect(translatePath({ pathname: '/pl/inwestycja/a/b' }, 'en')).toBe('/en/investment/a/b');
  });

  it('sends an unknown page or an unknown prefix to the other language home', () => {
    expect(translatePath({ pathname: '/de/whatever' }, 'en')).toBe('/en/');
    expect(translatePath({ pathname: '/pl/a/b/c/d/e' }, 'en')).toBe('/en/');
  });

  it('round-trips every route through the other language', () => {
    for (const route of ROUTES) {
      const params = paramsOf(route.path.pl);
      const pl = href('pl', route.name as RouteName, params);
      const en = translatePath({ pathname: pl }, 'en');
      expect(en).toBe(href('en', route.name, params));
      expect(translatePath({ pathname: en }, 'pl' as Language)).toBe(pl);
    }
  });
});
