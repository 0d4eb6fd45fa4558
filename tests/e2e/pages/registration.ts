// The registration form's three steps (account, address, bank; SPEC §2 "Registration"), filled the way the
// browser suite (tests/e2e/accounts.spec.ts) and the storyboard (scripts/storyboard/recipes.ts) both fill it.
// Its fields are found by the names the form sends; the step buttons by their text.
import type { Locator, Page } from '@playwright/test';
import type { Language } from './login';

export const REGISTER_PATH = { pl: '/pl/rejestracja', en: '/en/register' } as const;

const BUTTONS = {
  pl: { next: 'Dalej', back: 'Wstecz', create: 'Załóż konto' },
  en: { next: 'Next', back: 'Back', create: 'Create account' },
} as const;

export interface NewAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** A valid Polish account number (checked on the bank step). */
export const ACCOUNT_NUMBER = '61 1090 1014 0000 0712 1981 2874';

export class RegistrationForm {
  readonly next: Locator;
  readonly back: Locator;
  readonly create: Locator;

  constructor(
    readonly page: Page,
    readonly language: Language,
  ) {
    const t = BUTTONS[language];
    this.next = page.getByRole('button', { name: t.next });
    this.back = page.getByRole('button', { name: t.back });
    this.create = page.getByRole('button', { name: t.create });
  }

  field(name: string): Locator {
    return this.page.locator(`[name="${name}"]`);
  }

  /** The step on screen, by its name (data-step: account, address, bank). */
  step(name: 'account' | 'address' | 'bank'): Locator {
    return this.page.locator(`[data-testid="registration-step"][data-step="${name}"]`);
  }

  async goto() {
    await this.page.goto(REGISTER_PATH[this.language]);
  }

  async fillAccount(account: NewAccount) {
    await this.field('email').fill(account.email);
    await this.field('password').fill(account.password);
    await this.field('repeatPassword').fill(account.password);
    await this.field('firstName').fill(account.firstName);
    await this.field('lastName').fill(account.lastName);
    await this.field('phone').fill('501 234 567');
  }

  async fillAddress() {
    await this.field('street').fill('Prosta 1');
    await this.field('zip').fill('00-001');
    await this.field('city').fill('Warszawa');
    await this.field('state').fill('mazowieckie');
    await this.field('country').selectOption('PL');
  }

  async fillBank(accountNumber = ACCOUNT_NUMBER) {
    await this.field('country').selectOption('PL');
    await this.field('bankName').fill('Bank Polski');
    await this.field('accountNumber').fill(accountNumber);
    // checked on blur: let a message appear (and move the agreements down) before clicking them
    await this.field('accountNumber').blur();
    // every required agreement (those with an asterisk)
    const boxes = this.page.locator('input[type="checkbox"][aria-required="true"]');
    for (let i = 0; i < (await boxes.count()); i++) await boxes.nth(i).check();
  }
}
