// The investor area's screens on the route table (contract/routes.ts), merged by src/app/Routes.tsx.
// Loaded on demand, a chunk per screen (victory only with the portfolio and single-investment screens).
import type { RouteName } from '../../../contract/routes';
import { lazyScreen } from '../../screens/lazyScreen';
import type { Screen } from '../../screens/screen';

const portfolio = () => import('./PortfolioPage');
const orders = () => import('./OrdersPage');
const transactions = () => import('./TransactionsPage');
const payouts = () => import('./PayoutsPage');

export const investorScreens: Partial<Record<RouteName, Screen>> = {
  dashboard: lazyScreen(() => import('./DashboardPage'), (m) => m.DashboardPage),
  portfolio: lazyScreen(portfolio, (m) => m.PortfolioPage),
  portfolioPage: lazyScreen(portfolio, (m) => m.PortfolioPage),
  portfolioInvestment: lazyScreen(() => import('./InvestmentPage'), (m) => m.InvestmentPage),
  orders: lazyScreen(orders, (m) => m.OrdersPage),
  ordersPage: lazyScreen(orders, (m) => m.OrdersPage),
  order: lazyScreen(() => import('./OrderPage'), (m) => m.OrderPage),
  transactions: lazyScreen(transactions, (m) => m.TransactionsPage),
  transactionsPage: lazyScreen(transactions, (m) => m.TransactionsPage),
  payouts: lazyScreen(payouts, (m) => m.PayoutsPage),
  payoutsPage: lazyScreen(payouts, (m) => m.PayoutsPage),
  documents: lazyScreen(() => import('./DocumentsPage'), (m) => m.DocumentsPage),
  // public: the revoke link of an order confirmation e-mail, signed in or not
  orderRevocation: lazyScreen(() => import('./RevokeLinkPage'), (m) => m.RevokeLinkPage),
};
