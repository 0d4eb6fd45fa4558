// Operators find the back office: a header entry and the first item of the user menu, and a login that was
// not asked for by a page lands them there. Investors see neither and land on the home page.
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../src/i18n/i18n';
import { loadAllDictionaries, loginEmail, loginPassword, renderApp, settle, submitButton, USER, type AppHarness } from '../../model/support/app';

const TOKEN = { accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 3600, tokenType: 'Bearer' };

describe('the way to the back office', { timeout: 30_000 }, () => {
  beforeAll(loadAllDictionaries);
  let h: AppHarness | undefined;
  afterEach(() => {
    h?.unmount();
    h = undefined;
    localStorage.clear();
  });

  async function logIn(role: 'operator' | 'investor', language: 'pl' | 'en') {
    h = renderApp({
      path: language === 'pl' ? '/pl/logowanie' : '/en/login',
      storedLanguage: language,
      server: (fake) => {
        fake.on('POST', '/token', () => ({ data: TOKEN }));
        fake.on('GET', '/user/me', () => ({ data: { ...USER, role } }));
      },
    });
    await settle(6);
    fireEvent.change(loginEmail()!, { target: { value: 'someone@example.pl' } });
    fireEvent.change(loginPassword()!, { target: { value: 'Secret123' } });
    fireEvent.click(submitButton()!);
    await settle(10);
  }

  for (const language of ['pl', 'en'] as const) {
    it(`an operator lands in the back office and has it in the header and the user menu (${language})`, async () => {
      await logIn('operator', language);
      const overview = language === 'pl' ? '/pl/operator' : '/en/operator';
      expect(h!.location()).toBe(overview);
      const label = translate(language, 'layout.topBar.backOffice');
      expect(screen.getByTestId('header-back-office')).toHaveAttribute('href', overview);
      expect(screen.getByTestId('header-back-office')).toHaveTextContent(label);
      await userEvent.setup().click(screen.getByRole('button', { name: /Jan Kowalski/ }));
      await settle();
      const item = screen.getByTestId('user-menu-back-office');
      expect(item).toHaveAttribute('href', overview);
      expect(within(item.closest('ul')!).getAllByRole('link')[0]).toBe(item);
    });
  }

  it('an investor lands on the home page and sees no back office entry', async () => {
    await logIn('investor', 'en');
    expect(h!.location()).toBe('/en/');
    expect(screen.queryByTestId('header-back-office')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: /Jan Kowalski/ }));
    await settle();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByTestId('user-menu-back-office')).toBeNull();
  });
});
