// The PayPal return page (src/features/invest/PayPalReturnPage.tsx, machines/paypalReturn.machine.ts): each state
// of its chart is a block of its own (data-testid paypal-<state>), and the payer's next steps are buttons in it,
// found by the dictionaries' texts (lib/locales/<language>/paypal.ts). Walked by paypal.spec.ts and the storyboard.
import type { Locator, Page } from '@playwright/test';
import type { Language } from './login';

export type ReturnState =
  | 'capturing'
  | 'paid'
  | 'pending'
  | 'declined'
  | 'cancelled'
  | 'expired'
  | 'retrying'
  | 'switching'
  | 'bankTransfer'
  | 'leaving'
  | 'error';

/** cancelled: pay with PayPal again, or switch to a bank transfer; declined: back to PayPal. */
export type ReturnAction = 'retry' | 'bankTransfer' | 'backToPayPal';

const BUTTONS: Record<Language, Record<ReturnAction, string>> = {
  pl: {
    retry: 'Zapłać ponownie przez PayPal',
    bankTransfer: 'Zmień na przelew bankowy',
    backToPayPal: 'Wróć do PayPal',
  },
  en: { retry: 'Pay with PayPal again', bankTransfer: 'Switch to bank transfer', backToPayPal: 'Back to PayPal' },
};

export class PayPalReturn {
  constructor(
    readonly page: Page,
    readonly language: Language,
  ) {}

  /** The block the page shows in `state`. */
  in(state: ReturnState): Locator {
    return this.page.getByTestId(`paypal-${state}`);
  }

  /** A next step offered in `state`. */
  button(state: ReturnState, action: ReturnAction): Locator {
    return this.in(state).getByRole('button', { name: BUTTONS[this.language][action] });
  }
}
