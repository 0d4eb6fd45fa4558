// Paths are data: one table of routes, each with its path per language. Links, route matching, guards and
// the language switcher all read this table (SPEC §2), and so does the server (which page it prefetches data for,
// which addresses carry a token it keeps out of its logs). Every path is relative to the /{lang} prefix.
import { LANGUAGES, splitLanguage, type Language } from './languages';

/** `operator`: signed in with the operator role (others see access denied); its screens load only for operators. */
export type Access = 'public' | 'guest' | 'private' | 'operator';

export interface RouteDef {
  name: RouteName;
  path: Record<Language, string>;
  access: Access;
}

const r = (name: RouteName, en: string, pl: string, access: Access = 'public'): RouteDef => ({
  name,
  path: { en, pl },
  access,
});

export type RouteName =
  | 'home'
  | 'login'
  | 'register'
  | 'registerSuccess'
  | 'contact'
  | 'aboutUs'
  | 'faq'
  | 'offers'
  | 'offersPage'
  | 'offer'
  | 'forgotPassword'
  | 'resetPassword'
  | 'setPassword'
  | 'activate'
  | 'resendActivation'
  | 'confirmEmail'
  | 'orderRevocation'
  | 'investPersonal'
  | 'investDocuments'
  | 'investPayment'
  | 'investThankYou'
  | 'paypalReturn'
  | 'retryThankYou'
  | 'retryPayment'
  | 'paymentDetails'
  | 'dashboard'
  | 'settings'
  | 'portfolio'
  | 'portfolioPage'
  | 'portfolioInvestment'
  | 'orders'
  | 'ordersPage'
  | 'order'
  | 'transactions'
  | 'transactionsPage'
  | 'documents'
  | 'payouts'
  | 'payoutsPage'
  | 'termsOfUse'
  | 'privacyPolicy'
  | 'accessDenied'
  | 'operatorOverview'
  | 'operatorStatements'
  | 'operatorExceptions'
  | 'operatorOrders'
  | 'operatorOrder'
  | 'operatorOffers'
  | 'operatorOfferKiis'
  | 'operatorInvestors'
  | 'operatorInvestor'
  | 'operatorSettings'
  | 'operatorAudit'
  | 'operatorDistributions'
  | 'operatorPayouts'
  | 'staticPage';

// Order matters: the first match wins, so fixed segments come before parameters and the
// static-page catch-all comes last.
export const ROUTES: readonly RouteDef[] = [
  r('home', '/', '/'),
  r('login', '/login', '/logowanie', 'guest'),
  r('register', '/register', '/rejestracja', 'guest'),
  r('registerSuccess', '/register-success', '/rejestracja-udana', 'guest'),
  r('contact', '/contact-us', '/kontakt'),
  r('aboutUs', '/about-us', '/o-nas'),
  r('faq', '/faq', '/faq'),
  r('offers', '/investments', '/inwestycje'),
  r('offersPage', '/investments/page/:page', '/inwestycje/strona/:page'),
  r('offer', '/investment/:slug+', '/inwestycja/:slug+'),
  r('forgotPassword', '/forgot-password', '/zapomniane-haslo', 'guest'),
  r('resetPassword', '/reset-password/:resetPasswordToken', '/resetuj-haslo/:resetPasswordToken', 'guest'),
  r('setPassword', '/set-password/:resetPasswordToken', '/ustaw-haslo/:resetPasswordToken', 'guest'),
  r('activate', '/activate/:activationToken', '/aktywuj/:activationToken', 'guest'),
  r('resendActivation', '/resend-activation/:email', '/ponowna-aktywacja/:email', 'guest'),
  // Confirms a new e-mail from the link sent to it; works logged in or not.
  r('confirmEmail', '/confirm-email/:token', '/potwierdz-email/:token'),
  // The revoke link of an order's confirmation e-mail: the token is the authorization, signed in or not.
  r('orderRevocation', '/revoke-order/:revokeToken', '/odwolaj-zamowienie/:revokeToken'),
  r('investPersonal', '/invest/personal-information/:slug', '/inwestuj/dane-osobowe/:slug', 'private'),
  r('investDocuments', '/invest/documents/:slug', '/inwestuj/dokumenty/:slug', 'private'),
  r('investPayment', '/invest/payment/:slug', '/inwestuj/platnosc/:slug', 'private'),
  r('investThankYou', '/invest/thank-you/:slug', '/inwestuj/dziekujemy/:slug', 'private'),
  r('paypalReturn', '/invest/:slug/:orderId', '/inwestuj/:slug/:orderId', 'private'),
  r('retryThankYou', '/retry-payment/thank-you/:orderId', '/ponow-platnosc/dziekujemy/:orderId', 'private'),
  r('retryPayment', '/retry-payment/:orderId', '/ponow-platnosc/:orderId', 'private'),
  r('paymentDetails', '/payment-details/:orderId', '/szczegoly-platnosci/:orderId', 'private'),
  r('dashboard', '/investor', '/inwestor', 'private'),
  r('settings', '/investor/settings', '/inwestor/ustawienia', 'private'),
  r('portfolio', '/investor/portfolio', '/inwestor/portfel', 'private'),
  r('portfolioPage', '/investor/portfolio/page/:page', '/inwestor/portfel/strona/:page', 'private'),
  // A nested offer slug ({slug}/{subslug}) keeps its slash.
  r('portfolioInvestment', '/investor/portfolio/view/:slug+', '/inwestor/portfel/zobacz/:slug+', 'private'),
  r('orders', '/investor/orders', '/inwestor/zamowienia', 'private'),
  r('ordersPage', '/investor/orders/page/:page', '/inwestor/zamowienia/strona/:page', 'private'),
  r('order', '/investor/order/:orderId', '/inwestor/zamowienie/:orderId', 'private'),
  r('transactions', '/investor/transactions', '/inwestor/transakcje', 'private'),
  r('transactionsPage', '/investor/transactions/page/:page', '/inwestor/transakcje/strona/:page', 'private'),
  r('documents', '/investor/documents', '/inwestor/dokumenty', 'private'),
  r('payouts', '/investor/payouts', '/inwestor/wyplaty', 'private'),
  r('payoutsPage', '/investor/payouts/page/:page', '/inwestor/wyplaty/strona/:page', 'private'),
  r('termsOfUse', '/terms-of-use', '/regulamin'),
  r('privacyPolicy', '/privacy-policy', '/polityka-prywatnosci'),
  r('accessDenied', '/access-denied', '/brak-dostepu'),
  // The back office: operators only; before the static-page catch-all.
  r('operatorOverview', '/operator', '/operator', 'operator'),
  r('operatorStatements', '/operator/statements', '/operator/wyciagi', 'operator'),
  r('operatorExceptions', '/operator/exceptions', '/operator/wyjatki', 'operator'),
  r('operatorOrders', '/operator/orders', '/operator/zamowienia', 'operator'),
  r('operatorOrder', '/operator/order/:orderId', '/operator/zamowienie/:orderId', 'operator'),
  r('operatorOffers', '/operator/offers', '/operator/oferty', 'operator'),
  r('operatorOfferKiis', '/operator/offer/:offerId/kiis', '/operator/oferta/:offerId/kiis', 'operator'),
  r('operatorInvestors', '/operator/investors', '/operator/inwestorzy', 'operator'),
  r('operatorInvestor', '/operator/investor/:userId', '/operator/inwestor/:userId', 'operator'),
  r('operatorSettings', '/operator/settings', '/operator/ustawienia', 'operator'),
  r('operatorAudit', '/operator/audit-log', '/operator/dziennik', 'operator'),
  r('operatorDistributions', '/operator/distributions', '/operator/dystrybucje', 'operator'),
  r('operatorPayouts', '/operator/payouts', '/operator/wyplaty', 'operator'),
  r('staticPage', '/:slug', '/:slug'),
];

export const ROUTE_BY_NAME = Object.fromEntries(ROUTES.map((route) => [route.name, route])) as Record<
  RouteName,
  RouteDef
>;

export type RouteParams = Record<string, string>;

function compile(pattern: string): { regex: RegExp; keys: string[] } {
  const keys: string[] = [];
  const source = pattern
    .split('/')
    .map((segment) => {
      const param = /^:(\w+)(\+)?$/.exec(segment);
      if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      keys.push(param[1]);
      // `:slug+` takes one or more segments: a nested offer slug is {slug}/{subslug} (SPEC §7).
      return param[2] ? '(.+)' : '([^/]+)';
    })
    .join('/');
  return { regex: new RegExp(`^${source === '' ? '/' : source}/?$`), keys };
}

const compiled = new Map<string, { regex: RegExp; keys: string[] }>();
function compiledFor(pattern: string) {
  let c = compiled.get(pattern);
  if (!c) compiled.set(pattern, (c = compile(pattern)));
  return c;
}

export interface Match {
  route: RouteDef;
  params: RouteParams;
}

/** Matches a path without the language prefix (`/logowanie`) against the table for that language. */
export function matchRoute(language: Language, pathWithoutPrefix: string): Match | null {
  const path = pathWithoutPrefix === '' ? '/' : pathWithoutPrefix;
  for (const route of ROUTES) {
    const { regex, keys } = compiledFor(route.path[language]);
    const m = regex.exec(path);
    if (m) {
      const params: RouteParams = {};
      keys.forEach((key, i) => {
        params[key] = decodeURIComponent(m[i + 1]);
      });
      return { route, params };
    }
  }
  return null;
}

/** Builds `/{lang}{path}` for a route, filling its parameters. */
export function href(language: Language, name: RouteName, params: RouteParams = {}): string {
  const pattern = ROUTE_BY_NAME[name].path[language];
  const filled = pattern.replace(/:(\w+)\+?/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Route ${name} needs parameter ${key}`);
    // Nested slugs keep their slash; everything else is one encoded segment.
    return key === 'slug' ? value.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(value);
  });
  return `/${language}${filled === '/' ? '/' : filled}`;
}

/** Splits `/pl/logowanie` into its language prefix and the rest. */
export { splitLanguage };

export { LANGUAGES };

/**
 * The same page in another language (SPEC §2 "Language switcher"): the route's translated path with the
 * same parameter values (slug, orderId, resetPasswordToken, page and email are kept as they are), and the
 * same search and hash. Pages whose item has its own slug per language (an offer, a static page) navigate
 * to that slug themselves. An unknown page goes to the other language's home.
 */
export function translatePath(
  location: { pathname: string; search?: string; hash?: string },
  to: Language,
): string {
  const { prefix, rest } = splitLanguage(location.pathname);
  const from = (LANGUAGES as readonly string[]).includes(prefix) ? (prefix as Language) : null;
  const match = from ? matchRoute(from, rest) : null;
  const path = match ? href(to, match.route.name, match.params) : `/${to}/`;
  return `${path}${location.search ?? ''}${location.hash ?? ''}`;
}
