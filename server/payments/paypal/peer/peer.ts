import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';

// The LOCAL PAYPAL PEER: a stand-in for PayPal's REST API that speaks its protocol (paths, bodies, statuses,
// error names, idempotent PayPal-Request-Id, OAuth2 tokens, webhooks with PayPal's transmission headers and
// the verify-webhook-signature call). Development and tests only: server/payments/paypal/plugin.ts registers
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

export interface PeerOrder {
  id: string;
  status: 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  intent: 'CAPTURE';
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
  capture?: PeerCapture;
  createTime: string;
  updateTime: string;
}

export interface PeerAnswer {
  status: number;
  body: unknown;
}

export interface PeerEvent {
  id: string;
  event_version: '1.0';
  create_time: string;
  resource_type: 'checkout-order' | 'capture';
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

const issueBody = (status: number, name: string, issue: string, description: string, debugId: string, links: unknown[] = []) => ({
  name,
  message:
    name === 'UNPROCESSABLE_ENTITY'
      ? 'The requested action could not be performed, semantically incorrect, or failed business validation.'
      : name === 'RESOURCE_NOT_FOUND'
        ? 'The specified resource does not exist.'
        : 'Request is not well-formed, syntactically incorrect, or violates schema.',
  debug_id: debugId,
  details: [{ issue, description }],
  links: [
    { href: `https://developer.paypal.com/docs/api/orders/v2/#error-${issue}`, rel: 'information_link', method: 'GET' },
    ...links,
  ],
  status,
});

export class PayPalPeer {
  readonly orders = new Map<string, PeerOrder>();
  /** PayPal-Request-Id → the first answer (create and capture are idempotent on it). */
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
    return randomBytes(7).toString('hex');
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

  isAuthorized(authorization: string | undefined): boolean {
    const match = /^Bearer (\S+)$/.exec(authorization ?? '');
    const expiry = match ? this.tokens.get(match[1]) : undefined;
    return expiry !== undefined && expiry > Date.now();
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
    const b = (body ?? {}) as {
      intent?: string;
      purchase_units?: { reference_id?: string; custom_id?: string; invoice_id?: string; description?: string; amount?: PeerMoney }[];
      payment_source?: { paypal?: { experience_context?: PeerOrder['experience'] } };
    };
    const invalid = (field: string, issue: string, description: string) => ({
      status: 400,
      body: {
        ...issueBody(400, 'INVALID_REQUEST', issue, description, debugId),
        details: [{ field, location: 'body', issue, description }],
      },
    });
    if (b.intent !== 'CAPTURE' && b.intent !== 'AUTHORIZE') return invalid('/intent', 'INVALID_PARAMETER_VALUE', 'intent must be CAPTURE or AUTHORIZE');
    if (b.intent === 'AUTHORIZE') return invalid('/intent', 'INVALID_PARAMETER_VALUE', 'the local peer supports CAPTURE only');
    const unit = b.purchase_units?.[0];
    if (!unit || b.purchase_units!.length !== 1) return invalid('/purchase_units', 'MISSING_REQUIRED_PARAMETER', 'one purchase unit');
    const amount = unit.amount;
    if (!amount?.currency_code || !/^[A-Z]{3}$/.test(amount.currency_code)) {
      return invalid('/purchase_units/@reference_id==\'default\'/amount/currency_code', 'MISSING_REQUIRED_PARAMETER', 'currency_code');
    }
    if (!/^\d{1,10}(\.\d{2})?$/.test(amount.value ?? '')) {
      return invalid('/purchase_units/@reference_id==\'default\'/amount/value', 'DECIMAL_PRECISION', 'PLN allows 2 decimal places');
    }
    if (Number(amount.value) <= 0) {
      return { status: 422, body: issueBody(422, 'UNPROCESSABLE_ENTITY', 'AMOUNT_MUST_BE_POSITIVE', 'amount must be greater than zero', debugId) };
    }
    const id = peerId(17);
    const at = now();
    const order: PeerOrder = {
      id,
      status: b.payment_source?.paypal?.experience_context ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
      intent: 'CAPTURE',
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
    if (order.status === 'COMPLETED' || order.status === 'VOIDED') {
      return { status: 422, body: issueBody(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_COMPLETED', 'The order cannot be patched after it is completed.', debugId) };
    }
    const ops = Array.isArray(body) ? (body as { op?: string; path?: string; value?: unknown }[]) : [];
    for (const op of ops) {
      if (op.op === 'replace' && /\/amount$/.test(op.path ?? '')) {
        const value = op.value as PeerMoney;
        if (!value?.currency_code || !/^\d{1,10}(\.\d{2})?$/.test(value.value ?? '')) {
          return { status: 400, body: issueBody(400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE', 'amount', debugId) };
        }
        order.purchaseUnit.amount = { currency_code: value.currency_code, value: value.value };
      } else {
        return { status: 400, body: issueBody(400, 'INVALID_REQUEST', 'INVALID_PATCH_OPERATION', 'only replace of /purchase_units/.../amount', debugId) };
      }
    }
    order.updateTime = now();
    return { status: 204, body: null };
  }

  capture(id: string, requestId: string | undefined, debugId: string): PeerAnswer {
    this.stats.captureCalls += 1;
    if (requestId) {
      const seen = this.requests.get(`capture:${requestId}`);
      if (seen && seen.orderId === id) {
        this.stats.captureReplays += 1;
        return { status: seen.status === 201 ? 200 : seen.status, body: seen.body };
      }
    }
    const answer = this.performCapture(id, debugId);
    if (requestId && answer.status < 500) this.requests.set(`capture:${requestId}`, { ...answer, orderId: id });
    return answer;
  }

  private performCapture(id: string, debugId: string): PeerAnswer {
    const order = this.orders.get(id);
    if (!order) return notFound(id, debugId);
    if (order.status === 'COMPLETED') {
      return { status: 422, body: issueBody(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED', 'Order already captured. If intent=CAPTURE only one capture per order is allowed.', debugId) };
    }
    if (order.status === 'VOIDED') {
      return { status: 422, body: issueBody(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED', 'The order was voided.', debugId) };
    }
    if (order.status !== 'APPROVED') {
      return { status: 422, body: issueBody(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.', debugId) };
    }
    if (order.funding === 'declined-card') {
      // PayPal: send the payer back to the payer-action link to choose another funding source.
      order.status = 'PAYER_ACTION_REQUIRED';
      order.funding = undefined;
      order.fundingDeclined = true;
      order.updateTime = now();
      return {
        status: 422,
        body: issueBody(422, 'UNPROCESSABLE_ENTITY', 'INSTRUMENT_DECLINED', 'The instrument presented was either declined by the processor or bank, or it can\'t be used for this payment.', debugId, [
          { href: this.approvalUrl(order.id), rel: 'redirect', method: 'GET' },
        ]),
      };
    }
    const at = now();
    const pending = order.funding === 'pending';
    order.capture = {
      id: peerId(17),
      status: pending ? 'PENDING' : 'COMPLETED',
      ...(pending ? { status_details: { reason: 'ECHECK' } } : {}),
      amount: { ...order.purchaseUnit.amount },
      final_capture: true,
      custom_id: order.purchaseUnit.custom_id,
      invoice_id: order.purchaseUnit.invoice_id,
      create_time: at,
      update_time: at,
    };
    order.status = 'COMPLETED';
    order.updateTime = at;
    this.stats.capturesPerformed += 1;
    this.emit(pending ? 'PAYMENT.CAPTURE.PENDING' : 'PAYMENT.CAPTURE.COMPLETED', order);
    return { status: 201, body: this.representation(order) };
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
      links.push({ href: `${api}/v2/checkout/orders/${order.id}/capture`, rel: 'capture', method: 'POST' });
    }
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
          ...(order.capture ? { payments: { captures: [this.captureRepresentation(order)] } } : {}),
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

  // ---------- webhooks ----------

  private emit(eventType: string, order: PeerOrder) {
    const isCapture = eventType.startsWith('PAYMENT.CAPTURE.');
    const resource = isCapture ? this.captureRepresentation(order) : this.representation(order);
    const id = `WH-${peerId(8)}-${peerId(17)}`;
    const event: PeerEvent = {
      id,
      event_version: '1.0',
      create_time: now(),
      resource_type: isCapture ? 'capture' : 'checkout-order',
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

  verify(body: unknown): PeerAnswer {
    const b = (body ?? {}) as Record<string, unknown>;
    const fields = ['transmission_id', 'transmission_time', 'cert_url', 'auth_algo', 'transmission_sig', 'webhook_id'] as const;
    if (fields.some((f) => typeof b[f] !== 'string') || typeof b.webhook_event !== 'object' || b.webhook_event === null) {
      return { status: 400, body: issueBody(400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER', 'all verification fields are required', this.newDebugId()) };
    }
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

  close() {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}

function notFound(id: string, debugId: string): PeerAnswer {
  return {
    status: 404,
    body: issueBody(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', `Specified resource ID ${id} does not exist. Please check the resource ID and try again.`, debugId),
  };
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
