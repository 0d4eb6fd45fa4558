// The screens this feature puts on the route table (contract/routes.ts), merged by src/app/Routes.tsx.
// Each loads on demand; the current route's chunk is started at boot (src/app/Routes.tsx preloadRoute).
import type { RouteName } from '../../../contract/routes';
import { lazyScreen } from '../../screens/lazyScreen';
import type { Screen } from '../../screens/screen';

const OffersPage = lazyScreen(() => import('./OffersPage'), (m) => m.OffersPage);

export const publicScreens: Partial<Record<RouteName, Screen>> = {
  home: lazyScreen(() => import('./HomePage'), (m) => m.HomePage),
  offers: OffersPage,
  offersPage: OffersPage,
  faq: lazyScreen(() => import('./FaqPage'), (m) => m.FaqPage),
  aboutUs: lazyScreen(() => import('./AboutPage'), (m) => m.AboutPage),
};
