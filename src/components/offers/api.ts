// The offer-list calls of docs/api.md "Public site", over the app's one HTTP client.
import type { Http } from '../../api/http';
import type { Paged } from '../../api/types';
import type { FeaturedListName, FeaturedOffers, OfferSummary } from './types';

export function fetchOffers(
  http: Http,
  { page, pageSize }: { page: number; pageSize: number },
  signal?: AbortSignal,
): Promise<Paged<OfferSummary>> {
  return http<Paged<OfferSummary>>('/offers', {
    query: { 'pagination[pageSize]': pageSize, 'pagination[pageNumber]': page },
    signal,
  });
}

export function fetchFeaturedOffers(http: Http, listName: FeaturedListName, signal?: AbortSignal): Promise<FeaturedOffers> {
  return http<FeaturedOffers>('/offer/featured', { query: { listName }, signal });
}
