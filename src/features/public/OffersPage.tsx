// The offers list (SPEC §2 "Offers list", "Pagination"): `/investments` and `/investments/page/{page}`,
// page size in the `items` query (6/9/12/15). One chart owns the list (machines/offersList.machine.ts): its
// load, its paging and where to go; the view reads the address, sends it to the chart when it changes, and
// renders the chart's state. `/page/1` and `/page/abc` are replaced by the list's own address.
import { useActorRef } from '@xstate/react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import styled from 'styled-components';
import { useLocation, useSearch } from 'wouter';
import { fromPromise, type Snapshot } from 'xstate';
import { createOffersListMachine, type OffersListAnswer, type OffersListRequest } from '../../../machines/offersList.machine';
import { useAppSystem } from '../../system/AppSystemContext';
import type { Screen } from '../../screens/screen';
import { fetchOffers } from '../../components/offers/api';
import { OffersGrid } from '../../components/offers/OffersGrid';
import { listHref, OFFERS_PAGE_SIZES, readPage, readPageSize } from '../../../contract/paging';
import { PageControl, PageControlPlaceholder } from '../../components/offers/Pagination';
import type { OfferSummary } from '../../components/offers/types';
import { aboveTheFoldCount, screenSizeNow, skeletonCountFor, type ScreenSize } from '../../components/offers/useScreen';
import { LinkButton } from '../../components/ui/Button';
import { useSnapshotInTransition } from '../../components/ui/useSnapshotInTransition';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { href } from '../../../contract/routes';
import { readStorage, STORAGE_KEYS, writeListView } from '../../config/storage';
import { loadSlot, useFirstLoad, useFirstLoads } from '../../ssr/firstLoads';
import { settleChart } from '../../ssr/settle';
import { useLanguage, useT } from '../../i18n/i18n';
import { NotFoundPage } from '../../pages/lazyPages';
import { Section } from './Blocks';
import { pluralKey } from '../../../lib/format';

const offersListMachine = createOffersListMachine<OfferSummary>();

/** The list's own address for a page: the first page has no page segment, other pages their number. */
export function isListAddress(pageParam: string | undefined): boolean {
  return pageParam === undefined || (/^[1-9]\d*$/.test(pageParam) && pageParam !== '1');
}

/**
 * The cards a page will show, for the places the skeleton holds: a full page until the total is known (the first
 * load), then what is left of the total from that page on.
 */
export function expectedCount(page: number, pageSize: number, total: number): number {
  if (!(total > 0)) return pageSize;
  return Math.max(0, Math.min(pageSize, total - (page - 1) * pageSize));
}

export const OffersPage: Screen = ({ params }) => {
  const t = useT();
  const language = useLanguage();
  const { http } = useAppSystem();
  const [pathname, navigate] = useLocation();
  const search = useSearch();
  const request: OffersListRequest = {
    page: readPage(params.page),
    pageSize: readPageSize(search),
    language,
    search,
    canonical: isListAddress(params.page),
  };

  // The stored choice is the browser's; its cookie copy tells the server (and so the hydrating render) which view
  // to draw. Should the two differ (a choice made before the cookie existed), the browser switches right after
  // hydrating, since React keeps the server's attributes on a mismatch rather than correcting them. A page the
  // browser renders itself reads the choice at once.
  const serverListView = useFirstLoads()?.preferences.offersListView ?? false;
  const storedListView = useSyncExternalStore(subscribeToNothing, () => readStorage(STORAGE_KEYS.isListView) === 'true', () => serverListView);
  const [chosenView, setListView] = useState<boolean | null>(null);
  const listView = chosenView ?? storedListView;
  const chooseView = (list: boolean) => {
    setListView(list);
    writeListView(list);
  };

  const fetch = fromPromise<OffersListAnswer<OfferSummary>, OffersListRequest>(({ input, signal }) =>
    fetchOffers(http, { page: input.page, pageSize: input.pageSize }, signal),
  );
  const requestKey = JSON.stringify(request);
  // A server-rendered page's list: the server runs the chart to its first view (the page's own answer, no redirect)
  // and the hydrating browser starts the chart there, so neither draws skeletons the other did not.
  const { settled, id, first } = useFirstLoad(requestKey, () =>
    settleChart(
      offersListMachine.provide({ actors: { fetch }, actions: { navigate: () => {}, scrollToTop: () => {} } }),
      request,
      { type: 'offersList.requested', request },
      (s) => s.matches('idle') || s.matches('loading'),
      (s) => s.matches('ready') || s.matches('empty'),
    ),
  );
  // the list keeps no failure from the server (a failed list is asked again)
  const restoredList = settled && 'data' in settled ? settled : null;

  // The screen a request's cards are drawn for (how many skeletons, how many images load at once), read when the
  // request is made, not followed: a list the server drew keeps the server's (it knows no screen, so the large
  // one), so hydrating it on a phone draws nothing a second time; every later request reads the screen's own.
  const [drawnFor, setDrawnFor] = useState<{ key: string; screen: ScreenSize }>(() => ({
    key: requestKey,
    screen: restoredList ? 'large' : screenSizeNow(),
  }));
  if (drawnFor.key !== requestKey) setDrawnFor({ key: requestKey, screen: screenSizeNow() });
  const { screen } = drawnFor;
  const list = useActorRef(
    offersListMachine.provide({
      actors: { fetch },
      actions: {
        navigate: (_, p) => navigate(listHref(p.language, p.page, p.pageSize, p.search), { replace: p.replace }),
        scrollToTop: (_, { smooth }) => {
          if (typeof window.scrollTo === 'function') window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'auto' });
        },
      },
    }),
    restoredList ? { input: request, snapshot: restoredList.data as Snapshot<unknown> } : { input: request },
  );
  // The address is the list's input: every change of it (and the first one) is a request, except the first when
  // the chart was restored already answered.
  const restoredFor = useRef(restoredList ? requestKey : null);
  useEffect(() => {
    const restored = restoredFor.current === requestKey;
    restoredFor.current = null;
    if (restored) {
      if (first?.side === 'client') first.loads.delete(loadSlot(id, requestKey));
      return;
    }
    list.send({ type: 'offersList.requested', request: JSON.parse(requestKey) as OffersListRequest });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list, requestKey]);

  // The list's state reaches the view in a transition: a page of cards is drawn time-sliced.
  const state = useSnapshotInTransition(list);
  const failed = state.matches('failure');
  const empty = state.matches('empty');
  const ready = state.hasTag('controls');
  const skeleton = state.hasTag('skeleton');
  const { items, totalItems: total, totalPages } = state.context;
  // On failure the not-found page shows, with its own title.
  usePageTitle(failed ? t('layout.notFound.title') : t('offers.title'));

  if (failed) return <NotFoundPage />;

  const layout = listView ? 'list' : 'tile';
  const from = `${pathname}${search ? `?${search}` : ''}`;

  return (
    <Section testId="page-offers" labelledBy="offers-title">
      <Header>
        <div>
          <h1 id="offers-title">{t('offers.title')}</h1>
          {/* the count's line is kept while loading, so the list does not move down when it arrives */}
          {ready ? (
            <Subtitle data-testid="offers-count">{t(pluralKey('offers.count', language, total), { count: total })}</Subtitle>
          ) : (
            <Subtitle aria-hidden="true">{'\u00a0'}</Subtitle>
          )}
        </div>
        <Toggle role="group" aria-label={t('offers.view.label')}>
          <button type="button" aria-pressed={!listView} onClick={() => chooseView(false)}>
            {t('offers.view.tiles')}
          </button>
          <button type="button" aria-pressed={listView} onClick={() => chooseView(true)}>
            {t('offers.view.list')}
          </button>
        </Toggle>
      </Header>
      {empty ? (
        <Empty data-testid="offers-empty">
          <p>{t('offers.empty.text')}</p>
          <LinkButton href={href(language, 'home')}>{t('offers.empty.back')}</LinkButton>
        </Empty>
      ) : (
        <OffersGrid
          offers={skeleton ? [] : items}
          language={language}
          layout={layout}
          from={from}
          label={t('offers.title')}
          // right under the page's h1
          headingLevel={2}
          skeletons={skeleton ? skeletonCountFor(screen) : 0}
          reserve={skeleton ? expectedCount(request.page, request.pageSize, total) : 0}
          // the first card's image is the list's LCP element, preloaded by the server (server/pages/spaHtml.ts)
          eager={aboveTheFoldCount(screen, layout)}
          priority
        />
      )}
      {!empty &&
        (totalPages >= 1 ? (
          <PageControl
            page={request.page}
            pageSize={request.pageSize}
            totalPages={totalPages}
            ready={ready}
            sizes={OFFERS_PAGE_SIZES}
            hrefFor={(p) => listHref(language, p, request.pageSize, search)}
            onPage={(p) => list.send({ type: 'offersList.pageSelected', page: p })}
            onPageSize={(size) => list.send({ type: 'offersList.pageSizeSelected', pageSize: size })}
          />
        ) : (
          <PageControlPlaceholder aria-hidden="true" />
        ))}
    </Section>
  );
};

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: 16px;
  margin-bottom: 24px;
  h1 {
    margin: 0;
  }
`;

const Subtitle = styled.p`
  margin: 8px 0 0;
  min-height: 1.5em;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Toggle = styled.div`
  display: inline-flex;
  border: 2px solid ${({ theme }) => theme.colors.green};
  border-radius: ${({ theme }) => theme.radius}px;
  overflow: hidden;
  button {
    min-height: 40px;
    padding: 0 16px;
    border: none;
    background: ${({ theme }) => theme.colors.white};
    color: ${({ theme }) => theme.colors.green};
    font: inherit;
    font-weight: 700;
    cursor: pointer;
  }
  button[aria-pressed='true'] {
    background: ${({ theme }) => theme.colors.green};
    color: ${({ theme }) => theme.colors.white};
  }
`;

const Empty = styled.div`
  padding: 48px 16px;
  text-align: center;
  p {
    margin: 0 0 16px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** The stored view choice changes only through this page's own buttons. */
function subscribeToNothing(): () => void {
  return () => {};
}
