// Closing an offer early from the back office's offers screen: nothing is sent until the operator has read
// the consequences and given a reason and confirmed; "No" backs out; the outcome is told in their language.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorOffer } from '../../../contract/operator';
import { loadAllDictionaries, renderApp, settle, USER, type AppHarness } from '../../model/support/app';

const OFFER: OperatorOffer = {
  id: 3,
  key: 'kamienica-krakow',
  slug: { pl: 'kamienica-krakow', en: 'kamienica-krakow' },
  title: { pl: 'Kamienica w Krakowie', en: 'Townhouse in Kraków' },
  published: true,
  isOpen: true,
  investmentStart: null,
  investmentEnd: null,
  hasPreview: false,
  raised: 100_000_00,
  target: 200_000_00,
  fundingGoal: 50_000_00,
  lifecycle: 'open',
  series: [],
  documents: [],
};

const TEXT = {
  pl: { confirm: 'Zamknięcie jest nieodwracalne', reasonMissing: 'Podaj powód.', done: 'Oferta zamknięta (sfinansowana): zrealizowane 4, anulowane 1, zwrócone 0.' },
  en: { confirm: 'Closing cannot be undone', reasonMissing: 'Give a reason.', done: 'Offer closed (funded): 4 completed, 1 cancelled, 0 refunded.' },
} as const;

describe('closing an offer early', { timeout: 30_000 }, () => {
  beforeAll(loadAllDictionaries);
  let h: AppHarness | undefined;
  afterEach(() => {
    h?.unmount();
    h = undefined;
    localStorage.clear();
  });

  for (const language of ['pl', 'en'] as const) {
    it(`asks first, needs a reason, then closes and tells the outcome (${language})`, async () => {
      h = renderApp({
        path: language === 'pl' ? '/pl/operator/oferty' : '/en/operator/offers',
        storedLanguage: language,
        tokens: { accessToken: 'a', refreshToken: 'r', expiresAt: Date.now() + 3_600_000 },
        server: (fake) => {
          fake.on('GET', '/user/me', () => ({ data: { ...USER, role: 'operator' } }));
          fake.on('GET', '/operator/offers', () => ({ data: [OFFER] }));
          fake.on('POST', '/operator/offers/3/close', () => ({ data: { outcome: 'funded', completed: 4, cancelled: 1, refunded: 0, closed: true } }));
        },
      });
      await settle(10);
      const closes = () => h!.fake.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/close'));
      const section = await screen.findByTestId('offer-close-3');

      // "No" backs out without a call.
      fireEvent.click(within(section).getByTestId('offer-close'));
      await settle();
      expect(within(section).getByRole('alert')).toHaveTextContent(TEXT[language].confirm);
      fireEvent.click(within(section).getByTestId('offer-close-no'));
      await settle();
      expect(within(section).queryByTestId('offer-close-confirm')).toBeNull();

      // Confirming without a reason is refused before anything is sent.
      fireEvent.click(within(section).getByTestId('offer-close'));
      await settle();
      fireEvent.click(within(section).getByTestId('offer-close-yes'));
      await settle();
      expect(within(section).getByText(TEXT[language].reasonMissing)).toBeInTheDocument();
      expect(closes()).toHaveLength(0);

      fireEvent.change(within(section).getByTestId('offer-close-reason'), { target: { value: 'Cel osiągnięty' } });
      fireEvent.click(within(section).getByTestId('offer-close-yes'));
      await settle(6);
      expect(closes()).toHaveLength(1);
      expect(closes()[0].body).toEqual({ reason: 'Cel osiągnięty' });
      expect(screen.getByTestId('offer-close-done')).toHaveTextContent(TEXT[language].done);
    });
  }
});
