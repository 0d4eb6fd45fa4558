// The screens this feature puts on the route table (contract/routes.ts), merged by src/app/Routes.tsx.
// One lazy screen for the four routes of the flow: moving between steps keeps the page (and its chart)
// mounted, and the chunk loads once.
import type { RouteName } from '../../../contract/routes';
import { lazyScreen } from '../../screens/lazyScreen';
import type { Screen } from '../../screens/screen';

const flow = lazyScreen(() => import('./InvestFlowPage'), (m) => m.InvestFlowPage);
// PayPal sends the payer back here (issue: PayPal): its own chart, its own chunk.
const paypalReturn = lazyScreen(() => import('./PayPalReturnPage'), (m) => m.PayPalReturnPage);

export const investScreens: Partial<Record<RouteName, Screen>> = {
  investPersonal: flow,
  investDocuments: flow,
  investPayment: flow,
  investThankYou: flow,
  paypalReturn,
  // the order page's "pay with PayPal again" (/retry-payment/{orderId}): the same page without PayPal's token
  retryPayment: paypalReturn,
};
