import { eq } from 'drizzle-orm';
import type { Language } from '../../config';
import { users } from '../../db/schema';
import { offers } from '../../db/schema-content';
import type { OrderRow } from '../../db/schema-orders';
import { enqueueMail, type Executor } from '../mail/outbox';
import { orderLink } from '../mail/order-templates';
import { BRAND, renderMail, type RenderedMail } from '../mail/templates';
import { formatReference } from '../orders/reference';
import { formatDate, formatMoney } from '../../../lib/format';

// The e-mails of a revoked paid order's refund, in the order's language: at the revocation, that the money
// comes back and by when (PayPal within 5 business days, a bank transfer within 7: server/modules/payouts/refund.ts);
// once a PayPal refund is accepted, that it was sent. A bank refund's own e-mail is the payout's (payout_sent,
// when the statement shows the transfer has left).

export type RefundNotice = 'due' | 'sent';

export function renderRefundNotice(input: {
  language: Language;
  publicUrl: string;
  firstName: string;
  orderId: string;
  orderReference: string;
  offerTitle: string;
  amount: number;
  method: 'BankTransfer' | 'PayPal';
  expectedBy: Date;
  notice: RefundNotice;
}): RenderedMail {
  const pl = input.language === 'pl';
  const ref = formatReference(input.orderReference);
  const money = formatMoney(input.amount, input.language);
  const by = formatDate(input.expectedBy, input.language);
  const paypal = input.method === 'PayPal';
  const text =
    input.notice === 'due'
      ? pl
        ? {
            subject: `Zamówienie ${ref} odwołane: zwrot ${money}`,
            lines: [
              `Odwołałeś zamówienie ${ref} („${input.offerTitle}”) w okresie namysłu, bez podania przyczyny i bez kosztów.`,
              paypal
                ? `Zwrot ${money} trafi na Twoje konto PayPal, z którego zapłaciłeś, najpóźniej do ${by}.`
                : `Zwrot ${money} wyślemy przelewem na rachunek z Twoich ustawień w najbliższej paczce przelewów; pieniądze dotrą najpóźniej do ${by}. Sprawdź, czy numer konta w ustawieniach jest aktualny.`,
            ],
          }
        : {
            subject: `Order ${ref} revoked: refund of ${money}`,
            lines: [
              `You revoked order ${ref} (“${input.offerTitle}”) within the reflection period, with no reason needed and no charge.`,
              paypal
                ? `The refund of ${money} goes back to the PayPal account you paid from by ${by} at the latest.`
                : `We will send the refund of ${money} by transfer to the account in your settings with our next batch of payments; expect it by ${by} at the latest. Please check that the account number in your settings is up to date.`,
            ],
          }
      : pl
        ? {
            subject: `Zwrot za zamówienie ${ref} wysłany`,
            lines: [`PayPal przyjął zwrot ${money} za zamówienie ${ref}. Pieniądze pojawią się na Twoim koncie PayPal (lub na karcie, z której płaciłeś) najpóźniej do ${by}.`],
          }
        : {
            subject: `Refund for order ${ref} sent`,
            lines: [`PayPal has accepted the refund of ${money} for order ${ref}. The money reaches your PayPal account (or the card you paid with) by ${by} at the latest.`],
          };
  return renderMail({
    subject: text.subject,
    greeting: pl ? `Dzień dobry${input.firstName ? ` ${input.firstName}` : ''},` : `Hello${input.firstName ? ` ${input.firstName}` : ''},`,
    lines: text.lines,
    table: [
      [pl ? 'Numer zamówienia' : 'Order reference', ref],
      [pl ? 'Kwota zwrotu' : 'Refund', money],
      [pl ? 'Sposób zwrotu' : 'Refunded by', paypal ? 'PayPal' : pl ? 'przelew bankowy' : 'bank transfer'],
      [pl ? 'Spodziewaj się do' : 'Expect it by', by],
    ],
    button: pl ? 'Zobacz zamówienie' : 'See the order',
    link: orderLink(input.publicUrl, input.language, input.orderId),
    footer: pl ? `Ta wiadomość została wysłana automatycznie przez ${BRAND}.` : `This message was sent automatically by ${BRAND}.`,
  });
}

export async function queueRefundMail(tx: Executor, order: OrderRow, notice: RefundNotice, expectedBy: Date, publicUrl: string): Promise<void> {
  const [row] = await tx
    .select({ user: users, title: offers.title })
    .from(users)
    .innerJoin(offers, eq(offers.id, order.offerId))
    .where(eq(users.id, order.userId))
    .limit(1);
  if (!row) return;
  const lang = order.language;
  const mail = renderRefundNotice({
    language: lang,
    publicUrl,
    firstName: row.user.firstName,
    orderId: order.id,
    orderReference: order.reference,
    offerTitle: row.title[lang] || row.title[lang === 'pl' ? 'en' : 'pl'],
    amount: order.totalPrice,
    method: order.methodCode,
    expectedBy,
    notice,
  });
  await enqueueMail(tx, { ...mail, kind: notice === 'due' ? 'order_revoked' : 'order_refunded', to: row.user.email, language: lang });
}
