// The home page (SPEC §2 "Home page"): hero slider, the five content-managed sections, the featured-offers
// block of the `homepage` list and an FAQ section. Page title: the SEO title, else 'homepage'.
import styled from 'styled-components';
import { Link, useLocation } from 'wouter';
import { useAppSystem } from '../../system/AppSystemContext';
import { useSession } from '../../system/useSession';
import { contentNode, contentText } from '../../api/content';
import { fetchFeaturedOffers } from '../../components/offers/api';
import { OffersGrid } from '../../components/offers/OffersGrid';
import { aboveTheFoldCount, skeletonCountFor, useScreenSize } from '../../components/offers/useScreen';
import { AfterFirstPaint } from '../../components/ui/AfterFirstPaint';
import { useLoad } from '../../components/ui/useLoad';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { homeTitle } from '../../config/pageTitles';
import { href } from '../../../contract/routes';
import { useLanguage, useT } from '../../i18n/i18n';
import { fetchFeaturedFaq } from './api';
import { DescriptionBlock, Section } from './Blocks';
import { ContentLinkButton } from './ContentLinkButton';
import { FaqList, FaqSkeleton } from './FaqList';
import { HeroSlider } from './HeroSlider';
import { CardSection, homeNode, IntroSection, ListCardSection, SponsorBandSection, TilesSection } from './HomeSections';
import { PlatformStatsBand } from './PlatformStats';
import { homepageSlice, HOMEPAGE_SLICE } from './rules';
import { useIsLoggedIn, useSliderItems, useStaticContent } from './useSiteContent';

export function HomePage() {
  const t = useT();
  const { user, pending } = useSession();
  const content = useStaticContent();
  const slider = useSliderItems();
  const loggedIn = useIsLoggedIn();
  const title = homeTitle(content, t('common.homepage'));
  // The SEO title is the whole title here, without a suffix.
  usePageTitle(title, '');
  const tree = content?.content;
  // The intro's title is the page's h1; without one, an h1 for assistive technology only.
  const introTitle = contentText(content, 'homepage.intro.title');
  return (
    <div data-testid="page-home">
      {!introTitle && <h1 style={HIDDEN}>{title}</h1>}
      <HeroSlider items={slider} isLoggedIn={loggedIn} />
      {user ? (
        <Welcome data-testid="welcome">{t('pages.welcome', { name: user.userData.firstName })}</Welcome>
      ) : (
        // Drawn by the server for a visitor whose cookie says they hold a session: the greeting's line is kept
        // (unseen) until their name is known, so the page below it does not move when it comes.
        pending && <Welcome aria-hidden="true" style={{ visibility: 'hidden' }}>{'\u00a0'}</Welcome>
      )}
      <IntroSection node={homeNode(tree, 'intro')} />
      <PlatformStatsBand />
      {/* Below the fold on every screen size: drawn right after the hero and intro are on screen. */}
      <AfterFirstPaint>
        <TilesSection node={homeNode(tree, 'tiles')} />
        <FeaturedOffersBlock />
        <CardSection node={homeNode(tree, 'card')} />
        <ListCardSection node={homeNode(tree, 'listCard')} />
        <SponsorBandSection node={homeNode(tree, 'sponsorBand')} />
        <HomeFaqSection />
      </AfterFirstPaint>
    </div>
  );
}

const HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
} as const;

/** The `homepage` featured list: title, description and link button from `featuredOffers.*` content. */
export function FeaturedOffersBlock() {
  const t = useT();
  const { http } = useAppSystem();
  const language = useLanguage();
  const [pathname] = useLocation();
  const content = useStaticContent();
  const screen = useScreenSize();
  const load = useLoad((_: { language: string }, signal) => fetchFeaturedOffers(http, 'homepage', signal), { language });
  const offers = homepageSlice(load.data?.offers);
  if (load.status === 'failure') return null;
  // SPEC §2: hidden on a successful empty result.
  if (load.status === 'success' && offers.length === 0) return null;
  const block = contentNode(content, 'featuredOffers');
  const title = contentText(content, 'featuredOffers.title') || load.data?.title || t('home.featured.title');
  const description = contentText(content, 'featuredOffers.description') || load.data?.description || '';
  const buttonText = contentText(content, 'featuredOffers.buttonText');
  return (
    <Section testId="home-featured" labelledBy="home-featured-title">
      <h2 id="home-featured-title">{title}</h2>
      <DescriptionBlock html={description} />
      <Spaced>
        <OffersGrid
          offers={offers}
          language={language}
          from={pathname}
          label={title}
          skeletons={load.skeleton ? Math.min(HOMEPAGE_SLICE, skeletonCountFor(screen)) : 0}
          reserve={load.skeleton ? HOMEPAGE_SLICE : 0}
          // the first row loads at once (not lazily); no high priority: the first slide is the home page's LCP
          eager={aboveTheFoldCount(screen)}
        />
      </Spaced>
      {block && buttonText && (
        <Centered>
          <ContentLinkButton url={contentText(content, 'featuredOffers.buttonUrl')} variant="secondary">
            {buttonText}
          </ContentLinkButton>
        </Centered>
      )}
    </Section>
  );
}

function HomeFaqSection() {
  const t = useT();
  const { http } = useAppSystem();
  const language = useLanguage();
  const content = useStaticContent();
  const load = useLoad((_: { language: string }, signal) => fetchFeaturedFaq(http, signal), { language });
  if (load.status === 'failure' || (load.status === 'success' && !load.data?.length)) return null;
  const title = contentText(content, 'faq.title') || t('content.faq.title');
  return (
    <Section tone="cream" testId="home-faq" labelledBy="home-faq-title">
      <h2 id="home-faq-title">{title}</h2>
      <DescriptionBlock html={contentText(content, 'faq.subtitle')} />
      <Spaced>{load.skeleton ? <FaqSkeleton /> : <FaqList items={load.data ?? []} headingLevel={3} />}</Spaced>
      <Centered>
        <Link href={href(language, 'faq')}>{t('home.faq.all')}</Link>
      </Centered>
    </Section>
  );
}

const Welcome = styled.p`
  max-width: ${({ theme }) => theme.layout.sectionMaxWidth}px;
  margin: 24px auto 0;
  padding: 0 ${({ theme }) => theme.layout.sectionPaddingSmall}px;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.green};
`;

const Spaced = styled.div`
  margin: 24px 0;
`;

const Centered = styled.div`
  display: flex;
  justify-content: center;
  a {
    font-weight: 700;
    color: ${({ theme }) => theme.colors.green};
  }
`;
