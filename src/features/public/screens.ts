// The screens this feature puts on the route table (src/config/paths.ts), merged by src/app/Routes.tsx.
import type { RouteName } from '../../config/paths';
import type { Screen } from '../../app/screen';
import { AboutPage } from './AboutPage';
import { FaqPage } from './FaqPage';
import { HomePage } from './HomePage';
import { OffersPage } from './OffersPage';

export const publicScreens: Partial<Record<RouteName, Screen>> = {
  home: HomePage,
  offers: OffersPage,
  offersPage: OffersPage,
  faq: FaqPage,
  aboutUs: AboutPage,
};
