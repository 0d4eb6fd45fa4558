// The screens this feature puts on the route table (src/config/paths.ts), merged by src/app/Routes.tsx.
import type { RouteName } from '../../config/paths';
import type { Screen } from '../../app/screen';
import { ContactPage } from './ContactPage';
import { OfferPage } from './OfferPage';
import { PrivacyPolicyPage, StaticPageRoute, TermsOfUsePage } from './StaticPage';

export const offerScreens: Partial<Record<RouteName, Screen>> = {
  offer: OfferPage,
  staticPage: StaticPageRoute,
  termsOfUse: TermsOfUsePage,
  privacyPolicy: PrivacyPolicyPage,
  contact: ContactPage,
};
