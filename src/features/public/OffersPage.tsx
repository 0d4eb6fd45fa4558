// The offers list (SPEC §2 "Offers list", "Pagination"): `/investments` and `/investments/page/{page}`,
// page size in the `items` query (6/9/12/15). The list is one load (useLoad over machines/load.machine.ts)
// keyed by page, size, language and query, so it reloads when any of them changes; the paging rules are
// machines/pagination.machine.ts, whose navigate/scroll effects are provided here.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { useLocation, useSearch } from 'wouter';
import { paginationMachine } from '../../../machines/pagination.machine';
import { useAppSystem } from '../../app/AppSystemContext';
import type { Screen } from '../../app/screen';
import { fetchOffers } from '../../components/offers/api';
import { OffersGrid } from '../../components/offers/OffersGrid';
import { listHref, OFFERS_PAGE_SIZES, readPage, readPageSize } from '../../components/offers/paging';
import { Pagination } from '../../components/offers/Pagination';
import { skeletonCountFor, useScreenSize } from '../../components/offers/useScreen';
import { LinkButton } from '../../components/ui/Button';
import { useLoad } from '../../components/ui/useLoad';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { href } from '../../config/paths';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../config/storage';
import { useLanguage, useT } from '../../i18n/i18n';
import { NotFoundPage } from '../../pages/NotFoundPage';
import { Section } from './Blocks';
import { pluralKey } from './plural';

export const OffersPage: Screen = ({ params }) => {
  const t = useT();
  const language = useLanguage();
  const { http } = useAppSystem();
  const [pathname, navigate] = useLocation();
  const search = useSearch();
  const page = readPage(params.page);
  const pageSize = readPageSize(search);
  const screen = useScreenSize();

  const [listView, setListView] = useState(() => readStorage(STORAGE_KEYS.isListView) === 'true');
  const chooseView = (list: boolean) => {
    setListView(list);
    writeStorage(STORAGE_KEYS.isListView, list ? 'true' : 'false');
  };

  const load = useLoad(
    (p: { page: number; pageSize: number; language: string; search: string }, signal) =>
      fetchOffers(http, { page: p.page, pageSize: p.pageSize }, signal),
    { page, pageSize, language, search },
  );

  // The chart's effects read the current location through a ref: the actor outlives renders.
  const here = useRef({ language, search, navigate });
  here.current = { language, search, navigate };
  const paging = useActorRef(
    paginationMachine.provide({
      actions: {
        navigate: (_, p) => {
          const { language: l, search: s, navigate: go } = here.current;
          go(listHref(l, p.page, p.pageSize, s), { replace: p.replace });
        },
        scrollToTop: (_, { smooth }) => {
          if (typeof window.scrollTo === 'function') window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'auto' });
        },
      },
    }),
    { input: { page, pageSize } },
  );
  const requestKey = JSON.stringify([page, pageSize, language, search]);
  const firstRequest = useRef(true);
  useEffect(() => {
    if (firstRequest.current) {
      firstRequest.current = false;
      return;
    }
    paging.send({ type: 'pagination.requested', page, pageSize });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [paging, requestKey]);
  useEffect(() => {
    if (load.status === 'success' && load.data) {
      paging.send({ type: 'pagination.loaded', page, pagination: load.data.pagination });
    }
    // only a new answer counts (page is the one that answer was asked for)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [paging, load.status, load.data]);
  // On failure the not-found page shows, with its own title.
  usePageTitle(load.status === 'failure' ? t('layout.notFound.title') : t('offers.title'));
  const pagingSkeleton = useSelector(paging, (s) => s.hasTag('skeleton'));
  const pagingEmpty = useSelector(paging, (s) => s.matches('empty'));

  if (load.status === 'failure') return <NotFoundPage />;

  const data = load.status === 'success' ? load.data : null;
  const skeleton = load.skeleton || (pagingSkeleton && !pagingEmpty);
  const total = data?.pagination.totalItems ?? 0;
  const empty = !skeleton && data !== null && data.items.length === 0 && pagingEmpty;
  const layout = listView ? 'list' : 'tile';
  const from = `${pathname}${search ? `?${search}` : ''}`;

  return (
    <Section testId="page-offers" labelledBy="offers-title">
      <Header>
        <div>
          <h1 id="offers-title">{t('offers.title')}</h1>
          {data && !skeleton && (
            <Subtitle data-testid="offers-count">{t(pluralKey('offers.count', language, total), { count: total })}</Subtitle>
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
          offers={data?.items ?? []}
          language={language}
          layout={layout}
          from={from}
          label={t('offers.title')}
          skeletons={skeleton ? skeletonCountFor(screen) : 0}
        />
      )}
      <Pagination actorRef={paging} sizes={OFFERS_PAGE_SIZES} />
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
