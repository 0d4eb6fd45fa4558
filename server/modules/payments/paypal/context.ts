import type { FastifyBaseLogger } from 'fastify';
import type { PayPalOutcome } from '../../../../contract/paypal';
import { type Config } from '../../../config';
import type { Db } from '../../../db/client';
import { apiError } from '../../../lib/errors';
import type { PaymentMethodRegistry } from '../../orders/payment-methods';
import { PayPalError, type PayPalCapture, type PayPalClient, type PayPalOrder } from './client';

// What the PayPal service's parts share: their dependencies and the small rules about PayPal's answers.

export interface PayPalServiceDeps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  client: PayPalClient;
  paymentMethods: PaymentMethodRegistry;
}

/** The dependencies with the service's own logger. */
export type PayPalContext = PayPalServiceDeps;

export interface Outcome {
  outcome: PayPalOutcome;
  reason: string | null;
  approveUrl: string | null;
}

export type ProviderData = Record<string, unknown> & { attempt?: number; declines?: number; approveUrl?: string; capture?: PayPalCapture };

export const PAID = new Set(['paid', 'completed']);
export const paypalUnavailable = () => apiError(502, 'PAYPAL_UNAVAILABLE');

/** The parts of PayPal's order worth keeping on the transaction (links and payer included). */
export const snapshot = (order: PayPalOrder) => ({
  id: order.id,
  status: order.status,
  payer: order.payer ?? null,
  purchaseUnit: order.purchase_units?.[0] ? { ...order.purchase_units[0], payments: undefined } : null,
  links: order.links ?? [],
  updateTime: order.update_time ?? null,
});

export const captureOf = (order: PayPalOrder): PayPalCapture | undefined => order.purchase_units?.[0]?.payments?.captures?.[0];

/** A PayPal failure as one line for the transaction's record. */
export function describe(error: unknown): string {
  if (error instanceof PayPalError) return `${error.status} ${error.errorName}${error.issue ? ` ${error.issue}` : ''}${error.debugId ? ` debug id ${error.debugId}` : ''}`;
  return error instanceof Error ? error.message.slice(0, 500) : String(error);
}
