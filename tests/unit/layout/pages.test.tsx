import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { I18nProvider } from '../../../src/i18n/i18n';
import { AccessDeniedPage } from '../../../src/pages/AccessDeniedPage';
import { NotFoundPage } from '../../../src/pages/NotFoundPage';
import { loadTexts, renderView } from './render';

describe('not-found and access-denied pages', () => {
  beforeAll(loadTexts);

  it('not found: title, two subtitles, back to /{locale}/, page title with the site title', () => {
    renderView(
      <I18nProvider language="pl">
        <NotFoundPage siteTitle="Estate Shares" />
      </I18nProvider>,
      { language: 'pl' },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Nie znaleziono strony' })).toBeInTheDocument();
    expect(screen.getByText(/nie istnieje lub została przeniesiona/)).toBeInTheDocument();
    expect(screen.getByText(/aktualne oferty inwestycyjne/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Wróć na stronę główną' })).toHaveAttribute('href', '/pl/');
    expect(document.title).toBe('Nie znaleziono strony | Estate Shares');
  });

  it('not found renders the featured-offers slot when a later issue fills it', () => {
    renderView(
      <I18nProvider language="en">
        <NotFoundPage featuredOffers={<section aria-label="Featured offers" />} />
      </I18nProvider>,
    );
    expect(screen.getByRole('region', { name: 'Featured offers' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to homepage' })).toHaveAttribute('href', '/en/');
  });

  it('access denied: title, subtitle, back to the homepage', () => {
    renderView(
      <I18nProvider language="en">
        <AccessDeniedPage />
      </I18nProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Access denied' })).toBeInTheDocument();
    expect(screen.getByText('You do not have permission to view this page.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to homepage' })).toHaveAttribute('href', '/en/');
    expect(document.title).toBe('Access denied');
  });
});
