// The back office's calls (docs/api.md "Back office") over the app's one HTTP client. Types from the
// contract with `import type` only.
import type {
  AuditEntry,
  ExceptionResolveBody,
  DocumentUploadBody,
  OfferPatchBody,
  OperatorInvestor,
  OperatorInvestorDetail,
  OperatorOffer,
  OperatorOrderDetail,
  OperatorOrderRow,
  OrderAction,
  OrderActionBody,
  Overview,
  PreviewLink,
  StatementException,
  StatementImport,
  StatementImportDetail,
} from '../../../contract/operator';
import type { KiisEditBody, OperatorKiis } from '../../../contract/kiis';
import type { Distribution, DistributionCreateBody, DistributionDetail, Payout, PayoutFile, PayoutStatus } from '../../../contract/payouts';
import type { DownloadedFile, Http } from '../../api/http';

export interface Paged<T> {
  items: T[];
  pagination: { pageSize: number; pageNumber: number; totalItems: number; totalPages: number };
}

export interface SiteSettings {
  maintenanceMode: boolean;
  maintenanceModeTitle: { pl: string; en: string };
  maintenanceModeMessage: { pl: string; en: string };
  systemMaintenanceMode: boolean;
  systemMaintenanceModeTitle: { pl: string; en: string };
  systemMaintenanceModeMessage: { pl: string; en: string };
}

export interface OrderQuery {
  q?: string;
  status?: string;
  method?: string;
  offer?: string;
  from?: string;
  to?: string;
  /** REFUND_DUE_REVOKED: revoked paid orders waiting for their refund */
  attention?: string;
  page?: number;
}

const paging = (page = 1, pageSize = 25) => ({ 'pagination[pageSize]': pageSize, 'pagination[pageNumber]': page });
const clean = (q: Record<string, string | number | undefined>) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;

/** The file's bytes as base64, read in chunks (a statement can be megabytes). */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function createOperatorApi(http: Http) {
  return {
    overview: (signal?: AbortSignal) => http<Overview>('/operator/overview', { signal }),
    importStatement: async (file: { name: string; file: unknown }, signal?: AbortSignal) =>
      http<StatementImportDetail>('/operator/statements', {
        method: 'POST',
        body: { fileName: file.name, contentBase64: await fileToBase64(file.file as Blob) },
        signal,
      }),
    statements: (signal?: AbortSignal) => http<Paged<StatementImport>>('/operator/statements', { query: paging(1, 20), signal }),
    exceptions: (status: 'open' | 'resolved', signal?: AbortSignal, page = 1) =>
      http<Paged<StatementException>>('/operator/exceptions', { query: { status, ...paging(page, 100) }, signal }),
    resolveException: (id: number, body: ExceptionResolveBody, signal?: AbortSignal) =>
      http<StatementException>(`/operator/exceptions/${id}/resolve`, { method: 'POST', body, signal }),
    orders: (q: OrderQuery, signal?: AbortSignal) =>
      http<Paged<OperatorOrderRow>>('/operator/orders', { query: clean({ ...paging(q.page ?? 1), q: q.q, status: q.status, method: q.method, offer: q.offer, from: q.from, to: q.to, attention: q.attention }), signal }),
    order: (id: string, signal?: AbortSignal) => http<OperatorOrderDetail>(`/operator/orders/${encodeURIComponent(id)}`, { signal }),
    orderAction: (id: string, action: OrderAction, body: OrderActionBody, signal?: AbortSignal) =>
      http<OperatorOrderDetail>(`/operator/orders/${encodeURIComponent(id)}/${action}`, { method: 'POST', body, signal }),
    offers: (signal?: AbortSignal) => http<OperatorOffer[]>('/operator/offers', { signal }),
    patchOffer: (id: number, body: OfferPatchBody, signal?: AbortSignal) => http<OperatorOffer>(`/operator/offers/${id}`, { method: 'PATCH', body, signal }),
    previewLink: (id: number, signal?: AbortSignal) => http<PreviewLink>(`/operator/offers/${id}/preview-link`, { method: 'POST', signal }),
    uploadDocument: async (id: number, body: Omit<DocumentUploadBody, 'contentBase64' | 'fileName'> & { file: Blob & { name: string } }, signal?: AbortSignal) =>
      http<OperatorOffer>(`/operator/offers/${id}/documents`, {
        method: 'POST',
        body: { reason: body.reason, kind: body.kind, displayName: body.displayName, fileName: body.file.name, contentBase64: await fileToBase64(body.file) },
        signal,
      }),
    deleteDocument: (id: number, documentId: number, reason: string, signal?: AbortSignal) =>
      http<OperatorOffer>(`/operator/offers/${id}/documents/${documentId}`, { method: 'DELETE', body: { reason }, signal }),
    /** The offer's key investment information sheets: every version per language (the first is current). */
    kiis: (offerId: number, signal?: AbortSignal) => http<OperatorKiis>(`/operator/offers/${offerId}/kiis`, { signal }),
    /** The operator's text of the sheet in a language: saved as a new version. */
    saveKiis: (offerId: number, language: 'pl' | 'en', body: KiisEditBody, signal?: AbortSignal) =>
      http<OperatorKiis>(`/operator/offers/${offerId}/kiis/${language}`, { method: 'PUT', body, signal }),
    /** A version's PDF (its `url` under /api). */
    kiisPdf: (url: string, signal?: AbortSignal) => http<DownloadedFile>(url.replace(/^\/api/, ''), { responseType: 'blob', signal }),
    investors: (q: string, signal?: AbortSignal) => http<Paged<OperatorInvestor>>('/operator/investors', { query: clean({ q, ...paging(1, 50) }), signal }),
    investor: (id: string, signal?: AbortSignal) => http<OperatorInvestorDetail>(`/operator/investors/${encodeURIComponent(id)}`, { signal }),
    resendActivation: (id: string, signal?: AbortSignal) =>
      http<{ sent: boolean }>(`/operator/investors/${encodeURIComponent(id)}/resend-activation`, { method: 'POST', signal }),
    decideApplication: (id: number, decision: 'approve' | 'reject', reason: string, signal?: AbortSignal) =>
      http<unknown>(`/operator/sophisticated-applications/${id}/${decision}`, { method: 'POST', body: { reason }, signal }),
    settings: (signal?: AbortSignal) => http<SiteSettings>('/operator/site-settings', { signal }),
    patchSettings: (body: Partial<SiteSettings>, signal?: AbortSignal) => http<SiteSettings>('/operator/site-settings', { method: 'PATCH', body, signal }),
    audit: (signal?: AbortSignal, page = 1) => http<Paged<AuditEntry>>('/operator/audit-log', { query: paging(page, 100), signal }),
    closeOffer: (id: number, reason: string, signal?: AbortSignal) =>
      http<OfferCloseResult>(`/operator/offers/${id}/close`, { method: 'POST', body: { reason }, signal }),
    distributions: (signal?: AbortSignal, page = 1) => http<Paged<Distribution>>('/operator/distributions', { query: paging(page, 50), signal }),
    distribution: (id: number, signal?: AbortSignal) => http<DistributionDetail>(`/operator/distributions/${id}`, { signal }),
    declareDistribution: (body: DistributionCreateBody, signal?: AbortSignal) =>
      http<DistributionDetail>('/operator/distributions', { method: 'POST', body, signal }),
    approveDistribution: (id: number, signal?: AbortSignal) =>
      http<DistributionDetail>(`/operator/distributions/${id}/approve`, { method: 'POST', body: {}, signal, forbiddenIsAnswer: true }),
    payouts: (status: PayoutStatus | '', signal?: AbortSignal, page = 1) =>
      http<Paged<Payout>>('/operator/payouts', { query: clean({ status, ...paging(page, 100) }), signal }),
    createPayoutFile: (executionDate: string, signal?: AbortSignal) =>
      http<PayoutFile>('/operator/payout-files', { method: 'POST', body: executionDate ? { executionDate } : {}, signal }),
    payoutFiles: (signal?: AbortSignal, page = 1) => http<Paged<PayoutFile>>('/operator/payout-files', { query: paging(page, 50), signal }),
    payoutFile: (id: number, signal?: AbortSignal) =>
      http<DownloadedFile>(`/operator/payout-files/${id}/pain.001.xml`, { responseType: 'blob', signal }),
    exportFile: (kind: 'orders' | 'payments', signal?: AbortSignal) =>
      http<DownloadedFile>(`/operator/exports/${kind}.csv`, { responseType: 'blob', signal }),
    /** The investor-protection records for the regulator: every investor's, or one investor's. */
    exportProtectionRecords: (investorId?: string, signal?: AbortSignal) =>
      http<DownloadedFile>('/operator/exports/investor-protection.csv', { query: clean({ investor: investorId }), responseType: 'blob', signal }),
  };
}

/** What closing an offer did (contract/payouts.ts offerCloseResultSchema). */
export interface OfferCloseResult {
  outcome: 'funded' | 'not_funded';
  completed: number;
  cancelled: number;
  refunded: number;
  closed: boolean;
}

export type OperatorApi = ReturnType<typeof createOperatorApi>;
