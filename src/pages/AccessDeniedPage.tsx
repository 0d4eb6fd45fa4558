import type { ReactNode } from 'react';
import { href } from '../../contract/routes';
import { useLanguage, useT } from '../i18n/i18n';
import { LinkButton } from '../components/ui/Button';
import { usePageTitle } from '../components/ui/usePageTitle';
import { LatestOffers } from '../components/offers/ErrorPageOffers';
import { ErrorPageSection } from './NotFoundPage';

export interface AccessDeniedPageProps {
  /** The site SEO title for the page title suffix; by default the one the main layout provides. */
  siteTitle?: string;
  /** Route parameters, when rendered as a screen of the route table (unused). */
  params?: Record<string, string>;
  /**
   * Slot for the grid of latest offers (three columns of width 4, a loader while idle; SPEC §2); by
   * default the latest offers block of src/components/offers.
   */
  latestOffers?: ReactNode;
}

/** The forbidden page (a 403 sends here): title, subtitle, back to the homepage. */
export function AccessDeniedPage({ siteTitle, latestOffers = <LatestOffers /> }: AccessDeniedPageProps) {
  const t = useT();
  const language = useLanguage();
  usePageTitle(t('layout.accessDenied.title'), siteTitle);
  return (
    <>
      <ErrorPageSection>
        <h1>{t('layout.accessDenied.title')}</h1>
        <p>{t('layout.accessDenied.subtitle')}</p>
        <LinkButton href={href(language, 'home')}>{t('layout.accessDenied.back')}</LinkButton>
      </ErrorPageSection>
      {latestOffers}
    </>
  );
}

export default AccessDeniedPage;
