import { createHash, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { CreateInvestmentBody } from '../../../contract/investment';
import { commissionValue } from '../../../contract/money';
import type { InvestorData, Order, Payment } from '../../../contract/orders';
import { nowOf, type Config, type Language } from '../../config';
import type { Db } from '../../db/client';
import { orders, type OrderHistoryRow, type OrderRow, type TransactionRow } from '../../db/schema-orders';
import { apiError, ApiError, type ApiErrorItem } from '../../lib/errors';
import { pick } from '../../lib/translated';
import type { RenderedMail } from '../mail/templates';
import { decideOrderProtection, reflectionApplies } from '../protection/service';
import { getsRevokeLink, newRevokeToken } from '../protection/revoke-link';
import { acknowledgedKiis } from '../protection/kiis';
import { checkAgreements, checkTarget, loadOrderContext, methodUsable } from './investment-rules';
import { loadOrderParts, toOrder } from './order-repository';
import type { CreatedOrder, PaymentMethodContext, PaymentMethodRegistry } from './payment-methods';
import { generateReference } from './reference';

// THE order-creation service (POST /investment; PayPal and any later method go through it too).
// Before the transaction, in ONE query (loadOrderContext): the caller, offer, series, method and agreements,
// the key information sheet and the investor-protection gate's data; then the rules (offer open and in its window, series of that offer and open, minimum shares, amount
// within limits, required agreements, an enabled method with a registered handler) and the confirmation
// e-mail, rendered by the method's handler in the order's language.
// Then ONE statement in autocommit (insertOrder) reserves the shares and writes the order (reference
// generated; a collision with an existing one retries everything), its first transaction (status new, the
// method, amount = total price, commission = fee), the history's creation entry and the e-mail into the
// outbox: all of it or nothing. No free shares: nothing is written (409 NOT_ENOUGH_SHARES_AVAILABLE).
// An Idempotency-Key that already has an order fails the statement (unique index): that first order is
// answered instead, so a double click, a retry after a lost answer or two tabs give exactly one order.
// After the commit the handler produces the payment (bank details, or PayPal's approval link).

export interface OrderServiceDeps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  paymentMethods: PaymentMethodRegistry;
  /** On PostgreSQL the order's commit skips its WAL flush and a barrier waits for it after (see below). */
  databaseKind?: 'pglite' | 'postgres';
  /**
   * The driver's own query call (plugin.ts): on PostgreSQL a NAMED prepared statement, parsed and planned once
   * per connection, for the order statement of every purchase; on PGlite its query().
   */
  query: RawQuery;
  /** Told once the order's statement has committed (metrics), before the barrier and the payment handler. */
  onCreated?: (order: { methodCode: string }) => void;
}

export type RawQuery = (name: string, text: string, values: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export interface CreateOrderInput {
  userId: string;
  /** The request's language: the order keeps it for its e-mails. */
  language: Language;
  body: CreateInvestmentBody;
  /** The Idempotency-Key header, if the client sent one. */
  idempotencyKey?: string;
}

export interface CreateOrderResult {
  order: Order;
  payment: Payment;
  /** True when an earlier request with the same Idempotency-Key had already created this order. */
  replayed: boolean;
}

const REFERENCE_ATTEMPTS = 5;

function errorChain(error: unknown): { code?: string; constraint?: string; constraint_name?: string }[] {
  const chain = [];
  for (let e = error as { code?: string; cause?: unknown } | undefined; e && chain.length < 5; e = e.cause as typeof e) chain.push(e);
  return chain;
}
const isUniqueViolation = (error: unknown, constraint: RegExp) =>
  errorChain(error).some((e) => e.code === '23505' && constraint.test(e.constraint ?? e.constraint_name ?? String((e as Error).message)));
const isReferenceCollision = (error: unknown) => isUniqueViolation(error, /reference/);
/** The user's Idempotency-Key already has an order (orders_user_idempotency_unique): the statement did nothing. */
const isKeyTaken = (error: unknown) => isUniqueViolation(error, /idempotency/);

/** The body's meaning, independent of key order: the same key with another body is refused. */
export function requestHash(body: CreateInvestmentBody): string {
  const canonical = JSON.stringify([
    body.method,
    body.offer,
    body.series,
    body.quantity,
    body.thankYouPageUrlPattern ?? null,
    [
      body.investorData.firstName,
      body.investorData.lastName,
      body.investorData.phone ?? null,
      body.investorData.address.address,
      body.investorData.address.city,
      body.investorData.address.zip,
      body.investorData.address.country.name,
    ],
    [...body.agreements].sort((a, b) => a.id - b.id).map((a) => [a.id, a.isAccepted]),
  ]);
  return createHash('sha256').update(canonical).digest('base64url');
}

export async function createOrder(deps: OrderServiceDeps, input: CreateOrderInput): Promise<CreateOrderResult> {
  const { db, config, paymentMethods } = deps;
  const { body, userId, language } = input;
  const now = nowOf(config);
  const ctx: PaymentMethodContext = { db, config, log: deps.log };
  const hash = input.idempotencyKey ? requestHash(body) : null;

  const context = await loadOrderContext(db, { userId, offerId: body.offer, seriesId: body.series, methodId: body.method, kiisHash: body.kiisHash, now });
  if (!context?.user) throw apiError(401, 'UNAUTHORIZED');
  const { user, method, agreements: agreementRows } = context;

  // Availability is left to the reservation (the only authority under concurrency): 409, not 400.
  const errors: ApiErrorItem[] = [
    ...checkTarget(context, { quantity: body.quantity }, now, { checkAvailability: false }),
    ...checkAgreements(agreementRows, body.agreements),
  ];
  if (!methodUsable(method)) errors.push({ code: 'NO_TRANSACTION_METHOD_AVAILABLE', context: 'method' });
  // No order without the key investment information sheet acknowledged (ECSP Art. 23).
  if (!body.kiisHash) errors.push({ code: 'KIIS_REQUIRED', context: 'kiisHash' });
  if (errors.length) {
    // A repeat of a request that already made an order answers that order, even if the offer closed since.
    if (input.idempotencyKey) {
      const replay = await replayed(deps, ctx, userId, input.idempotencyKey, hash!, language, body.thankYouPageUrlPattern);
      if (replay) return replay;
    }
    throw new ApiError(400, errors);
  }
  const handler = paymentMethods.get(method!.codeName);
  if (!handler) throw apiError(400, 'CAN_CREATE_PAYMENT', 'method');

  const offer = context.offer!;
  const series = context.series!;
  const amount = body.quantity * series.pricePerShare;
  // Investor protection: a valid knowledge test, and consent to a large investment (403 / 400 before anything
  // is reserved); what the order relied on is stored with it. Off (INVESTOR_PROTECTION_GATE) until the flow
  // takes investors through the test.
  // The key information sheet the investor acknowledged must be the offer's current one (in either language);
  // which version it was is stored with the order (order_kiis). Both were read with the context.
  const gate = config.investorProtectionGate ? decideOrderProtection(context.gate, { amount, largeInvestmentConsent: body.largeInvestmentConsent, now }) : null;
  const kiisVersion = await acknowledgedKiis(db, offer, context.kiis, body.kiisHash!, now);
  if (!kiisVersion) {
    if (input.idempotencyKey) {
      const replay = await replayed(deps, ctx, userId, input.idempotencyKey, hash!, language, body.thankYouPageUrlPattern);
      if (replay) return replay;
    }
    throw apiError(400, 'KIIS_CHANGED', 'kiisHash');
  }
  const kiis = { hash: kiisVersion.hash, language: kiisVersion.language };
  const protection = gate ? { ...gate, kiis } : null;
  const feeValue = commissionValue(amount, method!.commissionBasisPoints);
  const totalPrice = amount + feeValue;
  const expiresAt = new Date(now.getTime() + config.orderPaymentHours * 3_600_000);
  const accepted = new Set(body.agreements.filter((a) => a.isAccepted).map((a) => a.id));
  const investorData: InvestorData = {
    firstName: body.investorData.firstName,
    lastName: body.investorData.lastName,
    email: user.email,
    phone: body.investorData.phone ?? null,
    address: body.investorData.address,
  };

  for (let attempt = 1; ; attempt++) {
    // The rows as they will be stored (the id is made here, so one statement can write the order and its
    // dependants, and the mail is rendered before the transaction starts).
    const order: OrderRow = {
      id: randomUUID(),
      reference: generateReference(),
      userId,
      offerId: offer.id,
      seriesId: series.id,
      methodId: method!.id,
      methodCode: method!.codeName,
      status: 'new',
      quantity: body.quantity,
      pricePerShare: series.pricePerShare,
      amount,
      feeBasisPoints: method!.commissionBasisPoints,
      feeValue,
      totalPrice,
      language,
      investorData,
      agreements: agreementRows.map((a) => ({ id: a.id, isAccepted: accepted.has(a.id), content: pick(a.content, language) })),
      idempotencyKey: input.idempotencyKey ?? null,
      requestHash: hash,
      expiresAt,
      reminderSentAt: null,
      paidAt: null,
      completedAt: null,
      cancelledAt: null,
      attentionReason: null,
      protection,
      version: 0,
      createdAt: now,
      updatedAt: now,
    };
    const transaction: TransactionRow = {
      id: 0,
      orderId: order.id,
      methodCode: order.methodCode,
      status: 'new',
      amount: totalPrice,
      commission: feeValue,
      commissionBasisPoints: order.feeBasisPoints,
      externalId: null,
      captureId: null,
      payerId: null,
      providerStatus: null,
      providerData: null,
      createdAt: now,
      updatedAt: now,
    };
    const created: CreatedOrder = {
      order,
      transaction,
      offerTitle: pick(offer.title, language),
      firstName: investorData.firstName,
      replayed: false,
      thankYouPageUrlPattern: body.thankYouPageUrlPattern,
    };
    // An order under the reflection rule: its confirmation e-mail carries the revoke link (kept as a hash).
    const revoke = getsRevokeLink(order) ? newRevokeToken() : null;
    if (revoke) created.revokeToken = revoke.token;
    const mail = handler.confirmationMail(ctx, created);

    try {
      // ONE statement, in autocommit: the reservation, then the order's rows (see insertOrder).
      const transactionId = await insertOrder(deps, order, transaction, { versionId: kiisVersion.id, ...kiis }, mail && { ...mail, to: user.email, revokeTokenHash: revoke?.hash ?? null });
      if (transactionId === undefined) throw apiError(409, 'NOT_ENOUGH_SHARES_AVAILABLE', 'quantity');
      transaction.id = transactionId;
      deps.onCreated?.(order);
    } catch (error) {
      if (input.idempotencyKey && isKeyTaken(error)) {
        const replay = await replayed(deps, ctx, userId, input.idempotencyKey, hash!, language, body.thankYouPageUrlPattern);
        if (replay) return replay;
        // The first request's order is gone (rolled back meanwhile): try again as a new order.
        if (attempt < REFERENCE_ATTEMPTS) continue;
        throw error;
      }
      if (attempt < REFERENCE_ATTEMPTS && isReferenceCollision(error)) continue;
      throw error;
    }

    // Durability barrier (see durable()): the order is confirmed only once its commit is on disk.
    // ORDER_SYNCHRONOUS_COMMIT=false skips it.
    if (deps.databaseKind === 'postgres' && config.orderSynchronousCommit) await durable(db);

    const payment = await handler.afterCreate(ctx, created);
    const history: OrderHistoryRow[] = [
      { id: 0, orderId: order.id, fromStatus: null, toStatus: 'new', actor: 'investor', actorUserId: userId, reason: 'ORDER_CREATED', note: null, details: null, createdAt: now },
    ];
    const acknowledged = { version: kiisVersion.version, language: kiisVersion.language, hash: kiisVersion.hash, acknowledgedAt: now };
    // The gate answers null only for a sophisticated investor, who has no reflection period.
    const reflection = config.investorProtectionGate ? gate !== null : await reflectionApplies(db, order);
    const mapped = toOrder(
      { order, offer, series, email: user.email, transactions: [transaction], history, kiis: acknowledged, reflectionApplies: reflection, refund: null },
      language,
      config,
    );
    return { order: mapped, payment, replayed: false };
  }
}

/**
 * Durability barrier: a transaction that takes an xid commits synchronously, so its flush covers every
 * earlier WAL record, the caller's order commit included. (WAL is sequential: a crash before the flush loses
 * the order together with anything that saw it, so shares can never be oversold; the barrier only makes sure
 * no order we confirm can be lost.)
 * Group commit in the process: orders that finish while a barrier is already on its way to the database
 * cannot use that one (it may have been sent before their commit); they all share the NEXT one, sent as
 * soon as the current one returns, hence after each of their commits. At most one barrier is in flight and
 * one waiting per process (per database), whatever the number of concurrent orders.
 */
const barriers = new WeakMap<Db, { inFlight: Promise<void> | null; next: Promise<void> | null }>();
export function durable(db: Db): Promise<void> {
  let state = barriers.get(db);
  if (!state) barriers.set(db, (state = { inFlight: null, next: null }));
  const current = state;
  const send = (): Promise<void> => {
    const sent: Promise<void> = db
      .execute(sql`select txid_current()`)
      .then(() => undefined)
      .finally(() => {
        if (current.inFlight === sent) current.inFlight = null;
      });
    current.inFlight = sent;
    return sent;
  };
  if (current.next) return current.next;
  if (!current.inFlight) return send();
  const next = current.inFlight
    .then(
      () => undefined,
      () => undefined,
    )
    .then(() => {
      current.next = null;
      return send();
    });
  current.next = next;
  return next;
}


/**
 * The whole order in ONE statement, run in autocommit (its own transaction): one round trip instead of
 * BEGIN, inserts, reservation, COMMIT.
 *   r: the reservation, one conditional UPDATE of the series row (open, enough free shares). PostgreSQL locks
 *      the row and re-checks the condition after a concurrent writer commits, so no interleaving of nodes or
 *      connections can oversell; the CHECK (sold + reserved <= total) is the last line of defence. No row:
 *      nothing else is written either (every insert selects from r) and the answer is 409.
 *   o, t, h, m: the order, its first transaction, the history's creation entry (what recordCreation writes)
 *      and the confirmation mail (what enqueueMail writes), each only if the row before it was written.
 *   a: the key investment information sheet's version the investor acknowledged.
 *   k: the revoke link's hash, with a mail that carries the link (an order under the reflection rule).
 * A plain INSERT, so a taken Idempotency-Key (orders_user_idempotency_unique; a request still in flight is
 * waited for) or reference fails the statement with 23505 and the whole of it is rolled back: no reserved
 * share without its order, no order without its reservation, history and mail.
 * The series row stays locked from the reservation to the end of the commit, all inside this one statement.
 * On PostgreSQL the commit does not wait for its WAL flush (set_config(..., true) lasts only for this
 * statement's transaction): waiting inside the commit would hold the row lock for a whole fsync and cap one
 * series at ~1/fsync orders per second; the durability barrier waits instead, with the row already free.
 * Returns the transaction id, or undefined when the series did not have the shares.
 */
async function insertOrder(
  deps: OrderServiceDeps,
  o: OrderRow,
  t: TransactionRow,
  kiis: { versionId: number; hash: string; language: Language },
  mail: (RenderedMail & { to: string; revokeTokenHash: string | null }) | null,
): Promise<number | undefined> {
  const asyncCommit = deps.databaseKind === 'postgres';
  const values: unknown[] = [
    o.quantity, o.seriesId, o.id, o.reference, o.userId, o.offerId, o.methodId, o.methodCode, o.pricePerShare, o.amount,
    o.feeBasisPoints, o.feeValue, o.totalPrice, o.language, JSON.stringify(o.investorData), JSON.stringify(o.agreements),
    o.idempotencyKey, o.requestHash, o.expiresAt?.toISOString() ?? null, o.createdAt.toISOString(), t.amount, t.commission,
    o.protection === null ? null : JSON.stringify(o.protection),
    kiis.versionId, kiis.hash, kiis.language,
  ];
  if (mail) values.push(mail.to, mail.subject, mail.text, mail.html, mail.link ?? null);
  // The revoke link's hash only with the mail that carries the link.
  const withLink = Boolean(mail?.revokeTokenHash);
  if (withLink) values.push(mail!.revokeTokenHash);
  const variant = `${mail ? (withLink ? 'mail_link' : 'mail') : 'nomail'}_${asyncCommit ? 'async' : 'sync'}`;
  const result = await deps.query(`order_create_${variant}`, orderStatement(Boolean(mail), asyncCommit, withLink), values);
  const id = result.rows[0]?.transaction_id as number | string | null | undefined;
  return id === null || id === undefined ? undefined : Number(id);
}

/** The statement's text ($1..$32 as in insertOrder's values). */
function orderStatement(withMail: boolean, asyncCommit: boolean, withLink = false): string {
  return `
    with r as (
      update offer_series set reserved_shares = reserved_shares + $1::integer
      where id = $2::integer and is_open and total_shares - sold_shares - reserved_shares >= $1::integer
      returning id),
    o as (
      insert into orders (id, reference, user_id, offer_id, series_id, method_id, method_code, status, quantity,
        price_per_share, amount, fee_basis_points, fee_value, total_price, language, investor_data, agreements,
        idempotency_key, request_hash, expires_at, created_at, updated_at, protection)
      select $3::uuid, $4::text, $5::uuid, $6::integer, r.id, $7::integer, $8::text, 'new', $1::integer,
        $9, $10, $11, $12, $13, $14::text, $15::jsonb, $16::jsonb, $17::text, $18::text, $19::timestamptz,
        $20::timestamptz, $20::timestamptz, $23::jsonb
      from r
      returning id),
    t as (
      insert into transactions (order_id, method_code, status, amount, commission, commission_basis_points, created_at, updated_at)
      select id, $8::text, 'new', $21, $22, $11, $20::timestamptz, $20::timestamptz from o
      returning id),
    h as (
      insert into order_status_history (order_id, from_status, to_status, actor, actor_user_id, reason, created_at)
      select id, null, 'new', 'investor', $5::uuid, 'ORDER_CREATED', $20::timestamptz from o),
    a as (
      insert into order_kiis (order_id, kiis_version_id, hash, language, acknowledged_at)
      select id, $24::integer, $25::text, $26::text, $20::timestamptz from o)${
        withMail
          ? `,
    m as (
      insert into mail_outbox (kind, recipient, language, subject, text_body, html_body, link)
      select 'order_confirmation', $27::text, $14::text, $28::text, $29::text, $30::text, $31::text from o)`
          : ''
      }${
        withMail && withLink
          ? `,
    k as (
      insert into order_revoke_links (order_id, token_hash, created_at)
      select id, $32::text, $20::timestamptz from o)`
          : ''
      }
    select (select id from t) as transaction_id${asyncCommit ? `, set_config('synchronous_commit', 'off', true) as commit_mode` : ''}`;
}

/**
 * The order an earlier request with this Idempotency-Key created, answered again (with its payment), or
 * undefined when there is none. The same key with another body: 422 IDEMPOTENCY_KEY_REUSED.
 */
async function replayed(
  deps: OrderServiceDeps,
  ctx: PaymentMethodContext,
  userId: string,
  key: string,
  hash: string,
  language: Language,
  thankYouPageUrlPattern: string | undefined,
): Promise<CreateOrderResult | undefined> {
  const [existing] = await deps.db
    .select({ id: orders.id, requestHash: orders.requestHash })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
    .limit(1);
  if (!existing) return undefined;
  if (existing.requestHash !== hash) throw apiError(422, 'IDEMPOTENCY_KEY_REUSED', 'Idempotency-Key');
  const parts = await loadOrderParts(deps.db, existing.id, { userId });
  if (!parts) return undefined;
  const handler = deps.paymentMethods.get(parts.order.methodCode);
  if (!handler) throw apiError(400, 'CAN_CREATE_PAYMENT', 'method');
  const first = parts.transactions[0];
  const payment = await handler.afterCreate(ctx, {
    order: parts.order,
    transaction: first,
    offerTitle: pick(parts.offer.title, parts.order.language),
    firstName: parts.order.investorData.firstName,
    replayed: true,
    thankYouPageUrlPattern,
  });
  // The order in the language of this request (its e-mails keep the language it was created in).
  return { order: toOrder(parts, language, deps.config), payment, replayed: true };
}
