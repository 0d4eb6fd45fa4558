// The local PayPal peer's approval page (dev/paypal-peer/page.ts, served under /paypal-peer in PAYPAL_MODE=local):
// where the browser suite (paypal.spec.ts and the flow's other walks) and the storyboard decide a PayPal payment.
// Its buttons are found by their text, in the order's language.
import type { Locator, Page } from '@playwright/test';
import type { Language } from './login';

/** The approval page's address; its token is the PayPal order id. */
export const PEER_PAGE = /\/paypal-peer\/checkoutnow\?token=([A-Z0-9]+)/;

/** What the payer does: pay, pay by eCheck (left pending), pay with a card that is declined, or cancel. */
export type PeerDecision = 'pay' | 'pending' | 'declined-card' | 'cancel';

const BUTTONS: Record<Language, Record<PeerDecision, string>> = {
  pl: { pay: 'Zapłać', pending: 'Zapłać eCheck (płatność oczekująca)', 'declined-card': 'Zapłać kartą, która zostanie odrzucona', cancel: 'Anuluj i wróć do sklepu' },
  en: { pay: 'Pay', pending: 'Pay by eCheck (pending payment)', 'declined-card': 'Pay with a card that gets declined', cancel: 'Cancel and return to the merchant' },
};

export class PayPalPeer {
  constructor(
    readonly page: Page,
    readonly language: Language,
  ) {}

  button(decision: PeerDecision): Locator {
    return this.page.getByRole('button', { name: BUTTONS[this.language][decision], exact: true });
  }

  async decide(decision: PeerDecision) {
    await this.button(decision).click();
  }
}
