// The investor area's calls (docs/api.md "Investor area", "Orders and payments") over the app's one HTTP
// client. Types come from the contract with `import type` only: no zod reaches the browser.
import type { Order, OrderStatus, OrdersPage } from '../../../contract/orders';
import type { InvestmentDetail, PortfolioPage, ExportKind } from '../../../contract/portfolio';
import type { CashFlowsPage, TransactionsAnswer } from '../../../contract/transactions';
import type { RevokeResult } from '../../../contract/protection';
import type { InvestorPayout } from '../../../contract/payouts';
import type { Http } from '../../api/http';
import type { Pagination } from '../../api/types';
import { fetchFeaturedOffers } from '../../components/offers/api';
import { fetchInvestorDocuments } from '../../components/investor/InvestorDocuments';
import { fetchPrivateFile } from '../../components/investor/ui';

export interface PageParams {
  page: number;
  pageSize: number;
}

const paging = ({ page, pageSize }: PageParams) => ({ 'pagination[pageSize]': pageSize, 'pagination[pageNumber]': page });

export function createInvestorApi(http: Http) {
  return {
    portfolio: (p: PageParams, signal?: AbortSignal) => http<PortfolioPage>('/investment', { query: paging(p), signal }),
    investment: (slug: string, signal?: AbortSignal) =>
      http<InvestmentDetail>(`/investment/${slug.split('/').map(encodeURIComponent).join('/')}`, { signal }),
    orders: (p: PageParams & { status?: OrderStatus }, signal?: AbortSignal) =>
      http<OrdersPage>('/order', { query: { ...paging(p), status: p.status }, signal }),
    order: (id: string, signal?: AbortSignal) => http<Order>(`/order/${encodeURIComponent(id)}`, { signal }),
    /** POST /order/{id}/revoke: the revocation inside the reflection period. */
    revoke: (id: string) => http<RevokeResult>(`/order/${encodeURIComponent(id)}/revoke`, { method: 'POST', body: {} }),
    transactions: (p: PageParams, signal?: AbortSignal) => http<TransactionsAnswer>('/transaction', { query: paging(p), signal }),
    /** Income and refunds paid (or to be paid) to the investor, newest first. */
    payouts: (p: PageParams, signal?: AbortSignal) =>
      http<{ items: InvestorPayout[]; pagination: Pagination }>('/investor/payouts', { query: paging(p), signal }),
    /** Income, tax withheld, capital returned and refunds, newest first. */
    cashFlows: (p: PageParams, signal?: AbortSignal) => http<CashFlowsPage>('/investor/cash-flows', { query: paging(p), signal }),
    documents: (signal?: AbortSignal) => fetchInvestorDocuments(http, signal),
    recommended: (signal?: AbortSignal) => fetchFeaturedOffers(http, 'investorPanel', signal),
    /** A private file (issued PDF, CSV export) by its API path. */
    file: (url: string, signal?: AbortSignal) => fetchPrivateFile(http, url, signal),
    exportUrl: (kind: ExportKind) => `/investor/exports/${kind}.csv`,
  };
}

export type InvestorApi = ReturnType<typeof createInvestorApi>;
