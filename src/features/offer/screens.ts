// The screens this feature puts on the route table (contract/routes.ts), merged by src/app/Routes.tsx.
// Loaded on demand: one chunk for the offer page, one for static pages, one for the contact page.
import type { RouteName } from '../../../contract/routes';
import { lazyScreen } from '../../screens/lazyScreen';
import type { Screen } from '../../screens/screen';

const staticPage = () => import('./StaticPage');

export const offerScreens: Partial<Record<RouteName, Screen>> = {
  offer: lazyScreen(() => import('./OfferPage'), (m) => m.OfferPage),
  staticPage: lazyScreen(staticPage, (m) => m.StaticPageRoute),
  termsOfUse: lazyScreen(staticPage, (m) => m.TermsOfUsePage),
  privacyPolicy: lazyScreen(staticPage, (m) => m.PrivacyPolicyPage),
  contact: lazyScreen(() => import('./ContactPage'), (m) => m.ContactPage),
};
