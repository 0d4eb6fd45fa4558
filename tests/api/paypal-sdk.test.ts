import type { AddressInfo } from 'node:net';
import {
  ApiError,
  CheckoutPaymentIntent,
  Client,
  CustomError,
  Environment,
  OrdersController,
  PaymentsController,
  PaypalExperienceUserAction,
} from '@paypal/paypal-server-sdk';
import axios, { type AxiosAdapter } from 'axios';
import { beforeAll, describe, expect, it } from 'vitest';
import { PayPalError } from '../../server/modules/payments/paypal/client';
import { describeEachDatabase, testConfig } from './helpers';
import { paypalConfig, pressOnApprovalPage } from './paypal-support';

// PayPal's own server SDK (@paypal/paypal-server-sdk) drives the local PayPal peer: whatever the SDK sends,
// the peer must take as PayPal does (a capture is a POST with `Content-Type: application/json` and no body
// at all), and whatever goes wrong must come back in PayPal's error shape, which the SDK parses into its
// CustomError. The SDK's environments are fixed (Sandbox, Production); its axios options take an `adapter`
// (axios' documented hook "for testing"), which here sends the SDK's requests to the peer on this suite's
// port: the SDK builds every request itself, only the origin changes.

const SANDBOX = 'https://api-m.sandbox.paypal.com';

/** axios' own Node adapter, with PayPal's sandbox origin swapped for the peer's address. */
function towardsPeer(peerBase: () => string): AxiosAdapter {
  const http = axios.getAdapter('http');
  return (config) => {
    const url = config.url ?? '';
    if (!url.startsWith(SANDBOX)) throw new Error(`the SDK called ${url}, not PayPal's sandbox`);
    return http({ ...config, url: peerBase() + url.slice(SANDBOX.length) });
  };
}

describeEachDatabase('PayPal server SDK against the local peer', { config: { paypal: paypalConfig() } }, (t) => {
  let base = '';
  const sdk = (credentials = { oAuthClientId: t.config.paypal.clientId, oAuthClientSecret: t.config.paypal.clientSecret }) =>
    new Client({
      environment: Environment.Sandbox,
      clientCredentialsAuthCredentials: credentials,
      timeout: 10_000,
      unstable_httpClientOptions: { adapter: towardsPeer(() => base) },
    });

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/paypal-peer`;
  });

  it('token, create, get, capture before approval (422 ORDER_NOT_APPROVED), approve, capture (COMPLETED)', async () => {
    const client = sdk();
    const token = await client.clientCredentialsAuthManager.fetchToken();
    expect(token.accessToken).toMatch(/^A21AA/);
    expect(token.tokenType).toBe('Bearer');
    expect(Number(token.expiresIn)).toBeGreaterThan(0);

    const orders = new OrdersController(client);
    const created = await orders.createOrder({
      paypalRequestId: 'sdk-create-1',
      body: {
        intent: CheckoutPaymentIntent.Capture,
        purchaseUnits: [{ referenceId: 'sdk-1', invoiceId: 'ES-SDK1-TEST', customId: 'sdk-1', amount: { currencyCode: 'PLN', value: '1234.50' } }],
        paymentSource: {
          paypal: {
            experienceContext: {
              returnUrl: 'https://shop.example/return',
              cancelUrl: 'https://shop.example/cancel',
              locale: 'pl-PL',
              userAction: PaypalExperienceUserAction.PayNow,
              brandName: 'Estate Shares',
            },
          },
        },
      },
    });
    expect(created.statusCode).toBe(201);
    const order = created.result;
    expect(order.status).toBe('PAYER_ACTION_REQUIRED');
    const payerAction = order.links?.find((l) => l.rel === 'payer-action')?.href;
    expect(payerAction).toMatch(/\/paypal-peer\/checkoutnow\?token=/);
    expect(created.headers['paypal-debug-id']).toMatch(/^[0-9a-f]+$/);

    // The same PayPal-Request-Id: the same order (200), not a second one.
    const repeat = await orders.createOrder({ paypalRequestId: 'sdk-create-1', body: { intent: CheckoutPaymentIntent.Capture, purchaseUnits: [{ amount: { currencyCode: 'PLN', value: '1234.50' } }] } });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.result.id).toBe(order.id);

    const got = await orders.getOrder({ id: order.id! });
    expect(got.result).toMatchObject({ id: order.id, status: 'PAYER_ACTION_REQUIRED', intent: 'CAPTURE' });
    expect(got.result.purchaseUnits?.[0].amount).toMatchObject({ currencyCode: 'PLN', value: '1234.50' });

    // Capture before the payer approved: PayPal's 422 with the issue, parsed by the SDK into its CustomError.
    const early = await orders.captureOrder({ id: order.id!, paypalRequestId: 'sdk-capture-early' }).catch((e: unknown) => e);
    expect(early).toBeInstanceOf(CustomError);
    const earlyError = early as CustomError;
    expect(earlyError.statusCode).toBe(422);
    expect(earlyError.result).toMatchObject({ name: 'UNPROCESSABLE_ENTITY', debug_id: expect.any(String), details: [{ issue: 'ORDER_NOT_APPROVED' }] });
    expect(earlyError.headers['paypal-debug-id']).toBe(earlyError.result!.debug_id);
    // What the SDK sent: a body-less POST that still says application/json (what the peer used to refuse).
    expect(String(earlyError.request.headers?.['Content-Type'] ?? earlyError.request.headers?.['content-type'])).toBe('application/json');
    expect(earlyError.request.body).toBeUndefined();

    await pressOnApprovalPage(t.app, payerAction!, 'pay');
    expect((await orders.getOrder({ id: order.id! })).result.status).toBe('APPROVED');

    const captured = await orders.captureOrder({ id: order.id!, paypalRequestId: 'sdk-capture-1' });
    expect(captured.statusCode).toBe(201);
    expect(captured.result.status).toBe('COMPLETED');
    const capture = captured.result.purchaseUnits?.[0].payments?.captures?.[0];
    expect(capture).toMatchObject({ status: 'COMPLETED', amount: { currencyCode: 'PLN', value: '1234.50' }, invoiceId: 'ES-SDK1-TEST' });

    // A second capture: ORDER_ALREADY_CAPTURED, again PayPal's shape.
    const twice = (await orders.captureOrder({ id: order.id!, paypalRequestId: 'sdk-capture-2' }).catch((e: unknown) => e)) as CustomError;
    expect(twice).toBeInstanceOf(CustomError);
    expect(twice.result).toMatchObject({ name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] });
  });

  it('errors the SDK meets come back in PayPal shapes it parses: unknown order, bad token, bad client credentials', async () => {
    const orders = new OrdersController(sdk());
    const missing = (await orders.getOrder({ id: 'NOSUCHORDER00000' }).catch((e: unknown) => e)) as CustomError;
    expect(missing).toBeInstanceOf(CustomError);
    expect(missing.statusCode).toBe(404);
    expect(missing.result).toMatchObject({ name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });

    const stale = new OrdersController(
      new Client({
        environment: Environment.Sandbox,
        clientCredentialsAuthCredentials: {
          oAuthClientId: t.config.paypal.clientId,
          oAuthClientSecret: t.config.paypal.clientSecret,
          // A token the peer never issued, far from expiry: the SDK sends it as is.
          oAuthToken: { accessToken: 'A21AAnot-issued-by-the-peer', tokenType: 'Bearer', expiry: BigInt(Math.round(Date.now() / 1000) + 3600) },
        },
        unstable_httpClientOptions: { adapter: towardsPeer(() => base) },
      }),
    );
    const unauthorized = (await stale.getOrder({ id: 'NOSUCHORDER00000' }).catch((e: unknown) => e)) as CustomError;
    expect(unauthorized).toBeInstanceOf(CustomError);
    expect(unauthorized.statusCode).toBe(401);
    expect(unauthorized.result).toMatchObject({ name: 'AUTHENTICATION_FAILURE', debug_id: expect.any(String), details: [{ issue: expect.any(String) }] });

    // The token endpoint answers as an OAuth 2 server does (RFC 6749 §5.2), as PayPal's does; the SDK reads it.
    const wrong = sdk({ oAuthClientId: 'someone-else', oAuthClientSecret: 'nope' });
    // (The SDK's OAuthProviderError class is shadowed in its index by an enum of the same name: check the base.)
    const refused = (await wrong.clientCredentialsAuthManager.fetchToken().catch((e: unknown) => e)) as ApiError<{ error: string }>;
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).not.toBeInstanceOf(CustomError);
    expect(refused.statusCode).toBe(401);
    expect(refused.result).toMatchObject({ error: 'invalid_client' });
  });

  it('our own client (server/modules/payments/paypal/client.ts) reads the same answers: create, capture refused, capture', async () => {
    const client = t.app.paypal.client;
    const order = await client.createOrder(
      { orderId: 'own-1', invoiceId: 'ES-OWN1-TEST', description: 'Own client', value: '99.99', currency: 'PLN', returnUrl: 'https://shop.example/r', cancelUrl: 'https://shop.example/c', locale: 'pl-PL', brandName: 'Estate Shares' },
      'own-create-1',
    );
    expect(order.status).toBe('PAYER_ACTION_REQUIRED');
    const refused = (await client.captureOrder(order.id, 'own-capture-0').catch((e: unknown) => e)) as PayPalError;
    expect(refused).toBeInstanceOf(PayPalError);
    expect(refused).toMatchObject({ status: 422, errorName: 'UNPROCESSABLE_ENTITY', issue: 'ORDER_NOT_APPROVED', debugId: expect.stringMatching(/^[0-9a-f]+$/) });
    const missing = (await client.getOrder('NOSUCHORDER00000').catch((e: unknown) => e)) as PayPalError;
    expect(missing).toMatchObject({ status: 404, errorName: 'RESOURCE_NOT_FOUND', issue: 'INVALID_RESOURCE_ID' });
    await pressOnApprovalPage(t.app, order.links!.find((l) => l.rel === 'payer-action')!.href, 'pay');
    const captured = await client.captureOrder(order.id, 'own-capture-1');
    expect(captured.purchase_units?.[0].payments?.captures?.[0]).toMatchObject({ status: 'COMPLETED', amount: { currency_code: 'PLN', value: '99.99' } });
  });

  it('AUTHORIZE intent: authorize (empty JSON body), capture the authorization, refund the capture; void another (a body-less POST the SDK labels x-www-form-urlencoded)', async () => {
    const client = sdk();
    const orders = new OrdersController(client);
    const payments = new PaymentsController(client);
    const place = async (invoice: string) => {
      const { result } = await orders.createOrder({
        body: {
          intent: CheckoutPaymentIntent.Authorize,
          purchaseUnits: [{ invoiceId: invoice, amount: { currencyCode: 'PLN', value: '100.00' } }],
          paymentSource: { paypal: { experienceContext: { returnUrl: 'https://shop.example/return', cancelUrl: 'https://shop.example/cancel' } } },
        },
      });
      return { id: result.id!, approveUrl: result.links!.find((l) => l.rel === 'payer-action')!.href };
    };

    const first = await place('ES-AUTH-0001');
    // capture on an AUTHORIZE order, authorize before approval: PayPal's 422s.
    const wrongAction = (await orders.captureOrder({ id: first.id }).catch((e: unknown) => e)) as CustomError;
    expect(wrongAction.result).toMatchObject({ name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ACTION_DOES_NOT_MATCH_INTENT' }] });
    const early = (await orders.authorizeOrder({ id: first.id }).catch((e: unknown) => e)) as CustomError;
    expect(early.result).toMatchObject({ details: [{ issue: 'ORDER_NOT_APPROVED' }] });

    await pressOnApprovalPage(t.app, first.approveUrl, 'pay');
    const authorized = await orders.authorizeOrder({ id: first.id, paypalRequestId: 'sdk-authorize-1' });
    expect(authorized.statusCode).toBe(201);
    expect(authorized.result.status).toBe('COMPLETED');
    const authorization = authorized.result.purchaseUnits![0].payments!.authorizations![0];
    expect(authorization).toMatchObject({ status: 'CREATED', amount: { currencyCode: 'PLN', value: '100.00' } });
    // The same request id again: the same authorization, not a second one.
    const replay = await orders.authorizeOrder({ id: first.id, paypalRequestId: 'sdk-authorize-1' });
    expect(replay.result.purchaseUnits![0].payments!.authorizations![0].id).toBe(authorization.id);

    const captured = await payments.captureAuthorizedPayment({ authorizationId: authorization.id!, paypalRequestId: 'sdk-auth-capture-1' });
    expect(captured.statusCode).toBe(201);
    expect(captured.result).toMatchObject({ status: 'COMPLETED', amount: { value: '100.00' }, invoiceId: 'ES-AUTH-0001' });
    expect((await payments.getAuthorizedPayment({ authorizationId: authorization.id! })).result.status).toBe('CAPTURED');
    const again = (await payments.captureAuthorizedPayment({ authorizationId: authorization.id! }).catch((e: unknown) => e)) as CustomError;
    expect(again.result).toMatchObject({ details: [{ issue: 'AUTHORIZATION_ALREADY_CAPTURED' }] });

    const refund = await payments.refundCapturedPayment({ captureId: captured.result.id!, paypalRequestId: 'sdk-refund-1' });
    expect(refund.statusCode).toBe(201);
    expect(refund.result).toMatchObject({ status: 'COMPLETED', amount: { value: '100.00' } });
    expect((await payments.getCapturedPayment({ captureId: captured.result.id! })).result.status).toBe('REFUNDED');
    expect((await payments.getRefund({ refundId: refund.result.id! })).result.id).toBe(refund.result.id);

    const second = await place('ES-AUTH-0002');
    await pressOnApprovalPage(t.app, second.approveUrl, 'pay');
    const { result: other } = await orders.authorizeOrder({ id: second.id });
    const voided = await payments.voidPayment({ authorizationId: other.purchaseUnits![0].payments!.authorizations![0].id! });
    expect(voided.statusCode).toBe(204);
    const gone = (await payments
      .captureAuthorizedPayment({ authorizationId: other.purchaseUnits![0].payments!.authorizations![0].id! })
      .catch((e: unknown) => e)) as CustomError;
    expect(gone.result).toMatchObject({ name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'AUTHORIZATION_VOIDED' }] });
  });

  describe('over plain HTTP: what PayPal accepts is accepted, and every error is in PayPal\'s shape', () => {
    let token = '';
    beforeAll(async () => {
      const res = await fetch(`${base}/v1/oauth2/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${t.config.paypal.clientId}:${t.config.paypal.clientSecret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      });
      token = ((await res.json()) as { access_token: string }).access_token;
    });
    const call = (method: string, path: string, { headers = {}, body }: { headers?: Record<string, string>; body?: string } = {}) =>
      fetch(`${base}${path}`, { method, headers: { authorization: `Bearer ${token}`, ...headers }, body });

    async function expectPayPalError(res: Response, status: number, name: string, issue?: string) {
      const text = await res.text();
      expect(res.status, text).toBe(status);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      const body = JSON.parse(text);
      expect(Object.keys(body).sort()).toEqual(['debug_id', 'details', 'links', 'message', 'name']);
      expect(body.name).toBe(name);
      expect(body.message.length).toBeGreaterThan(0);
      expect(body.debug_id).toBe(res.headers.get('paypal-debug-id'));
      expect(body.details.length).toBeGreaterThan(0);
      for (const detail of body.details) {
        expect(typeof detail.issue).toBe('string');
        expect(typeof detail.description).toBe('string');
      }
      if (issue) expect(body.details[0].issue).toBe(issue);
      expect(body.links[0]).toMatchObject({ rel: 'information_link', href: expect.stringMatching(/^https:\/\/developer\.paypal\.com\//) });
      return body;
    }

    async function approvedOrder(intent: 'CAPTURE' | 'AUTHORIZE' = 'CAPTURE') {
      const res = await call('POST', '/v2/checkout/orders', {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ intent, purchase_units: [{ amount: { currency_code: 'PLN', value: '10.00' } }], payment_source: { paypal: { experience_context: { return_url: 'https://shop.example/r' } } } }),
      });
      expect(res.status).toBe(201);
      const order = (await res.json()) as { id: string; links: { rel: string; href: string }[] };
      await pressOnApprovalPage(t.app, order.links.find((l) => l.rel === 'payer-action')!.href, 'pay');
      return order.id;
    }

    it('a body-less POST with Content-Type: application/json (with a charset, a form type, or none) on capture, authorize, void and refund', async () => {
      const variants: Record<string, string>[] = [{ 'content-type': 'application/json' }, { 'content-type': 'application/json; charset=utf-8' }, { 'content-type': 'application/x-www-form-urlencoded' }, {}];
      for (const headers of variants) {
        const id = await approvedOrder();
        const capture = await call('POST', `/v2/checkout/orders/${id}/capture`, { headers });
        expect(capture.status, await capture.clone().text()).toBe(201);
        const captureId = ((await capture.json()) as { purchase_units: { payments: { captures: { id: string }[] } }[] }).purchase_units[0].payments.captures[0].id;
        const refund = await call('POST', `/v2/payments/captures/${captureId}/refund`, { headers });
        expect(refund.status, await refund.clone().text()).toBe(201);

        const authorizeId = await approvedOrder('AUTHORIZE');
        const authorize = await call('POST', `/v2/checkout/orders/${authorizeId}/authorize`, { headers });
        expect(authorize.status, await authorize.clone().text()).toBe(201);
        const authorizationId = ((await authorize.json()) as { purchase_units: { payments: { authorizations: { id: string }[] } }[] }).purchase_units[0].payments.authorizations[0].id;
        const voided = await call('POST', `/v2/payments/authorizations/${authorizationId}/void`, { headers });
        expect(voided.status, await voided.clone().text()).toBe(204);
      }
      // `{}` and whitespace are as good as nothing.
      const id = await approvedOrder();
      expect((await call('POST', `/v2/checkout/orders/${id}/capture`, { headers: { 'content-type': 'application/json' }, body: ' \n' })).status).toBe(201);
      const other = await approvedOrder();
      expect((await call('POST', `/v2/checkout/orders/${other}/capture`, { headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(201);
    });

    it('malformed JSON, a JSON array where an object belongs, a media type PayPal does not take', async () => {
      const id = await approvedOrder();
      await expectPayPalError(await call('POST', `/v2/checkout/orders/${id}/capture`, { headers: { 'content-type': 'application/json' }, body: '{"payment_source":' }), 400, 'INVALID_REQUEST', 'MALFORMED_REQUEST_JSON');
      await expectPayPalError(await call('POST', '/v2/checkout/orders', { headers: { 'content-type': 'application/json' }, body: '[1]' }), 400, 'INVALID_REQUEST', 'MALFORMED_REQUEST_JSON');
      await expectPayPalError(await call('POST', `/v2/checkout/orders/${id}/capture`, { headers: { 'content-type': 'text/plain' }, body: 'capture please' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
      await expectPayPalError(await call('POST', '/v2/checkout/orders', { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'intent=CAPTURE' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
      await expectPayPalError(await call('PATCH', `/v2/checkout/orders/${id}`, { headers: { 'content-type': 'application/json' }, body: '{"op":"replace"}' }), 400, 'INVALID_REQUEST', 'MALFORMED_REQUEST_JSON');
      // Validation of a create: PayPal's field pointer and location.
      const invalid = await expectPayPalError(await call('POST', '/v2/checkout/orders', { headers: { 'content-type': 'application/json' }, body: '{"intent":"SELL"}' }), 400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE');
      expect(invalid.details[0]).toMatchObject({ field: '/intent', location: 'body' });
      // The order is still capturable after all that.
      expect((await call('POST', `/v2/checkout/orders/${id}/capture`, { headers: { 'content-type': 'application/json' } })).status).toBe(201);
    });

    it('an unknown path, a method the path has not (405 with Allow), no token, a stale token, an unknown id', async () => {
      await expectPayPalError(await call('GET', '/v2/checkout/nothing-here'), 404, 'RESOURCE_NOT_FOUND');
      await expectPayPalError(await call('POST', '/v3/vault/payment-tokens', { headers: { 'content-type': 'application/json' }, body: '{}' }), 404, 'RESOURCE_NOT_FOUND');
      const wrongMethod = await call('DELETE', '/v2/checkout/orders/ABC');
      expect(wrongMethod.headers.get('allow')).toBe('GET, PATCH, HEAD');
      await expectPayPalError(wrongMethod, 405, 'METHOD_NOT_SUPPORTED');
      await expectPayPalError(await call('GET', '/v2/checkout/orders/ABC/capture'), 405, 'METHOD_NOT_SUPPORTED');
      await expectPayPalError(await fetch(`${base}/v2/checkout/orders/ABC`), 401, 'AUTHENTICATION_FAILURE', 'MISSING_AUTHORIZATION');
      await expectPayPalError(await call('GET', '/v2/checkout/orders/ABC', { headers: { authorization: 'Bearer A21AAstale' } }), 401, 'AUTHENTICATION_FAILURE', 'INVALID_ACCESS_TOKEN');
      // The token is checked before the body is read: a malformed body without a token is a 401, not a 400.
      const noToken = await fetch(`${base}/v2/checkout/orders`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
      await expectPayPalError(noToken, 401, 'AUTHENTICATION_FAILURE');
      await expectPayPalError(await call('GET', '/v2/checkout/orders/NOPE'), 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      await expectPayPalError(await call('POST', '/v2/payments/authorizations/NOPE/void'), 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      await expectPayPalError(
        await call('POST', '/v1/notifications/verify-webhook-signature', { headers: { 'content-type': 'application/json' }, body: '{}' }),
        400,
        'INVALID_REQUEST',
        'MISSING_REQUIRED_PARAMETER',
      );
    });

    it('a body over the limit and a URL that does not decode are PayPal errors too', async () => {
      const big = JSON.stringify({ intent: 'CAPTURE', note: 'x'.repeat(t.config.bodyLimit + 10) });
      const tooLarge = await call('POST', '/v2/checkout/orders', { headers: { 'content-type': 'application/json' }, body: big });
      const body = await expectPayPalError(tooLarge, 413, 'INVALID_REQUEST', 'PAYLOAD_TOO_LARGE');
      expect(body.details[0].location).toBe('body');
      await expectPayPalError(await call('GET', '/v2/checkout/orders/%ZZ'), 400, 'INVALID_REQUEST');
    });
  });
});

describe('towardsPeer', () => {
  it('refuses to send the SDK anywhere but the sandbox origin it rewrites', () => {
    const adapter = towardsPeer(() => 'http://127.0.0.1:1');
    expect(() => adapter({ url: 'https://api-m.paypal.com/v2/checkout/orders' } as never)).toThrow(/not PayPal's sandbox/);
    expect(testConfig().paypal.mode).toBe('local');
  });
});
