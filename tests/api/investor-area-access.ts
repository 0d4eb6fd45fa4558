// The investor area's rows of the ownership matrix (each private endpoint × anonymous, owner, other investor,
// operator). Kept as data so the table-driven access-matrix suite can import and run these rows with its own
// (issue: auth); tests/api/investor-area.test.ts runs them today.
//
// `url` gets the owner's fixtures: an order id, an offer slug the owner holds shares in, a document id.
// Expected per caller: a status, and for 200 on a list whether the owner's data may appear in the answer.

export type Caller = 'anonymous' | 'owner' | 'otherInvestor' | 'operator';

export interface AccessFixtures {
  orderId: string;
  slug: string;
  documentId: string;
  /** a string that is in the owner's answers and must not be in anyone else's (an order reference) */
  ownerMarker: string;
  /** a slug of an offer only the owner holds (the portfolio carries no order references) */
  ownerOnlySlug: string;
}

export interface AccessRow {
  name: string;
  method: 'GET';
  url: (f: AccessFixtures) => string;
  /** what marks the owner's data in this answer (default: f.ownerMarker) */
  marker?: (f: AccessFixtures) => string;
  /** status per caller; 'ownData' = 200 with the owner's marker in the body, 'noOwnData' = 200 without it */
  expect: Record<Caller, 401 | 404 | 'ownData' | 'noOwnData'>;
}

const privateById = { anonymous: 401, owner: 'ownData', otherInvestor: 404, operator: 404 } as const;
const privateList = { anonymous: 401, owner: 'ownData', otherInvestor: 'noOwnData', operator: 'noOwnData' } as const;

export const investorAreaAccessRows: AccessRow[] = [
  { name: 'GET /investment', method: 'GET', url: () => '/api/investment', marker: (f) => f.ownerOnlySlug, expect: privateList },
  { name: 'GET /investment/{slug}', method: 'GET', url: (f) => `/api/investment/${f.slug}`, expect: privateById },
  { name: 'GET /investor/documents', method: 'GET', url: () => '/api/investor/documents', expect: privateList },
  { name: 'GET /investor/documents/{id}', method: 'GET', url: (f) => `/api/investor/documents/${f.documentId}`, expect: privateById },
  { name: 'GET /investor/exports/orders.csv', method: 'GET', url: () => '/api/investor/exports/orders.csv', expect: privateList },
  { name: 'GET /investor/exports/transactions.csv', method: 'GET', url: () => '/api/investor/exports/transactions.csv', expect: privateList },
  // The order endpoints the investor area reads (issue: investing owns them).
  { name: 'GET /order', method: 'GET', url: () => '/api/order', expect: privateList },
  { name: 'GET /order/{id}', method: 'GET', url: (f) => `/api/order/${f.orderId}`, expect: privateById },
  { name: 'GET /transaction', method: 'GET', url: () => '/api/transaction', expect: privateList },
];
