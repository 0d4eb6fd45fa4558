// A static page (SPEC §2): title, subTitle, optional image, rich content and attachments, loaded from
// GET /page/{slug}. Terms of use and the privacy policy are static pages with fixed slugs per language.
import styled from 'styled-components';
import { useAppSystem } from '../../system/AppSystemContext';
import { Image } from '../../components/media/Image';
import { AttachmentsList } from '../../components/sections/AttachmentsList';
import { ServerHtml } from '../../components/ui/ServerHtml';
import { useLoad } from '../../components/ui/useLoad';
import { usePageTitle } from '../../components/ui/usePageTitle';
import type { Language } from '../../config/env';
import { href, type RouteParams } from '../../../contract/routes';
import { useLanguage, useT } from '../../i18n/i18n';
import { NotFoundPage } from '../../pages/lazyPages';
import { media } from '../../../lib/theme';
import { useAlternateLinks } from '../../components/language/alternates';
import { StaticPageSkeleton } from './PageSkeleton';
import type { StaticPage as StaticPageData } from './types';
import { PRIVACY_SLUGS, staticPageDescription, staticPageTitle, TERMS_SLUGS } from './staticPageRules';
import { useMetaDescription } from './useMetaDescription';

export { TERMS_SLUGS, PRIVACY_SLUGS };

export function StaticPageScreen({ slug }: { slug: string }) {
  const { http } = useAppSystem();
  const t = useT();
  const language = useLanguage();
  const { status, data: page, skeleton } = useLoad(
    (p: { slug: string; language: Language }, signal) =>
      http<StaticPageData>(`/page/${encodeURIComponent(p.slug)}`, { signal }),
    { slug, language },
  );
  const loaded = status === 'success' ? page : null;
  useAlternateLinks(
    loaded
      ? { pl: href('pl', 'staticPage', { slug: loaded.slug.pl }), en: href('en', 'staticPage', { slug: loaded.slug.en }) }
      : null,
  );
  usePageTitle(loaded ? staticPageTitle(loaded) : t('pages.staticPage'));
  useMetaDescription(loaded ? staticPageDescription(loaded) : null);

  if (status === 'failure') return <NotFoundPage />;
  if (skeleton || !loaded) return <StaticPageSkeleton />;
  return (
    <Page data-testid="static-page">
      <h1>{loaded.title}</h1>
      {loaded.subTitle && <Sub>{loaded.subTitle}</Sub>}
      {loaded.imageUrl && (
        <Figure>
          <Image src={loaded.imageUrl} alt={loaded.title} ratio="16 / 7" />
        </Figure>
      )}
      <ServerHtml html={loaded.content ?? ''} className="content" />
      {loaded.attachments.length > 0 && (
        <section aria-labelledby="static-page-attachments">
          <h2 id="static-page-attachments">{t('offer.attachments')}</h2>
          <AttachmentsList items={loaded.attachments} />
        </section>
      )}
    </Page>
  );
}

export function StaticPageRoute({ params }: { params: RouteParams }) {
  return <StaticPageScreen slug={params.slug ?? ''} />;
}

export function TermsOfUsePage() {
  return <StaticPageScreen slug={TERMS_SLUGS[useLanguage()]} />;
}

export function PrivacyPolicyPage() {
  return <StaticPageScreen slug={PRIVACY_SLUGS[useLanguage()]} />;
}

const Page = styled.article`
  max-width: ${({ theme }) => theme.layout.sectionNarrowWidth}px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.layout.sectionPadding}px ${({ theme }) => theme.layout.sectionPaddingSmall}px;
  ${media.down('md')} {
    padding: 32px ${({ theme }) => theme.layout.sectionPaddingSmall}px;
  }
  h1 {
    margin: 0 0 8px;
    font-size: 2.2rem;
    color: ${({ theme }) => theme.colors.brown};
  }
  h2 {
    margin-top: 40px;
    color: ${({ theme }) => theme.colors.brown};
  }
`;

const Sub = styled.p`
  margin: 0 0 24px;
  font-size: 1.15rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Figure = styled.div`
  margin: 0 0 24px;
  border-radius: ${({ theme }) => theme.radius}px;
  overflow: hidden;
`;
