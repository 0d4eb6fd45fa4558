// The back office's screens that the browser suite (operator.spec.ts, payouts.spec.ts) and the storyboard
// (scripts/storyboard/recipes.ts) both work: the statement import and the distribution form, with the back
// office's addresses in both languages.
import type { Locator, Page } from '@playwright/test';
import type { Language } from './login';

export const OPERATOR_PATHS = {
  pl: {
    overview: '/pl/operator',
    statements: '/pl/operator/wyciagi',
    exceptions: '/pl/operator/wyjatki',
    offers: '/pl/operator/oferty',
    distributions: '/pl/operator/dystrybucje',
    payouts: '/pl/operator/wyplaty',
    settings: '/pl/operator/ustawienia',
    order: (id: string) => `/pl/operator/zamowienie/${id}`,
  },
  en: {
    overview: '/en/operator',
    statements: '/en/operator/statements',
    exceptions: '/en/operator/exceptions',
    offers: '/en/operator/offers',
    distributions: '/en/operator/distributions',
    payouts: '/en/operator/payouts',
    settings: '/en/operator/settings',
    order: (id: string) => `/en/operator/order/${id}`,
  },
} as const satisfies Record<Language, unknown>;

/** The statements screen: a bank statement file (CAMT.053 XML) chosen and imported. */
export class StatementImport {
  /** the import's root, with the chart's state (data-state) */
  readonly root: Locator;
  readonly file: Locator;
  readonly submit: Locator;
  readonly summary: Locator;
  readonly lines: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('statement-import');
    this.file = page.getByTestId('statement-file');
    this.submit = page.getByTestId('statement-submit');
    this.summary = page.getByTestId('statement-summary');
    this.lines = page.getByTestId('statement-lines');
  }

  /** The import in a state of its chart. */
  inState(state: string): Locator {
    return this.page.locator(`[data-testid="statement-import"][data-state="${state}"]`);
  }

  async choose(name: string, content: string | Buffer) {
    await this.file.setInputFiles({ name, mimeType: 'application/xml', buffer: typeof content === 'string' ? Buffer.from(content) : content });
  }

  /** Chooses the file and sends it; what the screen answers is the caller's to check. */
  async importFile(name: string, content: string | Buffer) {
    await this.choose(name, content);
    await this.submit.click();
  }
}

export interface DistributionDraft {
  /** the offer's id, or its place in the list (1: the first offer after the placeholder) */
  offer: string | { index: number };
  /** the kind's value (the form's default when not given) */
  kind?: string;
  periodFrom: string;
  periodTo: string;
  recordDate: string;
  /** in złoty, as typed */
  amount: string;
  reason: string;
}

/** The distributions screen's form: a distribution declared for an offer's holders. */
export class DistributionForm {
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.submit = page.getByTestId('distribution-submit');
  }

  field(name: 'offerId' | 'kind' | 'periodFrom' | 'periodTo' | 'recordDate' | 'amount' | 'reason'): Locator {
    return this.page.getByTestId(`distribution-${name}`);
  }

  /** Every field filled in, not yet sent. */
  async fill(draft: DistributionDraft) {
    await this.field('offerId').selectOption(draft.offer);
    if (draft.kind) await this.field('kind').selectOption(draft.kind);
    await this.field('periodFrom').fill(draft.periodFrom);
    await this.field('periodTo').fill(draft.periodTo);
    await this.field('recordDate').fill(draft.recordDate);
    await this.field('amount').fill(draft.amount);
    await this.field('reason').fill(draft.reason);
  }
}
