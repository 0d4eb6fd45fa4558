// The forgotten-password page and the page of the mail's reset link (src/features/account/PasswordPages.tsx), as
// the browser suite and the storyboard (scripts/storyboard/recipes.ts) both fill them. Fields by name, buttons by
// the dictionaries' texts (lib/locales/<language>/account.ts); the link itself is read from the mail
// (support/mail.ts, RESET_LINK).
import type { Locator, Page } from '@playwright/test';
import type { Language } from './login';

export const FORGOT_PASSWORD_PATH = { pl: '/pl/zapomniane-haslo', en: '/en/forgot-password' } as const;

const LABELS = {
  pl: { send: 'Wyślij link', save: 'Zapisz hasło' },
  en: { send: 'Send the link', save: 'Save the password' },
} as const;

export class ForgotPasswordPage {
  readonly email: Locator;
  readonly send: Locator;

  constructor(
    readonly page: Page,
    readonly language: Language,
  ) {
    this.email = page.locator('input[name="email"]');
    this.send = page.getByRole('button', { name: LABELS[language].send });
  }

  async goto() {
    await this.page.goto(FORGOT_PASSWORD_PATH[this.language]);
  }

  /** Asks for a reset link for `email`; what the page answers is the caller's to wait for. */
  async request(email: string) {
    await this.email.fill(email);
    await this.send.click();
  }
}

/** The page a reset link opens: the new password, typed twice. */
export class ResetPasswordPage {
  readonly password: Locator;
  readonly repeatPassword: Locator;
  readonly save: Locator;

  constructor(
    readonly page: Page,
    readonly language: Language,
  ) {
    this.password = page.locator('input[name="password"]');
    this.repeatPassword = page.locator('input[name="repeatPassword"]');
    this.save = page.getByRole('button', { name: LABELS[language].save });
  }

  /** Types the password and its repetition (a different one to see the error) without sending. */
  async fill(password: string, repeat = password) {
    await this.password.fill(password);
    await this.repeatPassword.fill(repeat);
  }

  async choose(password: string) {
    await this.fill(password);
    await this.save.click();
  }
}
