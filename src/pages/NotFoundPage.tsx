import type { ReactNode } from 'react';
import styled from 'styled-components';
import { href } from '../../contract/routes';
import { useLanguage, useT } from '../i18n/i18n';
import { media } from '../../lib/theme';
import { LinkButton } from '../components/ui/Button';
import { usePageTitle } from '../components/ui/usePageTitle';
import { NotFoundOffers } from '../components/offers/ErrorPageOffers';

export const ErrorPageSection = styled.section`
  max-width: ${({ theme }) => theme.layout.sectionMaxWidth}px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.layout.sectionPadding}px;
  text-align: center;
  ${media.down('md')} {
    padding: ${({ theme }) => theme.layout.sectionPaddingSmall}px;
  }
  h1 {
    margin: 0 0 16px;
    font-size: 2.2rem;
    color: ${({ theme }) => theme.colors.brown};
  }
  p {
    margin: 0 0 8px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  a {
    margin-top: 24px;
  }
`;

export interface NotFoundPageProps {
  /** The site SEO title for the page title suffix; by default the one the main layout provides. */
  siteTitle?: string;
  /** Route parameters, when rendered as a screen of the route table (unused). */
  params?: Record<string, string>;
  /**
   * Slot for the three featured offers (page size 3) or their three skeletons (SPEC §2); by default the
   * featured offers block of src/components/offers.
   */
  featuredOffers?: ReactNode;
}

/** The not-found page: title, two subtitles, back to the homepage `/{locale}/`. */
export function NotFoundPage({ siteTitle, featuredOffers = <NotFoundOffers /> }: NotFoundPageProps) {
  const t = useT();
  const language = useLanguage();
  usePageTitle(t('layout.notFound.title'), siteTitle);
  return (
    <>
      <ErrorPageSection>
        <h1>{t('layout.notFound.title')}</h1>
        <p>{t('layout.notFound.subtitle')}</p>
        <p>{t('layout.notFound.subtitle2')}</p>
        <LinkButton href={href(language, 'home')}>{t('layout.notFound.back')}</LinkButton>
      </ErrorPageSection>
      {featuredOffers}
    </>
  );
}

export default NotFoundPage;
