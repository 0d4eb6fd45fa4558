import { and, eq, sql } from 'drizzle-orm';
import type { Language } from '../../config';
import { users } from '../../db/schema';
import { offers } from '../../db/schema-content';
import { orders } from '../../db/schema-orders';
import { distributionAllocations, distributions, payouts, type PayoutRow } from '../../db/schema-payouts';
import { enqueueMail, type Executor } from '../mail/outbox';
import { BRAND, renderMail, type RenderedMail } from '../mail/templates';
import { formatReference } from '../orders/reference';
import { formatMoney } from '../../../lib/format';
import { findUserById } from '../accounts/users-repository';

// Payout e-mails, in the account's language, queued in the statement import's transaction
// (server/modules/mail/outbox.ts), so each exists exactly when what it tells is recorded: the money has left (a payout
// executed), or the bank gave it back and the investor is asked to correct their bank details.

const SETTINGS_PATH = { pl: 'inwestor/ustawienia', en: 'investor/settings' } as const;
const PORTFOLIO_PATH = { pl: 'inwestor/portfel', en: 'investor/portfolio' } as const;

const greeting = (pl: boolean, firstName: string) => (pl ? `Dzień dobry${firstName ? ` ${firstName}` : ''},` : `Hello${firstName ? ` ${firstName}` : ''},`);
const footer = (pl: boolean) => (pl ? `Ta wiadomość została wysłana automatycznie przez ${BRAND}.` : `This message was sent automatically by ${BRAND}.`);

export function renderPayoutSent(input: {
  language: Language;
  publicUrl: string;
  firstName: string;
  reference: string;
  kind: 'distribution' | 'refund';
  offerTitle: string;
  gross: number;
  tax: number;
  net: number;
}): RenderedMail {
  const pl = input.language === 'pl';
  const reference = formatReference(input.reference);
  const money = (grosze: number) => formatMoney(grosze, input.language);
  const what = input.kind === 'refund' ? (pl ? 'zwrot wpłaty' : 'the refund of your payment') : pl ? 'wypłatę' : 'your payout';
  return renderMail({
    subject: pl ? `Wysłaliśmy ${what} ${reference}` : `We have sent ${what} ${reference}`,
    greeting: greeting(pl, input.firstName),
    lines: pl
      ? [`Przelew ${reference} (${input.offerTitle}) na kwotę ${money(input.net)} wyszedł z naszego konta na rachunek z Twoich ustawień.`]
      : [`Transfer ${reference} (${input.offerTitle}) of ${money(input.net)} has left our account for the account in your settings.`],
    table: [
      [pl ? 'Numer wypłaty' : 'Payout reference', reference],
      [pl ? 'Kwota brutto' : 'Gross', money(input.gross)],
      [pl ? 'Podatek pobrany' : 'Tax withheld', money(input.tax)],
      [pl ? 'Kwota netto' : 'Net', money(input.net)],
    ],
    button: pl ? 'Zobacz portfel' : 'See your portfolio',
    link: `${input.publicUrl}/${input.language}/${PORTFOLIO_PATH[input.language]}`,
    footer: footer(pl),
  });
}

export function renderPayoutReturned(input: { language: Language; publicUrl: string; firstName: string; reference: string; amount: number }): RenderedMail {
  const pl = input.language === 'pl';
  const reference = formatReference(input.reference);
  return renderMail({
    subject: pl ? `Wypłata ${reference} wróciła: sprawdź numer konta` : `Payout ${reference} came back: check your bank account`,
    greeting: greeting(pl, input.firstName),
    lines: pl
      ? [
          `Bank zwrócił nam przelew ${reference} na kwotę ${formatMoney(input.amount, 'pl')}: numer konta w Twoich ustawieniach jest nieprawidłowy albo konto zostało zamknięte.`,
          'Popraw numer konta w ustawieniach; wyślemy pieniądze ponownie.',
        ]
      : [
          `Your bank returned our transfer ${reference} of ${formatMoney(input.amount, 'en')}: the account number in your settings is wrong or the account is closed.`,
          'Correct the account number in your settings and we will send the money again.',
        ],
    table: [
      [pl ? 'Numer wypłaty' : 'Payout reference', reference],
      [pl ? 'Kwota' : 'Amount', formatMoney(input.amount, input.language)],
    ],
    button: pl ? 'Popraw numer konta' : 'Correct the account',
    link: `${input.publicUrl}/${input.language}/${SETTINGS_PATH[input.language]}`,
    footer: footer(pl),
  });
}

export async function queuePayoutReturnedMail(tx: Executor, payout: PayoutRow, publicUrl: string): Promise<void> {
  const user = await findUserById(tx, payout.userId);
  if (!user) return;
  const mail = renderPayoutReturned({ language: user.locale, publicUrl, firstName: user.firstName, reference: payout.reference, amount: payout.amount });
  await enqueueMail(tx, { ...mail, kind: 'payout_returned', to: user.email, language: user.locale });
}

export async function queuePayoutSentMail(tx: Executor, payout: PayoutRow, publicUrl: string): Promise<void> {
  const [row] = await tx
    .select({ user: users, title: offers.title, gross: distributionAllocations.gross, tax: distributionAllocations.tax })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.userId))
    .leftJoin(distributions, eq(distributions.id, payouts.distributionId))
    .leftJoin(distributionAllocations, and(eq(distributionAllocations.distributionId, payouts.distributionId), eq(distributionAllocations.userId, payouts.userId)))
    .leftJoin(orders, eq(orders.id, payouts.orderId))
    .innerJoin(offers, sql`${offers.id} = coalesce(${distributions.offerId}, ${orders.offerId})`)
    .where(eq(payouts.id, payout.id))
    .limit(1);
  if (!row) return;
  const lang = row.user.locale;
  const mail = renderPayoutSent({
    language: lang,
    publicUrl,
    firstName: row.user.firstName,
    reference: payout.reference,
    kind: payout.kind,
    offerTitle: row.title[lang] || row.title[lang === 'pl' ? 'en' : 'pl'],
    gross: row.gross ?? payout.amount,
    tax: row.tax ?? 0,
    net: payout.amount,
  });
  await enqueueMail(tx, { ...mail, kind: 'payout_sent', to: row.user.email, language: lang });
}

export type CloseNotice = 'completed' | 'cancelled' | 'refunded';

/** What an investor is told about one order when its offer closes, in the order's language. */
export function renderOfferClosed(input: {
  language: Language;
  publicUrl: string;
  firstName: string;
  orderReference: string;
  offerTitle: string;
  quantity: number;
  amount: number;
  notice: CloseNotice;
  method: 'BankTransfer' | 'PayPal';
}): RenderedMail {
  const pl = input.language === 'pl';
  const ref = formatReference(input.orderReference);
  const money = formatMoney(input.amount, input.language);
  const text = {
    completed: pl
      ? { subject: `Oferta „${input.offerTitle}” zebrała finansowanie`, line: `Zbiórka zakończyła się sukcesem: ${input.quantity} udziałów z zamówienia ${ref} zostało Ci przydzielonych.` }
      : { subject: `“${input.offerTitle}” is funded`, line: `The raise has succeeded: the ${input.quantity} shares of order ${ref} are allotted to you.` },
    cancelled: pl
      ? { subject: `Zamówienie ${ref} anulowane: oferta zamknięta`, line: `Oferta „${input.offerTitle}” została zamknięta, zanim zamówienie ${ref} zostało opłacone, więc je anulowaliśmy. Nie wysyłaj już płatności.` }
      : { subject: `Order ${ref} cancelled: the offer has closed`, line: `“${input.offerTitle}” closed before order ${ref} was paid, so we cancelled it. Please do not send a payment.` },
    refunded: pl
      ? {
          subject: `Zwrot za zamówienie ${ref}: oferta nie zebrała finansowania`,
          line: `Oferta „${input.offerTitle}” nie osiągnęła progu finansowania, więc zamówienie ${ref} zostało anulowane, a ${money} wraca do Ciebie ${input.method === 'PayPal' ? 'przez PayPal' : 'przelewem na konto z Twoich ustawień'}.`,
        }
      : {
          subject: `Refund for order ${ref}: the offer was not funded`,
          line: `“${input.offerTitle}” did not reach its funding goal, so order ${ref} was cancelled and ${money} is coming back to you ${input.method === 'PayPal' ? 'through PayPal' : 'by transfer to the account in your settings'}.`,
        },
  }[input.notice];
  return renderMail({
    subject: text.subject,
    greeting: greeting(pl, input.firstName),
    // The outbox carries no attachments: the confirmation is an issued document, downloaded when signed in.
    lines:
      input.notice === 'completed'
        ? [
            text.line,
            pl
              ? 'Potwierdzenie przydziału udziałów (PDF) znajdziesz w szczegółach zamówienia i w dokumentach na Twoim koncie.'
              : 'Your confirmation of share allotment (PDF) is in the order’s details and among the documents in your account.',
          ]
        : [text.line],
    table: [
      [pl ? 'Numer zamówienia' : 'Order reference', ref],
      [pl ? 'Liczba udziałów' : 'Shares', String(input.quantity)],
      [pl ? 'Kwota' : 'Amount', money],
    ],
    button: pl ? 'Zobacz portfel' : 'See your portfolio',
    link: `${input.publicUrl}/${input.language}/${PORTFOLIO_PATH[input.language]}`,
    footer: footer(pl),
  });
}

export async function queueOfferClosedMail(tx: Executor, orderId: string, notice: CloseNotice, publicUrl: string): Promise<void> {
  const [row] = await tx
    .select({ order: orders, user: users, title: offers.title })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(offers, eq(offers.id, orders.offerId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!row) return;
  const lang = row.order.language;
  const mail = renderOfferClosed({
    language: lang,
    publicUrl,
    firstName: row.user.firstName,
    orderReference: row.order.reference,
    offerTitle: row.title[lang] || row.title[lang === 'pl' ? 'en' : 'pl'],
    quantity: row.order.quantity,
    amount: notice === 'refunded' ? row.order.totalPrice : row.order.amount,
    notice,
    method: row.order.methodCode,
  });
  await enqueueMail(tx, { ...mail, kind: 'offer_closed', to: row.user.email, language: lang });
}
