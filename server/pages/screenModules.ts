/**
 * The module of each route's screen that the browser loads on demand (src/app/Routes.tsx and the features'
 * screens.ts), preloaded with the page so it downloads beside the entry instead of after it. Every route but the
 * back office's (an investor must never download those); tests/unit/screenModules.test.ts checks that each is the
 * module the browser's screen loads.
 */
export const SCREEN_MODULES: Record<string, string> = {
  home: 'src/features/public/HomePage.tsx',
  offers: 'src/features/public/OffersPage.tsx',
  offersPage: 'src/features/public/OffersPage.tsx',
  faq: 'src/features/public/FaqPage.tsx',
  aboutUs: 'src/features/public/AboutPage.tsx',
  offer: 'src/features/offer/OfferPage.tsx',
  staticPage: 'src/features/offer/StaticPage.tsx',
  termsOfUse: 'src/features/offer/StaticPage.tsx',
  privacyPolicy: 'src/features/offer/StaticPage.tsx',
  contact: 'src/features/offer/ContactPage.tsx',
  login: 'src/features/auth/LoginPage.tsx',
  accessDenied: 'src/pages/AccessDeniedPage.tsx',
  register: 'src/features/account/RegisterPage.tsx',
  registerSuccess: 'src/features/account/ActivationPages.tsx',
  activate: 'src/features/account/ActivationPages.tsx',
  resendActivation: 'src/features/account/ActivationPages.tsx',
  confirmEmail: 'src/features/account/ActivationPages.tsx',
  forgotPassword: 'src/features/account/PasswordPages.tsx',
  resetPassword: 'src/features/account/PasswordPages.tsx',
  setPassword: 'src/features/account/PasswordPages.tsx',
  settings: 'src/features/account/SettingsPage.tsx',
  dashboard: 'src/features/investor/DashboardPage.tsx',
  portfolio: 'src/features/investor/PortfolioPage.tsx',
  portfolioPage: 'src/features/investor/PortfolioPage.tsx',
  portfolioInvestment: 'src/features/investor/InvestmentPage.tsx',
  orders: 'src/features/investor/OrdersPage.tsx',
  ordersPage: 'src/features/investor/OrdersPage.tsx',
  order: 'src/features/investor/OrderPage.tsx',
  transactions: 'src/features/investor/TransactionsPage.tsx',
  transactionsPage: 'src/features/investor/TransactionsPage.tsx',
  payouts: 'src/features/investor/PayoutsPage.tsx',
  payoutsPage: 'src/features/investor/PayoutsPage.tsx',
  documents: 'src/features/investor/DocumentsPage.tsx',
  orderRevocation: 'src/features/investor/RevokeLinkPage.tsx',
  investPersonal: 'src/features/invest/InvestFlowPage.tsx',
  investDocuments: 'src/features/invest/InvestFlowPage.tsx',
  investPayment: 'src/features/invest/InvestFlowPage.tsx',
  investThankYou: 'src/features/invest/InvestFlowPage.tsx',
  paypalReturn: 'src/features/invest/PayPalReturnPage.tsx',
  retryPayment: 'src/features/invest/PayPalReturnPage.tsx',
};

/** The not-found page's module, drawn for an address no route matches (src/app/Routes.tsx). */
export const NOT_FOUND_MODULE = 'src/pages/NotFoundPage.tsx';
