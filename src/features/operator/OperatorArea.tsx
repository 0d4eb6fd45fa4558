// The back office: overview, statement import, exceptions queue, orders (list, detail, actions),
// offers (and closing one early, and each one's key investment information sheet), distributions (declare, review, approve: machines/distribution.machine.ts),
// payouts and their bank file, investors, site settings and the audit log. One lazily loaded chunk, for operators only (the
// route guard in src/app/Routes.tsx; src/features/operator/screens.ts imports this module). Flows are
// charts: the import is machines/statementImport.machine.ts, every action is
// machines/operatorAction.machine.ts, every load machines/load.machine.ts (useLoad). A file a screen; the
// pieces they share (area, tables, fields, pager, styles) are written once in ./ui.tsx.
export { AuditPage } from './AuditPage';
export { DistributionPanel, DistributionsPage } from './DistributionsPage';
export { ExceptionsPage } from './ExceptionsPage';
export { InvestorPage, InvestorsPage } from './InvestorsPage';
export { KiisPage } from './KiisPage';
export { OffersPage } from './OffersPage';
export { OrderPage } from './OrderPage';
export { OrdersPage } from './OrdersPage';
export { OverviewPage } from './OverviewPage';
export { PayoutsPage } from './PayoutsPage';
export { SettingsPage } from './SiteSettingsPage';
export { STATEMENT_MAX_BYTES, StatementImportForm, StatementsPage, useStatementImport } from './StatementsPage';
export { useOperatorAction } from './useOperatorAction';
