// The screens this feature puts on the route table (src/config/paths.ts), merged by src/app/Routes.tsx.
// Each loads on demand; the current route's chunk is started at boot (src/app/Routes.tsx preloadRoute).
import type { RouteName } from '../../config/paths';
import { lazyScreen } from '../../app/lazyScreen';
import type { Screen } from '../../app/screen';

const OffersPage = lazyScreen(() => import('./OffersPage'), (m) => m.OffersPage);

export const publicScreens: Partial<Record<RouteName, Screen>> = {
  home: lazyScreen(() => import('./HomePage'), (m) => m.HomePage),
  offers: OffersPage,
  offersPage: OffersPage,
  faq: lazyScreen(() => import('./FaqPage'), (m) => m.FaqPage),
  aboutUs: lazyScreen(() => import('./AboutPage'), (m) => m.AboutPage),
};
