// The investing calls of docs/api.md ("Investing", "Orders and payments"), over the one HTTP client, shaped
// for the investment chart: a validation answer is a list of errors (a 4xx with errors is an answer, not
// a failure), offers and the account become what the flow needs.
import type { CreateInvestmentBody, CreateInvestmentResult, InvestmentQuote, TransactionMethod, ValidateInvestmentBody } from '../../../contract/investment';
import type { Order } from '../../../contract/orders';
import type { KnowledgeTestBody, KnowledgeTestResult, KnowledgeTestState } from '../../../contract/protection';
import type { TransactionsAnswer } from '../../../contract/transactions';
import type { FlowKiis, FlowOffer, FlowProtection, InvestorDraft, ValidationAnswer } from '../../../machines/investment.machine';
import { ApiRequestError, type Http } from '../../api/http';
import type { Address } from '../../api/types';
import type { Language } from '../../config/env';

/** GET /offers/{slug}, the parts the flow uses. */
interface OfferAnswer {
  id: number | string;
  slug: { pl: string; en: string };
  title: string | null;
  mainDescription: string | null;
  thumbUrl: string | null;
  isOpen: boolean;
  series: { id: number | string; name: string; pricePerShare: number; minStocks: number; availableShares: number; isOpen: boolean }[];
  documents?: { general: Doc[]; investor: Doc[] };
  agreements?: { id: number | string; content: string; required: boolean }[];
}
interface Doc {
  id: number | string;
  displayName: string;
  url: string;
}

interface InvestorAnswer {
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  address: Address;
}

/** An offer of GET /offers/{slug} as the flow knows it. */
export function toFlowOffer(offer: OfferAnswer): FlowOffer {
  return {
    id: Number(offer.id),
    slug: offer.slug,
    title: offer.title ?? '',
    mainDescription: offer.mainDescription ?? '',
    thumbUrl: offer.thumbUrl,
    isOpen: offer.isOpen,
    series: offer.series.map((s) => ({ ...s, id: Number(s.id) })),
    documents: (offer.documents?.investor ?? []).map((d) => ({ id: String(d.id), displayName: d.displayName, url: d.url })),
    agreements: (offer.agreements ?? []).map((a) => ({ id: String(a.id), content: a.content, required: a.required })),
  };
}

export function toInvestorDraft(investor: InvestorAnswer): InvestorDraft {
  return {
    firstName: investor.firstName ?? '',
    lastName: investor.lastName ?? '',
    phone: investor.phone ?? '',
    address: investor.address?.street ?? '',
    city: investor.address?.city ?? '',
    zip: investor.address?.zip ?? '',
    country: investor.address?.country || 'PL',
  };
}

const offerPath = (slug: string) => `/offers/${slug.split('/').filter(Boolean).map(encodeURIComponent).join('/')}`;

export function createInvestApi(http: Http) {
  return {
    offer: (slug: string, signal?: AbortSignal) => http<OfferAnswer>(offerPath(slug), { signal }).then(toFlowOffer),

    /** The account's data to prefill the form with; null when it cannot be read (the form starts empty). */
    investor: (signal?: AbortSignal) =>
      http<InvestorAnswer>('/investor', { signal }).then(toInvestorDraft, (error: unknown) => {
        if (signal?.aborted) throw error;
        return null;
      }),

    countries: (signal?: AbortSignal) =>
      http<{ countries: { id: number | string; code: string }[] }>('/investor/register', { signal }).then(
        (d) => (d?.countries ?? []).map((c) => c.code),
        () => ['PL'],
      ),

    /** POST /investment/validate: the answer's errors (none when valid) and the server's figures. */
    async validate(body: ValidateInvestmentBody, signal?: AbortSignal): Promise<ValidationAnswer> {
      try {
        const quote = await http<InvestmentQuote | null>('/investment/validate', { method: 'POST', body, signal });
        return { errors: [], quote: quote ?? null };
      } catch (error) {
        if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 403) {
          return { errors: error.errors, quote: null };
        }
        throw error;
      }
    },

    /** GET /transaction?amount=: the methods with their commission for the amount (grosze). */
    methods: (amount: number, signal?: AbortSignal) =>
      http<TransactionsAnswer>('/transaction', { query: { amount, 'pagination[pageSize]': 1 }, signal }).then((d) => d.methods as TransactionMethod[]),

    /** POST /investment with the attempt's Idempotency-Key; PayPal comes back to `thankYouPageUrlPattern`. */
    create: (body: CreateInvestmentBody, attemptKey: string, thankYouPageUrlPattern: string, signal?: AbortSignal) =>
      http<CreateInvestmentResult>('/investment', {
        method: 'POST',
        body: { ...body, thankYouPageUrlPattern },
        headers: { 'Idempotency-Key': attemptKey },
        signal,
      }),

    /** GET /investor/knowledge-test: the questionnaire (in the request's language), classification and latest result. */
    knowledgeTest: (signal?: AbortSignal) => http<KnowledgeTestState>('/investor/knowledge-test', { signal }),
    submitKnowledgeTest: (body: KnowledgeTestBody, signal?: AbortSignal) =>
      http<KnowledgeTestResult>('/investor/knowledge-test', { method: 'POST', body, signal }),
    acknowledgeRisk: (signal?: AbortSignal) => http<KnowledgeTestResult>('/investor/knowledge-test/acknowledge-risk', { method: 'POST', body: {}, signal }),

    /** What the flow needs of investor protection: whether the test comes first, and the large-investment threshold. */
    protection: (signal?: AbortSignal): Promise<FlowProtection> =>
      http<KnowledgeTestState>('/investor/knowledge-test', { signal }).then((state) => ({
        testRequired: state.classification !== 'sophisticated' && state.result?.allowsOrders !== true,
        // the server's threshold for this investor's latest result; a sophisticated investor is not warned
        threshold: state.classification === 'sophisticated' ? null : (state.largeInvestment?.threshold ?? null),
      })),

    /** GET /offer/{id}/kiis: the offer's key investment information sheet in a language (its hash and PDF address). */
    kiis: (offerId: number, language: Language, signal?: AbortSignal): Promise<FlowKiis> =>
      http<{ hash: string; url: string }>(`/offer/${offerId}/kiis`, { query: { language }, signal }).then((k) => ({ hash: k.hash, url: k.url })),

    /** GET /order/{id}: the order as it is now (the thank-you page reads it on every entry). */
    order: (id: string, signal?: AbortSignal) => http<Order>(`/order/${encodeURIComponent(id)}`, { signal }),
  };
}

export type InvestApi = ReturnType<typeof createInvestApi>;

/** Where PayPal sends the payer back: the PayPal return page of this offer, `{orderId}` left for the server. */
export function thankYouPageUrlPattern(origin: string, language: Language, slug: string, hrefOf: (params: Record<string, string>) => string): string {
  return `${origin}${hrefOf({ slug, orderId: '__ORDER__' }).replace('__ORDER__', '{orderId}')}`;
}
