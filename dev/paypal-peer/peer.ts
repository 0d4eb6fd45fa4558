import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import { newDebugId, paypalError, peerFrameworkError, type PayPalLinkDescription, type PeerAnswer } from './errors';

// The LOCAL PAYPAL PEER: a stand-in for PayPal's REST API that speaks its protocol (paths, bodies, statuses,
// error names, idempotent PayPal-Request-Id, OAuth2 tokens, webhooks with PayPal's transmission headers and
// the verify-webhook-signature call). Development and tests only: server/modules/payments/paypal/plugin.ts registers
// it in PAYPAL_MODE=local and never otherwise.
//
// State lives in memory, in this object: every call is synchronous JavaScript, so each operation is atomic
// (two concurrent captures of one order: exactly one performs it). Several server nodes share ONE peer by
// pointing PAYPAL_LOCAL_URL at it (the replay test does); a restart forgets the peer's orders, as a sandbox
// account reset would.
//
// Differences from PayPal, on purpose: webhook signatures are HMAC-SHA256 with a secret of this process
// (PayPal signs with RSA and a certificate at cert_url; the peer's verify endpoint checks its own HMAC);
// the "payer" is whoever clicks a button on the approval page.

export type Funding = 'paypal' | 'pending' | 'declined-card';

export type { PeerAnswer } from './errors';

export interface PeerMoney {
  currency_code: string;
  value: string;
}

export interface PeerCapture {
  id: string;
  status: 'COMPLETED' | 'PENDING' | 'DECLINED' | 'REFUNDED';
  status_details?: { reason: string };
  amount: PeerMoney;
  final_capture: true;
  custom_id?: string;
  invoice_id?: string;
  create_time: string;
  update_time: string;
}

/** An authorization of an AUTHORIZE-intent order (Payments v2): captured once, whole or in part, or voided. */
export interface PeerAuthorization {
  id: string;
  status: 'CREATED' | 'CAPTURED' | 'VOIDED';
  amount: PeerMoney;
  custom_id?: string;
  invoice_id?: string;
  expiration_time: string;
  create_time: string;
  update_time: string;
}

export interface PeerRefund {
  id: string;
  status: 'COMPLETED';
  amount: PeerMoney;
  invoice_id?: string;
  note_to_payer?: string;
  create_time: string;
  update_time: string;
}

export interface PeerOrder {
  id: string;
  status: 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  intent: 'CAPTURE' | 'AUTHORIZE';
  purchaseUnit: {
    reference_id: string;
    custom_id?: string;
    invoice_id?: string;
    description?: string;
    amount: PeerMoney;
  };
  experience: { return_url?: string; cancel_url?: string; locale?: string; brand_name?: string };
  funding?: Funding;
  /** The last funding source was declined at capture: the approval page asks for another one. */
  fundingDeclined?: boolean;
  payer?: { payer_id: string; email_address: string; name: { given_name: string; surname: string } };
  authorization?: PeerAuthorization;
  capture?: PeerCapture;
  refund?: PeerRefund;
  createTime: string;
  updateTime: string;
}

export interface PeerEvent {
  id: string;
  event_version: '1.0';
  create_time: string;
  resource_type: 'checkout-order' | 'capture' | 'authorization';
  resource_version: '2.0';
  event_type: string;
  summary: string;
  resource: Record<string, unknown>;
  links: { href: string; rel: string; method: string }[];
}

export interface PeerOptions {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** Base of the links a browser follows (approval page): PUBLIC_URL + /paypal-peer. */
  publicBase: () => string;
  /** Base of API links and the webhook target's server: this server's own address + /paypal-peer. */
  apiBase: () => string;
  /** Where webhooks go (the app's POST /api/paypal/webhook). */
  webhookUrl: () => string;
  /** 'auto': events are delivered as they happen (npm start); 'manual': queued until `deliver` (tests). */
  webhooks: 'auto' | 'manual';
  log?: FastifyBaseLogger;
}

const now = () => new Date().toISOString();
const TOKEN_LIFETIME_S = 32_400;
/** PayPal honours an authorization for 3 days and lets it be captured for 29. */
const AUTHORIZATION_LIFETIME_MS = 29 * 24 * 3_600_000;
const AMOUNT = /^\d{1,10}(\.\d{2})?$/;

const unprocessable = (issue: string, description: string, debugId: string, links: PayPalLinkDescription[] = []) =>
  paypalError(422, issue, description, debugId, { links });

/** A body that is not a JSON object where PayPal expects one (an array, a string, a number). */
const asObject = (body: unknown): Record<string, unknown> | undefined =>
  body === undefined || body === null ? {} : typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;

const notAnObject = (debugId: string) =>
  paypalError(400, 'MALFORMED_REQUEST_JSON', 'The request JSON is not well formed: an object was expected.', debugId, { field: '/', location: 'body' });

export class PayPalPeer {
  readonly orders = new Map<string, PeerOrder>();
  /** PayPal-Request-Id → the first answer (create, capture and authorize are idempotent on it). */
  private readonly requests = new Map<string, PeerAnswer & { orderId: string }>();
  private readonly tokens = new Map<string, number>();
  private readonly secret = randomBytes(32);
  /** Events not yet delivered (manual mode) and every event made (for tests and support). */
  readonly queue: PeerEvent[] = [];
  readonly events: PeerEvent[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;
  /** Figures tests assert on: captures actually performed, and capture calls answered from the request-id cache. */
  readonly stats = { captureCalls: 0, capturesPerformed: 0, captureReplays: 0, ordersCreated: 0 };

  constructor(readonly options: PeerOptions) {}

  newDebugId() {
    return newDebugId();
  }

  // ---------- OAuth2 ----------

  issueToken(basicAuth: string | undefined, grantType: string | undefined): PeerAnswer {
    const expected = `Basic ${Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString('base64')}`;
    if (!basicAuth || !safeEqual(basicAuth, expected)) {
      return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
    }
    if (grantType !== 'client_credentials') {
      return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' } };
    }
    const accessToken = `A21AA${randomBytes(24).toString('base64url')}`;
    this.tokens.set(accessToken, Date.now() + TOKEN_LIFETIME_S * 1000);
    return {
      status: 200,
      body: {
        scope: 'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/checkout/one-click-with-merchant-issued-token',
        access_token: accessToken,
        token_type: 'Bearer',
        app_id: 'APP-LOCALPEER',
        expires_in: TOKEN_LIFETIME_S,
        nonce: `${now()}${randomBytes(8).toString('hex')}`,
      },
    };
  }

  /** undefined when the bearer token is one the peer issued and still honours; else PayPal's 401. */
  authenticate(authorization: string | undefined, debugId: string): PeerAnswer | undefined {
    const match = /^Bearer (\S+)$/.exec(authorization ?? '');
    const expiry = match ? this.tokens.get(match[1]) : undefined;
    if (expiry !== undefined && expiry > Date.now()) return undefined;
    const [issue, description] = !authorization
      ? ['MISSING_AUTHORIZATION', 'The Authorization header is missing.']
      : !match
        ? ['INVALID_AUTHORIZATION_SCHEME', 'Use `Authorization: Bearer <access token>`.']
        : ['INVALID_ACCESS_TOKEN', 'The access token is invalid or has expired.'];
    return paypalError(401, issue, description, debugId, { location: 'header', field: 'Authorization' });
  }

  isAuthorized(authorization: string | undefined): boolean {
    return this.authenticate(authorization, '') === undefined;
  }

  /** Test hook: every issued token stops working (PayPal answers 401 to an expired token). */
  expireTokens() {
    this.tokens.clear();
  }

  // ---------- Orders v2 ----------

  createOrder(body: unknown, requestId: string | undefined, debugId: string): PeerAnswer {
    if (requestId) {
      const seen = this.requests.get(`create:${requestId}`);
      // A repeat of the same PayPal-Request-Id returns the same order (200), never a second one.
      if (seen) return { status: 200, body: this.representation(this.orders.get(seen.orderId)!) };
    }
    const object = asObject(body);
    if (!object) return notAnObject(debugId);
    const b = object as {
      intent?: string;
      purchase_units?: { reference_id?: string; custom_id?: string; invoice_id?: string; description?: string; amount?: PeerMoney }[];
      payment_source?: { paypal?: { experience_context?: PeerOrder['experience'] } };
    };
    const invalid = (field: string, issue: string, description: string) => paypalError(400, issue, description, debugId, { field, location: 'body' });
    if (b.intent !== 'CAPTURE' && b.intent !== 'AUTHORIZE') return invalid('/intent', 'INVALID_PARAMETER_VALUE', 'intent must be CAPTURE or AUTHORIZE');
    if (!Array.isArray(b.purchase_units) || b.purchase_units.length === 0) return invalid('/purchase_units', 'MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing.');
    if (b.purchase_units.length !== 1) return invalid('/purchase_units', 'INVALID_ARRAY_MAX_ITEMS', 'The local peer takes one purchase unit.');
    const unit = b.purchase_units[0] ?? {};
    const amount = unit.amount;
    if (!amount?.currency_code || !/^[A-Z]{3}$/.test(amount.currency_code)) {
      return invalid('/purchase_units/@reference_id==\'default\'/amount/currency_code', 'MISSING_REQUIRED_PARAMETER', 'currency_code');
    }
    if (!AMOUNT.test(amount.value ?? '')) {
      return invalid('/purchase_units/@reference_id==\'default\'/amount/value', 'DECIMAL_PRECISION', 'PLN allows 2 decimal places');
    }
    if (Number(amount.value) <= 0) return unprocessable('AMOUNT_MUST_BE_POSITIVE', 'amount must be greater than zero', debugId);
    const id = peerId(17);
    const at = now();
    const order: PeerOrder = {
      id,
      status: b.payment_source?.paypal?.experience_context ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
      intent: b.intent,
      purchaseUnit: {
        reference_id: unit.reference_id ?? 'default',
        custom_id: unit.custom_id,
        invoice_id: unit.invoice_id,
        description: unit.description,
        amount: { currency_code: amount.currency_code, value: amount.value },
      },
      experience: b.payment_source?.paypal?.experience_context ?? {},
      createTime: at,
      updateTime: at,
    };
    this.orders.set(id, order);
    this.stats.ordersCreated += 1;
    const answer = { status: 201, body: this.representation(order) };
    if (requestId) this.requests.set(`create:${requestId}`, { ...answer, orderId: id });
    return answer;
  }

  getOrder(id: string, debugId: string): PeerAnswer {
    const order = this.orders.get(id);
    if (!order) return notFound(id, debugId);
    return { status: 200, body: this.representation(order) };
  }

  /** PATCH /v2/checkout/orders/{id}: `replace` of a purchase unit's amount (what PayPal allows before capture). */
  patchOrder(id: string, body: unknown, debugId: string): PeerAnswer {
    const order = this.orders.get(id);
    if (!order) return notFound(id, debugId);
    if (!Array.isArray(body)) {
      return paypalError(400, 'MALFORMED_REQUEST_JSON', 'A JSON Patch document (an array of operations) was expected.', debugId, { field: '/', location: 'body' });
    }
    if (order.status === 'COMPLETED' || order.status === 'VOIDED') {
      return unprocessable('ORDER_ALREADY_COMPLETED', 'The order cannot be patched after it is completed.', debugId);
    }
    for (const op of body as { op?: string; path?: string; value?: unknown }[]) {
      if (op?.op === 'replace' && /\/amount$/.test(op.path ?? '')) {
        const value = op.value as PeerMoney;
        if (!value?.currency_code || !AMOUNT.test(value.value ?? '')) {
          return paypalError(400, 'INVALID_PARAMETER_VALUE', 'amount', debugId, { field: op.path, location: 'body' });
        }
        order.purchaseUnit.amount = { currency_code: value.currency_code, value: value.value };
      } else {
        return paypalError(400, 'INVALID_PATCH_OPERATION', 'only replace of /purchase_units/.../amount', debugId, { field: op?.path ?? '/', location: 'body' });
      }
    }
    order.updateTime = now();
    return { status: 204, body: null };
  }

  /**
   * POST /v2/checkout/orders/{id}/capture and /authorize: an empty body, `{}` or one with a payment_source are
   * all accepted (PayPal's SDK sends no body at all). Idempotent on PayPal-Request-Id.
   */
  capture(id: string, requestId: string | undefined, debugId: string, body?: unknown): PeerAnswer {
    return this.once('capture', id, requestId, debugId, body, () => this.performCapture(id, debugId));
  }

  authorize(id: string, requestId: string | undefined, debugId: string, body?: unknown): PeerAnswer {
    return this.once('authorize', id, requestId, debugId, body, () => this.performAuthorize(id, debugId));
  }

  private once(action: 'capture' | 'authorize', id: string, requestId: string | undefined, debugId: string, body: unknown, perform: () => PeerAnswer): PeerAnswer {
    if (action === 'capture') this.stats.captureCalls += 1;
    if (requestId) {
      const seen = this.requests.get(`${action}:${requestId}`);
      if (seen && seen.orderId === id) {
        if (action === 'capture') this.stats.captureReplays += 1;
        return { status: seen.status === 201 ? 200 : seen.status, body: seen.body };
      }
    }
    if (!asObject(body)) return notAnObject(debugId);
    const answer = perform();
    if (requestId && answer.status < 500) this.requests.set(`${action}:${requestId}`, { ...answer, orderId: id });
    return answer;
  }

  /** Why an order cannot be captured or authorized now (undefined: it can). */
  private refusal(order: PeerOrder, action: 'CAPTURE' | 'AUTHORIZE', debugId: string): PeerAnswer | undefined {
    if (order.intent !== action) {
      return unprocessable(
        'ACTION_DOES_NOT_MATCH_INTENT',
        `Order was created with an intent to '${order.intent}'. Please use v2/checkout/orders/order_id/${order.intent === 'CAPTURE' ? 'capture' : 'authorize'} to complete the transaction.`,
        debugId,
      );
    }
    if (order.status === 'COMPLETED') {
      return action === 'CAPTURE'
        ? unprocessable('ORDER_ALREADY_CAPTURED', 'Order already captured. If intent=CAPTURE only one capture per order is allowed.', debugId)
        : unprocessable('ORDER_ALREADY_AUTHORIZED', 'Order already authorized. If intent=AUTHORIZE only one authorization per order is allowed.', debugId);
    }
    if (order.status === 'VOIDED') return unprocessable('ORDER_NOT_APPROVED', 'The order was voided.', debugId);
    if (order.status !== 'APPROVED') return unprocessable('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.', debugId);
    if (order.funding === 'declined-card') {
      // PayPal: send the payer back to the payer-action link to choose another funding source.
      order.status = 'PAYER_ACTION_REQUIRED';
      order.funding = undefined;
      order.fundingDeclined = true;
      order.updateTime = now();
      return unprocessable(
        'INSTRUMENT_DECLINED',
        "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.",
        debugId,
        [{ href: this.approvalUrl(order.id), rel: 'redirect', method: 'GET' }],
      );
    }
    return undefined;
  }

  private performCapture(id: string, debugId: string): PeerAnswer {
    const order = this.orders.get(id);
    if (!order) return notFound(id, debugId);
    const refused = this.refusal(order, 'CAPTURE', debugId);
    if (refused) return refused;
    this.makeCapture(order, order.purchaseUnit.amount, order.funding === 'pending');
    order.status = 'COMPLETED';
    return { status: 201, body: this.representation(order) };
  }

  private performAuthorize(id: string, debugId: string): PeerAnswer {
    const order = this.orders.get(id);
    if (!order) return notFound(id, debugId);
    const refused = this.refusal(order, 'AUTHORIZE', debugId);
    if (refused) return refused;
    const at = now();
    order.authorization = {
      id: peerId(17),
      status: 'CREATED',
      amount: { ...order.purchaseUnit.amount },
      custom_id: order.purchaseUnit.custom_id,
      invoice_id: order.purchaseUnit.invoice_id,
      expiration_time: new Date(Date.now() + AUTHORIZATION_LIFETIME_MS).toISOString(),
      create_time: at,
      update_time: at,
    };
    order.status = 'COMPLETED';
    order.updateTime = at;
    this.emit('PAYMENT.AUTHORIZATION.CREATED', order);
    return { status: 201, body: this.representation(order) };
  }

  private makeCapture(order: PeerOrder, amount: PeerMoney, pending: boolean, invoiceId = order.purchaseUnit.invoice_id) {
    const at = now();
    order.capture = {
      id: peerId(17),
      status: pending ? 'PENDING' : 'COMPLETED',
      ...(pending ? { status_details: { reason: 'ECHECK' } } : {}),
      amount: { ...amount },
      final_capture: true,
      custom_id: order.purchaseUnit.custom_id,
      invoice_id: invoiceId,
      create_time: at,
      update_time: at,
    };
    order.updateTime = at;
    this.stats.capturesPerformed += 1;
    this.emit(pending ? 'PAYMENT.CAPTURE.PENDING' : 'PAYMENT.CAPTURE.COMPLETED', order);
    return order.capture;
  }

  // ---------- Payments v2: authorizations, captures, refunds ----------

  private orderOf(kind: 'authorization' | 'capture' | 'refund', id: string) {
    return [...this.orders.values()].find((o) => o[kind]?.id === id);
  }

  getAuthorization(id: string, debugId: string): PeerAnswer {
    const order = this.orderOf('authorization', id);
    return order ? { status: 200, body: this.authorizationRepresentation(order) } : notFound(id, debugId);
  }

  /** POST /v2/payments/authorizations/{id}/capture: body optional ({ amount?, invoice_id?, final_capture? }). */
  captureAuthorization(id: string, body: unknown, requestId: string | undefined, debugId: string): PeerAnswer {
    const order = this.orderOf('authorization', id);
    if (!order) return notFound(id, debugId);
    const key = `authorization-capture:${requestId}`;
    const seen = requestId ? this.requests.get(key) : undefined;
    if (seen && seen.orderId === order.id) return { status: 200, body: seen.body };
    const b = asObject(body) as { amount?: PeerMoney; invoice_id?: string } | undefined;
    if (!b) return notAnObject(debugId);
    const authorization = order.authorization!;
    if (authorization.status === 'VOIDED') return unprocessable('AUTHORIZATION_VOIDED', 'A voided authorization cannot be captured.', debugId);
    if (authorization.status === 'CAPTURED') return unprocessable('AUTHORIZATION_ALREADY_CAPTURED', 'Authorization has been previously captured and hence cannot be captured again.', debugId);
    const amount = b.amount ?? authorization.amount;
    if (!amount.currency_code || !AMOUNT.test(amount.value ?? '')) {
      return paypalError(400, 'INVALID_PARAMETER_VALUE', 'amount', debugId, { field: '/amount', location: 'body' });
    }
    if (amount.currency_code !== authorization.amount.currency_code) return unprocessable('CURRENCY_MISMATCH', 'The currency of the capture must match the authorization.', debugId);
    if (Number(amount.value) > Number(authorization.amount.value)) return unprocessable('MAX_CAPTURE_AMOUNT_EXCEEDED', 'The capture amount exceeds the authorized amount.', debugId);
    const capture = this.makeCapture(order, amount, false, b.invoice_id ?? authorization.invoice_id);
    authorization.status = 'CAPTURED';
    authorization.update_time = capture.create_time;
    const answer = { status: 201, body: this.captureRepresentation(order) };
    if (requestId) this.requests.set(key, { ...answer, orderId: order.id });
    return answer;
  }

  /** POST /v2/payments/authorizations/{id}/void: no body; 204. */
  voidAuthorization(id: string, debugId: string): PeerAnswer {
    const order = this.orderOf('authorization', id);
    if (!order) return notFound(id, debugId);
    const authorization = order.authorization!;
    if (authorization.status === 'CAPTURED') return unprocessable('PREVIOUSLY_CAPTURED', 'Authorization has been previously captured and hence cannot be voided.', debugId);
    if (authorization.status === 'VOIDED') return unprocessable('PREVIOUSLY_VOIDED', 'Authorization has been previously voided and hence cannot be voided again.', debugId);
    authorization.status = 'VOIDED';
    authorization.update_time = now();
    this.emit('PAYMENT.AUTHORIZATION.VOIDED', order);
    return { status: 204, body: null };
  }

  getCapture(id: string, debugId: string): PeerAnswer {
    const order = this.orderOf('capture', id);
    return order ? { status: 200, body: this.captureRepresentation(order) } : notFound(id, debugId);
  }

  /** POST /v2/payments/captures/{id}/refund: body optional; the peer refunds whole captures only. */
  refundCapture(id: string, body: unknown, requestId: string | undefined, debugId: string): PeerAnswer {
    const order = this.orderOf('capture', id);
    if (!order) return notFound(id, debugId);
    const key = `refund:${requestId}`;
    const seen = requestId ? this.requests.get(key) : undefined;
    if (seen && seen.orderId === order.id) return { status: 200, body: seen.body };
    const b = asObject(body) as { amount?: PeerMoney; invoice_id?: string; note_to_payer?: string } | undefined;
    if (!b) return notAnObject(debugId);
    const capture = order.capture!;
    if (capture.status === 'REFUNDED') return unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.', debugId);
    if (capture.status === 'PENDING') return unprocessable('PENDING_CAPTURE', 'Cannot initiate a refund as the capture is pending.', debugId);
    if (capture.status !== 'COMPLETED') return unprocessable('REFUND_NOT_ALLOWED', 'This capture cannot be refunded.', debugId);
    if (b.amount && (b.amount.currency_code !== capture.amount.currency_code || b.amount.value !== capture.amount.value)) {
      return unprocessable('PARTIAL_REFUND_NOT_ALLOWED', 'The local peer refunds whole captures only.', debugId);
    }
    const at = now();
    order.refund = { id: peerId(17), status: 'COMPLETED', amount: { ...capture.amount }, invoice_id: b.invoice_id, note_to_payer: b.note_to_payer, create_time: at, update_time: at };
    capture.status = 'REFUNDED';
    capture.update_time = at;
    this.emit('PAYMENT.CAPTURE.REFUNDED', order);
    const answer = { status: 201, body: this.refundRepresentation(order) };
    if (requestId) this.requests.set(key, { ...answer, orderId: order.id });
    return answer;
  }

  getRefund(id: string, debugId: string): PeerAnswer {
    const order = this.orderOf('refund', id);
    return order ? { status: 200, body: this.refundRepresentation(order) } : notFound(id, debugId);
  }

  // ---------- the approval page's actions ----------

  approvalUrl(id: string) {
    return `${this.options.publicBase()}/checkoutnow?token=${encodeURIComponent(id)}`;
  }

  /** The payer approves with a funding source; answers where the browser goes next. */
  approve(id: string, funding: Funding): string | undefined {
    const order = this.orders.get(id);
    if (!order || (order.status !== 'PAYER_ACTION_REQUIRED' && order.status !== 'CREATED' && order.status !== 'APPROVED')) return undefined;
    order.status = 'APPROVED';
    order.funding = funding;
    order.fundingDeclined = false;
    order.payer = { payer_id: 'PEERPAYER7XK2Q', email_address: 'payer@peer.paypal.local', name: { given_name: 'Test', surname: 'Payer' } };
    order.updateTime = now();
    this.emit('CHECKOUT.ORDER.APPROVED', order);
    return withQuery(order.experience.return_url, { token: order.id, PayerID: order.payer.payer_id });
  }

  cancel(id: string): string | undefined {
    const order = this.orders.get(id);
    if (!order) return undefined;
    return withQuery(order.experience.cancel_url, { token: order.id });
  }

  /** Dev and test controls of a pending capture (PayPal decides these on its side). */
  settleCapture(captureId: string, outcome: 'complete' | 'deny' | 'refund'): boolean {
    const order = [...this.orders.values()].find((o) => o.capture?.id === captureId);
    if (!order?.capture) return false;
    const capture = order.capture;
    if (outcome === 'refund') {
      if (capture.status !== 'COMPLETED') return false;
      capture.status = 'REFUNDED';
    } else {
      if (capture.status !== 'PENDING') return false;
      capture.status = outcome === 'complete' ? 'COMPLETED' : 'DECLINED';
      delete capture.status_details;
    }
    capture.update_time = now();
    this.emit(
      outcome === 'complete' ? 'PAYMENT.CAPTURE.COMPLETED' : outcome === 'deny' ? 'PAYMENT.CAPTURE.DENIED' : 'PAYMENT.CAPTURE.REFUNDED',
      order,
    );
    return true;
  }

  // ---------- representations ----------

  representation(order: PeerOrder) {
    const api = this.options.apiBase();
    const links: { href: string; rel: string; method: string }[] = [
      { href: `${api}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
    ];
    if (order.status === 'PAYER_ACTION_REQUIRED' || order.status === 'CREATED') {
      links.push({ href: this.approvalUrl(order.id), rel: 'payer-action', method: 'GET' });
    }
    if (order.status === 'APPROVED') {
      const action = order.intent === 'CAPTURE' ? 'capture' : 'authorize';
      links.push({ href: `${api}/v2/checkout/orders/${order.id}/${action}`, rel: action, method: 'POST' });
    }
    const payments = {
      ...(order.authorization ? { authorizations: [this.authorizationRepresentation(order)] } : {}),
      ...(order.capture ? { captures: [this.captureRepresentation(order)] } : {}),
      ...(order.refund ? { refunds: [this.refundRepresentation(order)] } : {}),
    };
    return {
      id: order.id,
      intent: order.intent,
      status: order.status,
      ...(order.payer
        ? {
            payment_source: { paypal: { email_address: order.payer.email_address, account_id: order.payer.payer_id, name: order.payer.name } },
            payer: order.payer,
          }
        : { payment_source: { paypal: {} } }),
      purchase_units: [
        {
          ...order.purchaseUnit,
          ...(Object.keys(payments).length ? { payments } : {}),
        },
      ],
      create_time: order.createTime,
      update_time: order.updateTime,
      links,
    };
  }

  private captureRepresentation(order: PeerOrder) {
    const api = this.options.apiBase();
    const capture = order.capture!;
    return {
      ...capture,
      links: [
        { href: `${api}/v2/payments/captures/${capture.id}`, rel: 'self', method: 'GET' },
        { href: `${api}/v2/checkout/orders/${order.id}`, rel: 'up', method: 'GET' },
      ],
      supplementary_data: { related_ids: { order_id: order.id } },
    };
  }

  private authorizationRepresentation(order: PeerOrder) {
    const api = this.options.apiBase();
    const authorization = order.authorization!;
    const open = authorization.status === 'CREATED';
    return {
      ...authorization,
      links: [
        { href: `${api}/v2/payments/authorizations/${authorization.id}`, rel: 'self', method: 'GET' },
        ...(open
          ? [
              { href: `${api}/v2/payments/authorizations/${authorization.id}/capture`, rel: 'capture', method: 'POST' },
              { href: `${api}/v2/payments/authorizations/${authorization.id}/void`, rel: 'void', method: 'POST' },
            ]
          : []),
        { href: `${api}/v2/checkout/orders/${order.id}`, rel: 'up', method: 'GET' },
      ],
      supplementary_data: { related_ids: { order_id: order.id } },
    };
  }

  private refundRepresentation(order: PeerOrder) {
    const api = this.options.apiBase();
    const refund = order.refund!;
    return {
      ...refund,
      links: [
        { href: `${api}/v2/payments/refunds/${refund.id}`, rel: 'self', method: 'GET' },
        { href: `${api}/v2/payments/captures/${order.capture!.id}`, rel: 'up', method: 'GET' },
      ],
    };
  }

  // ---------- webhooks ----------

  private emit(eventType: string, order: PeerOrder) {
    const isCapture = eventType.startsWith('PAYMENT.CAPTURE.');
    const isAuthorization = eventType.startsWith('PAYMENT.AUTHORIZATION.');
    const resource = isCapture
      ? this.captureRepresentation(order)
      : isAuthorization
        ? this.authorizationRepresentation(order)
        : this.representation(order);
    const id = `WH-${peerId(8)}-${peerId(17)}`;
    const event: PeerEvent = {
      id,
      event_version: '1.0',
      create_time: now(),
      resource_type: isCapture ? 'capture' : isAuthorization ? 'authorization' : 'checkout-order',
      resource_version: '2.0',
      event_type: eventType,
      summary: `${eventType} (local PayPal peer)`,
      resource: resource as Record<string, unknown>,
      links: [{ href: `${this.options.apiBase()}/v1/notifications/webhooks-events/${id}`, rel: 'self', method: 'GET' }],
    };
    this.events.push(event);
    if (this.options.webhooks === 'auto') this.schedule(event, 0);
    else this.queue.push(event);
  }

  /** Signed headers exactly as PayPal sends them. */
  sign(body: string, webhookId = this.options.webhookId) {
    const transmissionId = randomUUID();
    const transmissionTime = now();
    return {
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-time': transmissionTime,
      'paypal-transmission-sig': this.signature(transmissionId, transmissionTime, webhookId, body),
      'paypal-cert-url': `${this.options.apiBase()}/v1/notifications/certs/CERT-LOCAL-PEER`,
      'paypal-auth-algo': 'SHA256withRSA',
    };
  }

  private signature(transmissionId: string, transmissionTime: string, webhookId: string, body: string) {
    // PayPal signs `<transmission id>|<time>|<webhook id>|<crc32 of the body>`; the peer does the same with an HMAC.
    const message = `${transmissionId}|${transmissionTime}|${webhookId}|${crc32(body)}`;
    return createHmac('sha256', this.secret).update(message).digest('base64');
  }

  verify(body: unknown, debugId: string): PeerAnswer {
    const b = asObject(body);
    if (!b) return notAnObject(debugId);
    const fields = ['transmission_id', 'transmission_time', 'cert_url', 'auth_algo', 'transmission_sig', 'webhook_id'] as const;
    const missing = fields.find((f) => typeof b[f] !== 'string') ?? (typeof b.webhook_event !== 'object' || b.webhook_event === null ? 'webhook_event' : undefined);
    if (missing) return paypalError(400, 'MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing.', debugId, { field: `/${missing}`, location: 'body' });
    const ok =
      b.webhook_id === this.options.webhookId &&
      safeEqual(
        b.transmission_sig as string,
        this.signature(b.transmission_id as string, b.transmission_time as string, b.webhook_id as string, JSON.stringify(b.webhook_event)),
      );
    return { status: 200, body: { verification_status: ok ? 'SUCCESS' : 'FAILURE' } };
  }

  /**
   * Sends one event to the app's webhook (signed; `times` copies, each with its own transmission). Answers the
   * HTTP statuses the app gave. Tests use it for duplicates; auto mode uses it with retries.
   */
  async deliver(event: PeerEvent | Record<string, unknown>, { times = 1, headers }: { times?: number; headers?: Record<string, string> } = {}) {
    const body = JSON.stringify(event);
    const statuses = await Promise.all(
      Array.from({ length: times }, async () => {
        try {
          const res = await fetch(this.options.webhookUrl(), {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...this.sign(body), ...headers },
            body,
            signal: AbortSignal.timeout(10_000),
          });
          await res.arrayBuffer();
          return res.status;
        } catch (error) {
          this.options.log?.warn({ err: error, eventId: (event as PeerEvent).id }, 'local PayPal peer: webhook delivery failed');
          return 0;
        }
      }),
    );
    return statuses;
  }

  /** Delivers (and empties) the queue of a manual-mode peer, in order. */
  async flush() {
    const statuses: number[] = [];
    while (this.queue.length) statuses.push(...(await this.deliver(this.queue.shift()!)));
    return statuses;
  }

  /** PayPal retries a delivery that does not get a 2xx; the peer does it a few times, quickly. */
  private schedule(event: PeerEvent, attempt: number) {
    if (this.closed) return;
    const delays = [50, 500, 2000, 5000, 15000];
    const timer = setTimeout(async () => {
      this.timers.delete(timer);
      const [status] = await this.deliver(event);
      if ((status < 200 || status >= 300) && attempt + 1 < delays.length) this.schedule(event, attempt + 1);
    }, delays[attempt]);
    timer.unref?.();
    this.timers.add(timer);
  }

  /** PayPal's answer to a URL the router refused before any route ran (bad encoding, an over-long parameter). */
  frameworkError(code: string): PeerAnswer & { debugId: string } {
    return peerFrameworkError(code);
  }

  close() {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}

function notFound(id: string, debugId: string): PeerAnswer {
  return paypalError(404, 'INVALID_RESOURCE_ID', `Specified resource ID ${id} does not exist. Please check the resource ID and try again.`, debugId, { field: 'id', value: id, location: 'path' });
}

const ALPHABET = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
function peerId(length: number) {
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}

function withQuery(url: string | undefined, params: Record<string, string>): string | undefined {
  if (!url) return undefined;
  const parsed = new URL(url);
  for (const [key, value] of Object.entries(params)) parsed.searchParams.set(key, value);
  return parsed.toString();
}

function safeEqual(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
