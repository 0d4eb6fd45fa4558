import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { testConfig } from './helpers';

// Helpers of the PayPal suites: the app's local peer (webhooks queued until a test delivers them), the
// approval page's buttons pressed over HTTP, and the return page's call.

export const paypalConfig = (extra: Partial<ReturnType<typeof testConfig>['paypal']> = {}) => ({
  ...testConfig().paypal,
  peerWebhooks: 'manual' as const,
  ...extra,
});

export const tokenOf = (approveUrl: string) => {
  const token = new URL(approveUrl).searchParams.get('token');
  if (!token) throw new Error(`no token in ${approveUrl}`);
  return token;
};

/** Presses a button of the peer's approval page; answers where the browser is sent (PayPal's redirect). */
export async function pressOnApprovalPage(app: FastifyInstance, approveUrl: string, action: 'pay' | 'pending' | 'declined-card' | 'cancel') {
  const page = await app.inject({ method: 'GET', url: `/paypal-peer/checkoutnow?token=${tokenOf(approveUrl)}` });
  expect(page.statusCode).toBe(200);
  expect(page.body).toMatch(/class="banner"[^>]*>[^<]*PAYPAL/);
  const res = await app.inject({
    method: 'POST',
    url: `/paypal-peer/checkoutnow/${tokenOf(approveUrl)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `action=${action}`,
  });
  expect(res.statusCode, res.body).toBe(303);
  return new URL(res.headers.location as string);
}

export function returnPage(
  inject: (options: InjectOptions) => Promise<LightMyRequestResponse>,
  orderId: string,
  token?: string,
) {
  return inject({ method: 'POST', url: `/api/order/${orderId}/paypal/return`, payload: token ? { token } : {} });
}
