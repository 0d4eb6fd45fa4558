import type { FastifyBaseLogger } from 'fastify';

// A small typed client for PayPal REST (OAuth2 client credentials, Orders v2, webhook verification).
// Why not @paypal/paypal-server-sdk (2.x, checked): its `environment` is a fixed enum (Sandbox/Production),
// so it cannot talk to the local peer without patching its URLs; it has no verify-webhook-signature call;
// and it brings axios and five @apimatic packages for four HTTP calls. This client uses Node's fetch,
// exactly PayPal's documented paths and bodies, and throws `PayPalError` carrying PayPal's error name,
// `details[0].issue`, the HTTP status and the PayPal-Debug-Id (logged on every answer).

// ---------- PayPal's shapes (the parts we read) ----------

export interface PayPalLink {
  href: string;
  rel: string;
  method?: string;
}

export interface PayPalMoney {
  currency_code: string;
  value: string;
}

export interface PayPalCapture {
  id: string;
  /** COMPLETED, PENDING, DECLINED, REFUNDED, PARTIALLY_REFUNDED, FAILED */
  status: string;
  status_details?: { reason?: string };
  amount: PayPalMoney;
  custom_id?: string;
  invoice_id?: string;
  final_capture?: boolean;
  create_time?: string;
  update_time?: string;
  links?: PayPalLink[];
  supplementary_data?: { related_ids?: { order_id?: string } };
}

export interface PayPalPurchaseUnit {
  reference_id?: string;
  custom_id?: string;
  invoice_id?: string;
  description?: string;
  amount: PayPalMoney;
  payments?: { captures?: PayPalCapture[] };
}

export interface PayPalOrder {
  id: string;
  /** CREATED, SAVED, APPROVED, VOIDED, COMPLETED, PAYER_ACTION_REQUIRED */
  status: string;
  intent?: string;
  purchase_units?: PayPalPurchaseUnit[];
  payer?: { payer_id?: string; email_address?: string; name?: { given_name?: string; surname?: string } };
  payment_source?: Record<string, unknown>;
  links?: PayPalLink[];
  create_time?: string;
  update_time?: string;
}

export interface CreateOrderInput {
  /** Our order id: reference_id and custom_id. */
  orderId: string;
  /** ES-XXXX-XXXX: invoice_id (PayPal refuses a second order with the same invoice id once paid). */
  invoiceId: string;
  description: string;
  /** "1234.50" */
  value: string;
  currency: 'PLN';
  returnUrl: string;
  cancelUrl: string;
  locale: 'pl-PL' | 'en-US';
  brandName: string;
}

export interface WebhookHeaders {
  transmissionId: string;
  transmissionTime: string;
  transmissionSig: string;
  certUrl: string;
  authAlgo: string;
}

export interface WebhookEvent {
  id: string;
  event_type: string;
  resource_type?: string;
  resource: Record<string, unknown>;
  create_time?: string;
  summary?: string;
  [key: string]: unknown;
}

/** A failed call: PayPal's answer (`name`, `details[0].issue`), or status 0 when PayPal could not be reached. */
export class PayPalError extends Error {
  readonly status: number;
  /** UNPROCESSABLE_ENTITY, RESOURCE_NOT_FOUND, INVALID_REQUEST, AUTHENTICATION_FAILURE, NETWORK, ... */
  readonly errorName: string;
  /** details[0].issue: ORDER_NOT_APPROVED, ORDER_ALREADY_CAPTURED, INSTRUMENT_DECLINED, ... */
  readonly issue: string | undefined;
  readonly debugId: string | undefined;
  readonly links: PayPalLink[];
  readonly body: unknown;

  constructor(status: number, errorName: string, issue: string | undefined, debugId: string | undefined, body: unknown) {
    super(`PayPal ${status} ${errorName}${issue ? ` ${issue}` : ''}${debugId ? ` (debug id ${debugId})` : ''}`);
    this.name = 'PayPalError';
    this.status = status;
    this.errorName = errorName;
    this.issue = issue;
    this.debugId = debugId;
    const links = (body as { links?: unknown } | null)?.links;
    this.links = Array.isArray(links) ? (links as PayPalLink[]) : [];
    this.body = body;
  }
}

export interface PayPalClient {
  createOrder(input: CreateOrderInput, requestId: string): Promise<PayPalOrder>;
  getOrder(paypalOrderId: string): Promise<PayPalOrder>;
  captureOrder(paypalOrderId: string, requestId: string): Promise<PayPalOrder>;
  /** Payments v2 refund of a whole capture; idempotent on the request id (a repeat answers the same refund). */
  refundCapture(captureId: string, requestId: string): Promise<{ id: string; status: string }>;
  verifyWebhookSignature(headers: WebhookHeaders, event: WebhookEvent): Promise<boolean>;
}

export interface PayPalClientOptions {
  /** Resolved on each call: the local peer's address is known only once the server listens. */
  baseUrl: () => string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  timeoutMs: number;
  log?: FastifyBaseLogger;
  fetch?: typeof fetch;
}

/** Renew the cached token this long before PayPal says it expires. */
const TOKEN_MARGIN_MS = 5 * 60_000;

export function payerActionUrl(order: Pick<PayPalOrder, 'links'> | { links: PayPalLink[] }): string | undefined {
  return order.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve')?.href;
}

export function createPayPalClient(options: PayPalClientOptions): PayPalClient {
  const doFetch = options.fetch ?? fetch;
  let token: { value: string; renewAt: number } | undefined;
  let tokenRequest: Promise<string> | undefined;

  async function send(
    method: string,
    path: string,
    init: { headers?: Record<string, string>; body?: string; auth?: string },
  ): Promise<{ status: number; body: unknown; debugId: string | undefined }> {
    const url = `${options.baseUrl()}${path}`;
    let res: Response;
    try {
      res = await doFetch(url, {
        method,
        headers: { accept: 'application/json', ...(init.auth ? { authorization: init.auth } : {}), ...init.headers },
        body: init.body,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      options.log?.warn({ err: error, method, path }, 'PayPal unreachable');
      throw new PayPalError(0, 'NETWORK', undefined, undefined, { message: (error as Error).message });
    }
    const debugId = res.headers.get('paypal-debug-id') ?? undefined;
    const text = await res.text();
    let body: unknown = null;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = { raw: text.slice(0, 500) };
      }
    }
    options.log?.info({ method, path, status: res.status, paypalDebugId: debugId }, 'PayPal call');
    return { status: res.status, body, debugId };
  }

  function fail(status: number, body: unknown, debugId: string | undefined): never {
    const b = (body ?? {}) as { name?: string; error?: string; details?: { issue?: string }[] };
    throw new PayPalError(status, b.name ?? b.error ?? `HTTP_${status}`, b.details?.[0]?.issue, debugId ?? undefined, body);
  }

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const res = await send('POST', '/v1/oauth2/token', {
      auth: `Basic ${basic}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const body = res.body as { access_token?: string; expires_in?: number } | null;
    if (res.status !== 200 || !body?.access_token) fail(res.status, res.body, res.debugId);
    const lifetimeMs = (body.expires_in ?? 300) * 1000;
    token = { value: body.access_token, renewAt: Date.now() + Math.max(lifetimeMs - TOKEN_MARGIN_MS, lifetimeMs / 2) };
    return body.access_token;
  }

  /** One token for every call, renewed shortly before expiry; one request in flight at a time. */
  async function accessToken(): Promise<string> {
    if (token && Date.now() < token.renewAt) return token.value;
    tokenRequest ??= fetchToken().finally(() => {
      tokenRequest = undefined;
    });
    return tokenRequest;
  }

  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    for (let attempt = 0; ; attempt += 1) {
      const bearer = await accessToken();
      const res = await send(method, path, {
        auth: `Bearer ${bearer}`,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      // 401: the token expired or was revoked early. Drop it and try once more with a new one.
      if (res.status === 401 && attempt === 0) {
        if (token?.value === bearer) token = undefined;
        continue;
      }
      if (res.status >= 200 && res.status < 300) return res.body;
      fail(res.status, res.body, res.debugId);
    }
  }

  return {
    async createOrder(input, requestId) {
      const body = {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: input.orderId,
            custom_id: input.orderId,
            invoice_id: input.invoiceId,
            description: input.description.slice(0, 127),
            amount: { currency_code: input.currency, value: input.value },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              return_url: input.returnUrl,
              cancel_url: input.cancelUrl,
              locale: input.locale,
              user_action: 'PAY_NOW',
              shipping_preference: 'NO_SHIPPING',
              brand_name: input.brandName.slice(0, 127),
            },
          },
        },
      };
      return (await call('POST', '/v2/checkout/orders', body, {
        'paypal-request-id': requestId,
        prefer: 'return=representation',
      })) as PayPalOrder;
    },

    async getOrder(paypalOrderId) {
      return (await call('GET', `/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}`)) as PayPalOrder;
    },

    async captureOrder(paypalOrderId, requestId) {
      return (await call('POST', `/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}/capture`, {}, {
        'paypal-request-id': requestId,
        prefer: 'return=representation',
      })) as PayPalOrder;
    },

    async refundCapture(captureId, requestId) {
      return (await call('POST', `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, {}, {
        'paypal-request-id': requestId,
        prefer: 'return=representation',
      })) as { id: string; status: string };
    },

    async verifyWebhookSignature(headers, event) {
      const body = (await call('POST', '/v1/notifications/verify-webhook-signature', {
        transmission_id: headers.transmissionId,
        transmission_time: headers.transmissionTime,
        cert_url: headers.certUrl,
        auth_algo: headers.authAlgo,
        transmission_sig: headers.transmissionSig,
        webhook_id: options.webhookId,
        webhook_event: event,
      })) as { verification_status?: string } | null;
      return body?.verification_status === 'SUCCESS';
    },
  };
}
