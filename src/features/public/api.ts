// The FAQ calls of docs/api.md "Public site" (offers are in src/components/offers/api.ts).
import type { Http } from '../../api/http';

export interface FaqItem {
  id: string;
  question: string;
  answer: string;
}

export const fetchFaq = (http: Http, signal?: AbortSignal) => http<FaqItem[]>('/faq', { signal });
export const fetchFeaturedFaq = (http: Http, signal?: AbortSignal) => http<FaqItem[]>('/faq/featured', { signal });
