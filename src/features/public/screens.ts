// The screens this feature puts on the route table (src/config/paths.ts), merged by src/app/Routes.tsx.
// Home is in the first chunk (it is where most visits start); the others load on demand.
import type { RouteName } from '../../config/paths';
import { lazyScreen } from '../../app/lazyScreen';
import type { Screen } from '../../app/screen';
import { HomePage } from './HomePage';

const OffersPage = lazyScreen(() => import('./OffersPage'), (m) => m.OffersPage);

export const publicScreens: Partial<Record<RouteName, Screen>> = {
  home: HomePage,
  offers: OffersPage,
  offersPage: OffersPage,
  faq: lazyScreen(() => import('./FaqPage'), (m) => m.FaqPage),
  aboutUs: lazyScreen(() => import('./AboutPage'), (m) => m.AboutPage),
};
