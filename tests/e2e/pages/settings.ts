// The investor's settings (src/features/account/settings): the personal data, the security tab's password and
// e-mail forms, as the browser suite and the storyboard (scripts/storyboard/recipes.ts) both fill them. A form's
// fields are found by their names, its tabs and buttons by the dictionaries' texts
// (lib/locales/<language>/account.ts).
import type { Locator, Page } from '@playwright/test';
import type { Language } from './login';

export const SETTINGS_PATH = { pl: '/pl/inwestor/ustawienia', en: '/en/investor/settings' } as const;

const LABELS = {
  pl: { save: 'Zapisz', tabs: { security: 'Bezpieczeństwo', documents: 'Dokumenty' } },
  en: { save: 'Save', tabs: { security: 'Security', documents: 'Documents' } },
} as const;

export class SettingsPage {
  readonly personal: Locator;
  readonly password: Locator;
  readonly email: Locator;

  constructor(
    readonly page: Page,
    readonly language: Language,
  ) {
    this.personal = page.getByTestId('settings-personal');
    this.password = page.getByTestId('settings-password');
    this.email = page.getByTestId('settings-email');
  }

  async goto() {
    await this.page.goto(SETTINGS_PATH[this.language]);
  }

  tab(name: keyof (typeof LABELS)['en']['tabs']): Locator {
    return this.page.getByRole('tab', { name: LABELS[this.language].tabs[name] });
  }

  /** A field of one of the forms, by its name. */
  field(form: Locator, name: string): Locator {
    return form.locator(`[name="${name}"]`);
  }

  /** A form's save button. */
  save(form: Locator): Locator {
    return form.getByRole('button', { name: LABELS[this.language].save });
  }

  /** The security tab's password form filled (not sent): the current password and the new one, typed twice. */
  async fillPassword(current: string, next: string) {
    await this.field(this.password, 'currentPassword').fill(current);
    await this.field(this.password, 'newPassword').fill(next);
    await this.field(this.password, 'repeatPassword').fill(next);
  }

  /** The security tab's e-mail form: the new address, typed twice, sent. */
  async changeEmail(email: string) {
    await this.field(this.email, 'newEmail').fill(email);
    await this.field(this.email, 'repeatEmail').fill(email);
    await this.save(this.email).click();
  }
}
