// The login form, on the login page and on the maintenance screen (src/components/forms/LoginForm.tsx), as the
// browser suite and the storyboard (scripts/storyboard/recipes.ts) both fill it. Found by its labels, the way a
// visitor finds it; the texts are the dictionaries' (lib/locales/<language>/auth.ts).
import { expect, type Locator, type Page } from '@playwright/test';

export type Language = 'pl' | 'en';
export interface Credentials {
  email: string;
  password: string;
}

export const LOGIN_PATH = { pl: '/pl/logowanie', en: '/en/login' } as const;
/** An address of the login page in either language (with or without a query). */
export const ON_LOGIN = /login|logowanie/;

/** The home page's address in a language. */
export const homeOf = (language: Language) => new RegExp(`/${language}/$`);

const LABELS = {
  pl: { email: 'E-mail', password: 'Hasło', submit: 'Zaloguj się' },
  en: { email: 'E-mail', password: 'Password', submit: 'Log in' },
} as const;

export class LoginForm {
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;

  /** `scope`: the page, or the part of it that holds the form (the maintenance screen). */
  constructor(scope: Page | Locator, language: Language) {
    const t = LABELS[language];
    this.email = scope.getByLabel(t.email, { exact: true });
    this.password = scope.getByLabel(t.password, { exact: true });
    this.submit = scope.getByRole('button', { name: t.submit, exact: true });
  }

  /** Types the e-mail and the password and sends the form; what follows is the caller's to wait for. */
  async submitAs(who: Credentials) {
    await this.email.fill(who.email);
    await this.password.fill(who.password);
    await this.submit.click();
  }
}

export class LoginPage extends LoginForm {
  constructor(
    readonly page: Page,
    readonly language: Language,
  ) {
    super(page, language);
  }

  async goto() {
    await this.page.goto(LOGIN_PATH[this.language]);
  }

  /**
   * Opens the login page and signs `who` in; ends once the app has left the login page, or, given `landsOn`,
   * once it shows that address (`homeOf(language)`: the home page an investor is sent to).
   */
  async logIn(who: Credentials, landsOn?: RegExp) {
    await this.goto();
    await this.submitAs(who);
    if (landsOn) await expect(this.page).toHaveURL(landsOn);
    else await expect(this.page).not.toHaveURL(ON_LOGIN);
  }
}
