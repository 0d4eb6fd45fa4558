// The offers shown under the not-found and forbidden pages (SPEC §2 "Not-found and forbidden pages"):
// - not found: three featured offers (page size 3) or three skeletons while loading;
// - forbidden: a grid of the latest offers, three columns of width 4 (of 12), a loader while idle.
// Both load through useLoad (machines/load.machine.ts); a failure or an empty list renders nothing.
import styled from 'styled-components';
import { useLocation } from 'wouter';
import { NOT_FOUND_FEATURED_LIST } from '../../../contract/page-data';
import type { Http } from '../../api/http';
import { useLanguage, useT } from '../../i18n/i18n';
import { Spinner } from '../ui/Spinner';
import { useLoad } from '../ui/useLoad';
import { fetchFeaturedOffers, fetchOffers } from './api';
import { OffersGrid } from './OffersGrid';
import { useOptionalHttp } from './useOffersApi';

export const ERROR_PAGE_OFFERS = 3;
const THREE_COLUMNS = { small: 1, medium: 3, large: 3 };

const Block = styled.section`
  max-width: ${({ theme }) => theme.layout.sectionMaxWidth}px;
  margin: 0 auto;
  padding: 0 ${({ theme }) => theme.layout.sectionPaddingSmall}px ${({ theme }) => theme.layout.sectionPadding}px;
  h2 {
    text-align: center;
    color: ${({ theme }) => theme.colors.brown};
  }
`;

const Center = styled.div`
  display: flex;
  justify-content: center;
  padding: 24px;
`;

export function NotFoundOffers() {
  const http = useOptionalHttp();
  return http ? <NotFoundOffersBlock http={http} /> : null;
}

function NotFoundOffersBlock({ http }: { http: Http }) {
  const t = useT();
  const language = useLanguage();
  const [pathname] = useLocation();
  const load = useLoad(
    (p: { language: string }, signal) => fetchFeaturedOffers(http, NOT_FOUND_FEATURED_LIST, signal).then((d) => d.offers.slice(0, ERROR_PAGE_OFFERS)),
    { language },
  );
  if (load.status === 'failure' || (load.status === 'success' && !load.data?.length)) return null;
  return (
    <Block aria-labelledby="not-found-offers">
      <h2 id="not-found-offers">{t('offers.featuredTitle')}</h2>
      <OffersGrid
        offers={load.data ?? []}
        language={language}
        from={pathname}
        skeletons={load.skeleton ? ERROR_PAGE_OFFERS : 0}
        columns={THREE_COLUMNS}
      />
    </Block>
  );
}

export function LatestOffers() {
  const http = useOptionalHttp();
  return http ? <LatestOffersBlock http={http} /> : null;
}

function LatestOffersBlock({ http }: { http: Http }) {
  const t = useT();
  const language = useLanguage();
  const [pathname] = useLocation();
  const load = useLoad(
    (p: { language: string; pageSize: number }, signal) =>
      fetchOffers(http, { page: 1, pageSize: p.pageSize }, signal).then((d) => d.items),
    { language, pageSize: ERROR_PAGE_OFFERS },
  );
  if (load.status === 'failure' || (load.status === 'success' && !load.data?.length)) return null;
  return (
    <Block aria-labelledby="latest-offers">
      <h2 id="latest-offers">{t('offers.latestTitle')}</h2>
      {load.skeleton ? (
        <Center>
          <Spinner />
        </Center>
      ) : (
        <OffersGrid offers={load.data ?? []} language={language} from={pathname} columns={THREE_COLUMNS} />
      )}
    </Block>
  );
}
