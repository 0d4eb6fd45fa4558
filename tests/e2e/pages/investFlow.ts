// The investment flow's screens (SPEC §2 "Investment flow"): the offer page's invest box, then personal
// information → documents → payment → thank you, walked the way an investor does. Shared by the browser suite
// (which asserts on each screen between the steps) and the storyboard (scripts/storyboard/recipes.ts, which
// stops the walk in the state it photographs). A step ends once the flow's address says it has moved on; what
// each screen shows is the caller's to check.
import { expect, type Locator, type Page } from '@playwright/test';
import { LOGIN_PATH, type Language } from './login';

export type { Language };
export type PaymentMethod = 'BankTransfer' | 'PayPal';

/** The demo offer the flow is walked on (open, with shares left). */
export const INVEST_SLUG = { pl: 'zielone-tarasy', en: 'green-terraces' } as const;

export const FLOW = {
  pl: {
    login: LOGIN_PATH.pl,
    offer: `/pl/inwestycja/${INVEST_SLUG.pl}`,
    personal: `/pl/inwestuj/dane-osobowe/${INVEST_SLUG.pl}`,
    documents: `/pl/inwestuj/dokumenty/${INVEST_SLUG.pl}`,
    payment: `/pl/inwestuj/platnosc/${INVEST_SLUG.pl}`,
    thankYou: `/pl/inwestuj/dziekujemy/${INVEST_SLUG.pl}`,
    quantity: 'Liczba udziałów',
  },
  en: {
    login: LOGIN_PATH.en,
    offer: `/en/investment/${INVEST_SLUG.en}`,
    personal: `/en/invest/personal-information/${INVEST_SLUG.en}`,
    documents: `/en/invest/documents/${INVEST_SLUG.en}`,
    payment: `/en/invest/payment/${INVEST_SLUG.en}`,
    thankYou: `/en/invest/thank-you/${INVEST_SLUG.en}`,
    quantity: 'Number of shares',
  },
} as const;

/** An address that ends with `path` (nothing after it: no query). */
export const exactly = (path: string) => new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

export type FlowStep = 'personalInformation' | 'documents' | 'payment';

export class InvestFlow {
  readonly paths: (typeof FLOW)[Language];
  /** the invest box's quantity */
  readonly quantity: Locator;
  readonly investButton: Locator;
  /** each step's "next" */
  readonly next: Locator;
  readonly paymentMethods: Locator;
  readonly payButton: Locator;
  readonly thankYou: Locator;

  constructor(
    readonly page: Page,
    readonly language: Language,
  ) {
    this.paths = FLOW[language];
    this.quantity = page.getByRole('spinbutton', { name: this.paths.quantity });
    this.investButton = page.getByTestId('invest-button');
    this.next = page.getByTestId('step-next');
    this.paymentMethods = page.getByTestId('payment-methods');
    this.payButton = page.getByTestId('pay-button');
    this.thankYou = page.getByTestId('thank-you');
  }

  /** A step's screen. */
  step(name: FlowStep): Locator {
    return this.page.getByTestId(`step-${name}`);
  }

  /** Every box on the documents step (the offer's agreements and the key information sheet's acknowledgement). */
  documentBoxes(): Locator {
    return this.step('documents').getByRole('checkbox');
  }

  /** The offer's agreements on the documents step (without the key information sheet's box). */
  agreementBoxes(): Locator {
    return this.step('documents').locator('input[type="checkbox"][name^="agreements."]');
  }

  /** A payment method's radio on the payment step. */
  method(method: PaymentMethod): Locator {
    return this.paymentMethods.locator(`[data-method="${method}"] input`);
  }

  async openOffer() {
    await this.page.goto(this.paths.offer);
  }

  /** On the offer page: `shares` in the invest box, sent; ends on the first step's address. */
  async start(shares: number | string) {
    await this.quantity.fill(String(shares));
    await this.investButton.click();
    await expect(this.page).toHaveURL(exactly(this.paths.personal));
  }

  /** Personal information sent as prefilled; ends on the documents step's address. */
  async toDocuments() {
    await this.next.click();
    await expect(this.page).toHaveURL(exactly(this.paths.documents));
  }

  async acceptDocuments() {
    for (const box of await this.documentBoxes().all()) await box.check();
  }

  /** Every document accepted and sent; ends on the payment step's address. */
  async toPayment() {
    await this.acceptDocuments();
    await this.next.click();
    await expect(this.page).toHaveURL(exactly(this.paths.payment));
  }

  /** Offer page → invest box with `shares` → personal information (shown) → documents (all accepted) → payment. */
  async walkToPayment(shares: number | string) {
    await this.openOffer();
    await this.start(shares);
    await expect(this.step('personalInformation')).toBeVisible();
    await this.toDocuments();
    await this.toPayment();
  }

  /** On the payment step: `method` chosen and the order sent (what follows depends on the method). */
  async pay(method: PaymentMethod) {
    await this.method(method).check();
    await this.payButton.click();
  }
}
