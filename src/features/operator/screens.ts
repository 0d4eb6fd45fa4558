// The back office's screens: ONE chunk, requested only when the route guard has seen an operator
// (src/app/Routes.tsx), so investors never download it.
import type { RouteName } from '../../../contract/routes';
import { lazyScreen } from '../../screens/lazyScreen';
import type { Screen } from '../../screens/screen';

const area = () => import('./OperatorArea');

export const operatorScreens: Partial<Record<RouteName, Screen>> = {
  operatorOverview: lazyScreen(area, (m) => m.OverviewPage),
  operatorStatements: lazyScreen(area, (m) => m.StatementsPage),
  operatorExceptions: lazyScreen(area, (m) => m.ExceptionsPage),
  operatorOrders: lazyScreen(area, (m) => m.OrdersPage),
  operatorOrder: lazyScreen(area, (m) => m.OrderPage),
  operatorOffers: lazyScreen(area, (m) => m.OffersPage),
  operatorOfferKiis: lazyScreen(area, (m) => m.KiisPage),
  operatorInvestors: lazyScreen(area, (m) => m.InvestorsPage),
  operatorInvestor: lazyScreen(area, (m) => m.InvestorPage),
  operatorSettings: lazyScreen(area, (m) => m.SettingsPage),
  operatorAudit: lazyScreen(area, (m) => m.AuditPage),
  operatorDistributions: lazyScreen(area, (m) => m.DistributionsPage),
  operatorPayouts: lazyScreen(area, (m) => m.PayoutsPage),
};
