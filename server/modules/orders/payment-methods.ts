import type { FastifyBaseLogger } from 'fastify';
import type { MethodCode, Payment } from '../../../contract/orders';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { OrderRow, TransactionRow } from '../../db/schema-orders';
import { renderOrderConfirmation } from '../mail/order-templates';
import type { RenderedMail } from '../mail/templates';
import { bankTransferDetails } from '../payments/bank-account';
import { reflectionDeadline } from '../protection/reflection-period';
import { revokeLinkUrl } from '../protection/revoke-link';

// The method choice is a branch point: one handler per transaction method's codeName. `createOrder`
// (create-order.ts) does what every method shares (checks, order, first transaction, history, reservation)
// and asks the order's handler for what differs: the confirmation e-mail (inside the creating transaction)
// and the payment the client acts on (after the commit: bank details, or PayPal's approval address).
//
// Registration: each app has one registry (`fastify.paymentMethods`, plugin ./plugin.ts) with BankTransfer
// registered. A method without a handler is shown as disabled by GET /transaction and refused by
// POST /investment with CAN_CREATE_PAYMENT, before any order is written.

export interface PaymentMethodContext {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
}

export interface CreatedOrder {
  order: OrderRow;
  /** The order's first transaction (status new, amount = total price, commission = fee). */
  transaction: TransactionRow;
  offerTitle: string;
  /** Investor's first name, for the e-mail greeting. */
  firstName: string;
  /** True when this is an idempotent repeat of an earlier POST /investment (same Idempotency-Key). */
  replayed: boolean;
  /** POST /investment's thankYouPageUrlPattern (where PayPal sends the payer back), if given. */
  thankYouPageUrlPattern?: string;
  /**
   * The revoke link's token of an order placed under the reflection rule, for its confirmation e-mail (only its
   * hash is stored, with the order, when the e-mail is queued).
   */
  revokeToken?: string;
}

export interface PaymentMethodHandler {
  codeName: MethodCode;
  /**
   * The e-mail to queue with the new order, rendered in the order's language, or null for none. Runs INSIDE
   * the creating transaction: keep it pure (no I/O).
   */
  confirmationMail(ctx: PaymentMethodContext, created: CreatedOrder): RenderedMail | null;
  /**
   * The payment the client acts on, after the order is committed, and again for an idempotent repeat
   * (`created.replayed`): it must be safe to call twice for one order (PayPal: use the order id as
   * PayPal-Request-Id). Throw `apiError(502, 'CAN_CREATE_PAYMENT', 'method')` when the provider fails.
   */
  afterCreate(ctx: PaymentMethodContext, created: CreatedOrder): Promise<Payment>;
}

export interface PaymentMethodRegistry {
  /** Adds (or replaces) the handler of one codeName. */
  register(handler: PaymentMethodHandler): void;
  get(codeName: MethodCode): PaymentMethodHandler | undefined;
  has(codeName: MethodCode): boolean;
}

/** Bank transfer: the confirmation e-mail carries the bank details; the payment is the same details + QR. */
export const bankTransferHandler: PaymentMethodHandler = {
  codeName: 'BankTransfer',
  confirmationMail(ctx, created) {
    const { order } = created;
    return renderOrderConfirmation(
      {
        language: order.language,
        publicUrl: ctx.config.publicUrl,
        firstName: created.firstName,
        orderId: order.id,
        reference: order.reference,
        offerTitle: created.offerTitle,
        quantity: order.quantity,
        totalPrice: order.totalPrice,
        expiresAt: order.expiresAt,
        revoke: created.revokeToken
          ? { link: revokeLinkUrl(ctx.config.publicUrl, order.language, created.revokeToken), deadline: reflectionDeadline(order.createdAt) }
          : undefined,
      },
      ctx.config.bankAccount,
    );
  },
  async afterCreate(ctx, created) {
    return bankTransferDetails(ctx.config.bankAccount, created.order);
  },
};

// PayPal: REGISTRATION POINT. The PayPal integration (server/modules/payments/paypal/*) registers its handler with
// `fastify.paymentMethods.register(payPalHandler)` from its own plugin (declare `dependencies: ['orders']`).
// Until then a PayPal order is refused with CAN_CREATE_PAYMENT and GET /transaction lists PayPal as disabled.

export function createPaymentMethodRegistry(initial: PaymentMethodHandler[] = [bankTransferHandler]): PaymentMethodRegistry {
  const handlers = new Map<MethodCode, PaymentMethodHandler>();
  for (const handler of initial) handlers.set(handler.codeName, handler);
  return {
    register(handler) {
      handlers.set(handler.codeName, handler);
    },
    get: (codeName) => handlers.get(codeName),
    has: (codeName) => handlers.has(codeName),
  };
}
