// The single offer (SPEC §2): loads GET /offers/{slug} (nested {slug}/{subslug}, ?previewToken) with
// useLoad, renders the offer's template, its description accordion, sections and sticky bar; a failure
// shows the not-found page. The page registers its address in each language for the language switcher.
import { useSelector } from '@xstate/react';
import { Suspense, useEffect, useRef } from 'react';
import styled from 'styled-components';
import { Link, useSearch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { useAppSystem } from '../../system/AppSystemContext';
import { useSession } from '../../system/useSession';
import { useLatestCallback } from '../../components/ui/useLatestCallback';
import { lazyComponent } from '../../screens/lazyComponent';
import { AfterFirstPaint } from '../../components/ui/AfterFirstPaint';
import { tileTemplateOf } from '../../components/media/mapTiles';
import { SectionEnvironmentContext } from '../../components/sections/SectionContext';
import { ServerHtml } from '../../components/ui/ServerHtml';
import { useLoad } from '../../components/ui/useLoad';
import { usePageTitle } from '../../components/ui/usePageTitle';
import type { Language } from '../../config/env';
import { href, type RouteParams } from '../../../contract/routes';
import { useAlternateLinks } from '../../components/language/alternates';
import { useLanguage, useT } from '../../i18n/i18n';
import { NotFoundPage } from '../../pages/lazyPages';
import { media } from '../../../lib/theme';
import { offerStatus } from '../../components/offers/figures';
import { OfferFigures } from '../../components/offers/OfferFigures';
import { Badges } from './Badges';
import { Descriptions, scrollToWithOffset, useDescriptionsAccordion } from './Descriptions';
import { InvestBox } from './InvestBox';
import { offerDescription, offerTitle } from './offerRules';
import { offerApiPath } from '../../../contract/page-data';
import { OfferSkeleton } from './PageSkeleton';
import { useScrolledPast } from './useScrolledPast';
import { DefaultHero, FullWidthGalleryHero, PropertiesCard, PropertyList } from './templates';
import type { Offer } from './types';
import { useMetaDescription } from './useMetaDescription';

// The sticky bar shows only once the invest box has scrolled away: its code is not on the first screen's path.
const StickyBar = lazyComponent(() => import('./StickyBar').then((m) => m.StickyBar));
// The offer's sections are below the fold: their code is a chunk of its own, which a hydrating page fetches when
// React reaches them (the server's HTML stays in place until it is there) instead of before the first hydration.
const SectionsGrid = lazyComponent(() => import('../../components/sections/SectionsGrid').then((m) => m.SectionsGrid));

export interface OfferLinkState {
  /** the page (path and query) the user came from: the offers list passes it to offer links */
  from?: string;
}

export function OfferPage({ params }: { params: RouteParams }) {
  const { http } = useAppSystem();
  const t = useT();
  const language = useLanguage();
  const search = useSearch();
  const previewToken = new URLSearchParams(search).get('previewToken') ?? undefined;
  const slug = params.slug ?? '';
  const { status, data: offer, skeleton, reload } = useLoad(
    (p: { slug: string; previewToken?: string; language: Language }, signal) =>
      http<Offer>(offerApiPath(p.slug), { query: { previewToken: p.previewToken }, signal }),
    { slug, previewToken, language },
  );
  // A signed-in investor may see more of an offer (its investors' documents) than the anonymous visitor the server
  // drew the page for: when the page comes to show a session (the hydrated page, a sign-in), or stops showing one,
  // the offer is asked for again, the page staying on screen meanwhile.
  const { loggedIn } = useSession();
  const shownFor = useRef(loggedIn);
  const reloadLatest = useLatestCallback(reload);
  useEffect(() => {
    if (shownFor.current === loggedIn) return;
    shownFor.current = loggedIn;
    reloadLatest();
  }, [loggedIn, reloadLatest]);

  const loaded = status === 'success' && offer ? offer : null;
  const query = previewToken ? `?previewToken=${encodeURIComponent(previewToken)}` : '';
  useAlternateLinks(
    loaded
      ? {
          pl: href('pl', 'offer', { slug: loaded.slug.pl }) + query,
          en: href('en', 'offer', { slug: loaded.slug.en }) + query,
        }
      : null,
  );
  usePageTitle(offerTitle(loaded, t('offer.investments')));
  useMetaDescription(loaded ? offerDescription(loaded) : null);

  if (status === 'failure') return <NotFoundPage />;
  if (skeleton || !loaded) return <OfferSkeleton variant={offer?.templateName === 'fullWidthGallery' ? 'fullWidth' : 'default'} />;
  return <OfferView offer={loaded} />;
}

export function OfferView({ offer }: { offer: Offer }) {
  const t = useT();
  const language = useLanguage();
  const { boot } = useAppSystem();
  const { loggedIn } = useSession();
  const content = useSelector(boot, (s) => s.context.staticContent);
  const history = useHistoryState<OfferLinkState | null>();
  const back = history?.from ?? href(language, 'offers');

  const descriptions = [...offer.descriptions].sort((a, b) => a.position - b.position);
  const accordion = useDescriptionsAccordion(descriptions.length, `offer-description-${offer.id}`);
  const box = useRef<HTMLDivElement>(null);
  const past = useScrolledPast(box);
  const properties = [...offer.properties].sort((a, b) => a.position - b.position);
  const fullWidth = offer.templateName === 'fullWidthGallery';

  const investNow = () => {
    scrollToWithOffset(box.current);
    box.current?.focus({ preventScroll: true });
  };

  return (
    <SectionEnvironmentContext.Provider value={{ tileTemplate: tileTemplateOf(content), loggedIn }}>
      <article data-testid="offer-page" data-template={offer.templateName}>
        {fullWidth ? <FullWidthGalleryHero offer={offer} /> : <DefaultHero offer={offer} />}
        <Container>
          <BackLink href={back} data-testid="back-to-offers">
            ← {t('offer.backToOffers')}
          </BackLink>
          <Columns>
            <Main>
              {fullWidth && <Badges badges={offer.badges} status={offerStatus(offer)} />}
              <h1>{offer.title}</h1>
              {offer.projectType && !fullWidth && <ProjectType>{offer.projectType}</ProjectType>}
              <ServerHtml html={offer.mainDescription ?? ''} className="main-description" />
              {/* what investors decide on, drawn as on the offer's card */}
              <Figures data-testid="offer-figures" aria-labelledby="offer-figures-title">
                <h2 id="offer-figures-title">{t('offer.figures')}</h2>
                <OfferFigures offer={offer} language={language} title={offer.title ?? ''} wide />
              </Figures>
              {fullWidth ? <PropertiesCard offer={offer} properties={properties} /> : <PropertyList properties={properties} />}
            </Main>
            <Aside>
              <InvestBox ref={box} offer={offer} />
            </Aside>
          </Columns>
          {/* Below the fold: a boundary of its own, which React hydrates apart from the page's top, in a pass that
              yields to the browser, and its effects are committed apart too. */}
          <Suspense fallback={null}>
            <Descriptions items={descriptions} actorRef={accordion} idPrefix={`offer-description-${offer.id}`} />
            <Sections>
              <SectionsGrid sections={offer.sections} />
            </Sections>
          </Suspense>
        </Container>
        <AfterFirstPaint>
          <StickyBar offer={offer} visible={past} onInvest={investNow} />
        </AfterFirstPaint>
      </article>
    </SectionEnvironmentContext.Provider>
  );
}

const Container = styled.div`
  max-width: ${({ theme }) => theme.layout.sectionMaxWidth}px;
  margin: 0 auto;
  padding: 24px ${({ theme }) => theme.layout.sectionPaddingSmall}px 120px;
`;

const BackLink = styled(Link)`
  display: inline-block;
  margin-bottom: 16px;
  font-weight: 700;
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(260px, 1fr);
  gap: 32px;
  margin-bottom: 40px;
  ${media.down('md')} {
    grid-template-columns: 1fr;
  }
`;

const Main = styled.div`
  h1 {
    margin: 12px 0 4px;
    font-size: 2.2rem;
    color: ${({ theme }) => theme.colors.brown};
  }
`;

const Figures = styled.section`
  display: flex;
  flex-direction: column;
  gap: 12px;
  margin: 24px 0;
  padding: 20px 24px;
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.colors.white};
  box-shadow: ${({ theme }) => theme.shadow};
  h2 {
    margin: 0;
    font-size: 1.1rem;
    color: ${({ theme }) => theme.colors.brown};
  }
`;

const ProjectType = styled.p`
  margin: 0 0 16px;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.green};
`;

const Aside = styled.aside`
  align-self: start;
  position: sticky;
  top: ${({ theme }) => theme.layout.headerHeight + 16}px;
`;

const Sections = styled.div`
  margin-top: 48px;
`;
