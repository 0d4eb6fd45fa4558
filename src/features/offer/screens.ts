// The screens this feature puts on the route table (src/config/paths.ts), merged by src/app/Routes.tsx.
// Loaded on demand: one chunk for the offer page, one for static pages, one for the contact page.
import type { RouteName } from '../../config/paths';
import { lazyScreen } from '../../app/lazyScreen';
import type { Screen } from '../../app/screen';

const staticPage = () => import('./StaticPage');

export const offerScreens: Partial<Record<RouteName, Screen>> = {
  offer: lazyScreen(() => import('./OfferPage'), (m) => m.OfferPage),
  staticPage: lazyScreen(staticPage, (m) => m.StaticPageRoute),
  termsOfUse: lazyScreen(staticPage, (m) => m.TermsOfUsePage),
  privacyPolicy: lazyScreen(staticPage, (m) => m.PrivacyPolicyPage),
  contact: lazyScreen(() => import('./ContactPage'), (m) => m.ContactPage),
};
