import type { Language } from '../../config';
import type { BankAccountConfig } from '../payments/bank-account';
import { groupNrb, ibanOf } from '../payments/bank-account';
import { formatReference } from '../orders/reference';
import { BRAND, renderMail, type RenderedMail } from './templates';
import { formatDate, formatMoney, TIME_ZONE } from '../../../lib/format';

// Order e-mails (issue: investing), in the ORDER's language (the language the investor ordered in):
// confirmation with the bank details, the payment reminder before expiry, and the expiry notice.
// Money and dates are written by lib/format.ts: "1 234,50 zł" in Polish, "PLN 1,234.50" in English.

const ORDER_PATH = { pl: 'inwestor/zamowienie', en: 'investor/order' } as const;
const OFFERS_PATH = { pl: 'inwestycje', en: 'investments' } as const;

export const orderLink = (publicUrl: string, language: Language, orderId: string) =>
  `${publicUrl}/${language}/${ORDER_PATH[language]}/${orderId}`;

/** "22.11.2026, 21:13 (Europe/Warsaw)" / "22 Nov 2026, 21:13 (Europe/Warsaw)": Polish time for both. */
export function formatDeadline(date: Date, language: Language): string {
  return `${formatDate(date, language, language === 'pl' ? 'dateTime' : 'mediumTime')} (${TIME_ZONE})`;
}

interface OrderMailCopy {
  subject: string;
  greeting: string;
  lines: string[];
  /** label/value rows (bank details, amounts) */
  table: [string, string][];
  button: string;
  link: string;
  footer: string;
  secondary?: { text: string; label: string; link: string };
}

const render = (copy: OrderMailCopy): RenderedMail => renderMail(copy);

export interface OrderMailInput {
  language: Language;
  publicUrl: string;
  firstName: string;
  orderId: string;
  /** compact reference (ES7K3MQ9PX) */
  reference: string;
  offerTitle: string;
  quantity: number;
  /** grosze, commission included */
  totalPrice: number;
  expiresAt: Date | null;
  /**
   * The revoke link of an order placed under the reflection rule (server/modules/protection/revoke-link.ts): its
   * address and the end of the period.
   */
  revoke?: { link: string; deadline: Date };
}

const greetingOf = (language: Language, firstName: string) =>
  language === 'pl' ? `Dzień dobry${firstName ? ` ${firstName}` : ''},` : `Hello${firstName ? ` ${firstName}` : ''},`;

const footerOf = (language: Language) =>
  language === 'pl'
    ? `Ta wiadomość została wysłana automatycznie przez ${BRAND}.`
    : `This message was sent automatically by ${BRAND}.`;

function bankRows(language: Language, account: BankAccountConfig, input: OrderMailInput): [string, string][] {
  const pl = language === 'pl';
  const rows: [string, string][] = [
    [pl ? 'Odbiorca' : 'Recipient', account.holder],
    [pl ? 'Adres odbiorcy' : 'Recipient address', account.address],
    [pl ? 'Bank' : 'Bank', account.bankName],
    [pl ? 'Numer rachunku' : 'Account number', groupNrb(account.accountNumber)],
    ['IBAN', ibanOf(account.accountNumber)],
    ['SWIFT/BIC', account.swift],
    [pl ? 'Kwota' : 'Amount', formatMoney(input.totalPrice, language)],
    [pl ? 'Tytuł przelewu' : 'Transfer title', formatReference(input.reference)],
  ];
  if (input.expiresAt) rows.push([pl ? 'Termin płatności' : 'Pay by', formatDeadline(input.expiresAt, language)]);
  return rows;
}

/** Sent when a bank-transfer order is created: what to pay, where, with which title, by when. */
export function renderOrderConfirmation(input: OrderMailInput, account: BankAccountConfig): RenderedMail {
  const { language: lang } = input;
  const reference = formatReference(input.reference);
  const pl = lang === 'pl';
  return render({
    subject: pl ? `Zamówienie ${reference}: dane do przelewu` : `Order ${reference}: how to pay`,
    greeting: greetingOf(lang, input.firstName),
    lines: pl
      ? [
          `Dziękujemy za zamówienie ${input.quantity} udziałów w ofercie „${input.offerTitle}”. Udziały są dla Ciebie zarezerwowane do terminu płatności.`,
          `Prosimy o przelew na poniższe konto. W tytule przelewu wpisz wyłącznie ${reference}, abyśmy mogli przypisać wpłatę.`,
        ]
      : [
          `Thank you for ordering ${input.quantity} shares in “${input.offerTitle}”. The shares are held for you until the payment deadline.`,
          `Please transfer the amount to the account below. Use only ${reference} as the transfer title, so we can match your payment.`,
        ],
    table: bankRows(lang, account, input),
    button: pl ? 'Zobacz zamówienie' : 'View order',
    link: orderLink(input.publicUrl, lang, input.orderId),
    footer: footerOf(lang),
    ...(input.revoke && { secondary: revokeCopy(lang, input.revoke) }),
  });
}

/** The reflection period (ECSP Art. 22) told, with the one-click link that revokes the order. */
function revokeCopy(lang: Language, revoke: { link: string; deadline: Date }) {
  const until = formatDeadline(revoke.deadline, lang);
  return lang === 'pl'
    ? {
        text: `Masz 4 dni na namysł: do ${until} możesz odwołać to zamówienie bez podawania przyczyny i bez żadnych kosztów, także bez logowania. Link działa tylko raz; jeśli zamówienie jest już opłacone, zwrócimy pieniądze tą samą drogą.`,
        label: 'Odwołaj zamówienie',
        link: revoke.link,
      }
    : {
        text: `You have 4 days to reflect: until ${until} you can revoke this order without giving a reason and at no cost, without signing in. The link works once; if the order is already paid, the money comes back the way it was paid.`,
        label: 'Revoke the order',
        link: revoke.link,
      };
}

/** Sent once, ORDER_REMINDER_HOURS_BEFORE the deadline, while the order is unpaid. */
export function renderPaymentReminder(input: OrderMailInput, account: BankAccountConfig): RenderedMail {
  const { language: lang } = input;
  const reference = formatReference(input.reference);
  const pl = lang === 'pl';
  const deadline = input.expiresAt ? formatDeadline(input.expiresAt, lang) : '';
  return render({
    subject: pl ? `Przypomnienie: opłać zamówienie ${reference}` : `Reminder: pay order ${reference}`,
    greeting: greetingOf(lang, input.firstName),
    lines: pl
      ? [
          `Nie otrzymaliśmy jeszcze płatności za zamówienie ${reference} (${input.quantity} udziałów w ofercie „${input.offerTitle}”).`,
          `Jeśli wpłata nie dotrze do ${deadline}, zamówienie zostanie anulowane, a udziały wrócą do puli. Jeśli przelew został już wysłany, zignoruj tę wiadomość.`,
        ]
      : [
          `We have not received the payment for order ${reference} (${input.quantity} shares in “${input.offerTitle}”) yet.`,
          `If the payment does not arrive by ${deadline}, the order is cancelled and the shares go back to the pool. If you have already sent the transfer, ignore this message.`,
        ],
    table: bankRows(lang, account, input),
    button: pl ? 'Zobacz zamówienie' : 'View order',
    link: orderLink(input.publicUrl, lang, input.orderId),
    footer: footerOf(lang),
  });
}

/** Sent when an unpaid order expires and its shares go back. */
export function renderOrderExpired(input: OrderMailInput): RenderedMail {
  const { language: lang } = input;
  const reference = formatReference(input.reference);
  const pl = lang === 'pl';
  return render({
    subject: pl ? `Zamówienie ${reference} wygasło` : `Order ${reference} has expired`,
    greeting: greetingOf(lang, input.firstName),
    lines: pl
      ? [
          `Nie otrzymaliśmy płatności za zamówienie ${reference} (${input.quantity} udziałów w ofercie „${input.offerTitle}”) w terminie, więc zamówienie zostało anulowane, a udziały wróciły do puli.`,
          'Jeśli przelew był już w drodze, skontaktuj się z nami. Możesz też złożyć nowe zamówienie.',
        ]
      : [
          `We did not receive the payment for order ${reference} (${input.quantity} shares in “${input.offerTitle}”) in time, so the order was cancelled and the shares went back to the pool.`,
          'If your transfer was already on its way, contact us. You can also place a new order.',
        ],
    table: [[pl ? 'Kwota' : 'Amount', formatMoney(input.totalPrice, lang)]],
    button: pl ? 'Zobacz oferty' : 'See offers',
    link: `${input.publicUrl}/${lang}/${OFFERS_PATH[lang]}`,
    footer: footerOf(lang),
  });
}

const DOCUMENTS_PATH = { pl: 'inwestor/dokumenty', en: 'investor/documents' } as const;

/**
 * Sent once when an order becomes paid (a matched transfer, an operator's booking, a PayPal capture); with the
 * revoke link when the order had no confirmation e-mail to carry it (PayPal).
 */
export function renderOrderPaid(input: OrderMailInput & { paidAmount: number }): RenderedMail {
  const { language: lang } = input;
  const reference = formatReference(input.reference);
  const pl = lang === 'pl';
  const documents = `${input.publicUrl}/${lang}/${DOCUMENTS_PATH[lang]}`;
  return render({
    subject: pl ? `Zamówienie ${reference} zostało opłacone` : `Order ${reference} is paid`,
    greeting: greetingOf(lang, input.firstName),
    lines: pl
      ? [
          `Otrzymaliśmy płatność za zamówienie ${reference}: ${input.quantity} udziałów w ofercie „${input.offerTitle}”. Udziały są Twoje.`,
          `Potwierdzenie płatności (PDF) znajdziesz w swoich dokumentach: ${documents}`,
        ]
      : [
          `We have received the payment for order ${reference}: ${input.quantity} shares in “${input.offerTitle}”. The shares are yours.`,
          `The payment confirmation (PDF) is in your documents: ${documents}`,
        ],
    table: [
      [pl ? 'Oferta' : 'Offer', input.offerTitle],
      [pl ? 'Liczba udziałów' : 'Shares', String(input.quantity)],
      [pl ? 'Wpłacona kwota' : 'Amount paid', formatMoney(input.paidAmount, lang)],
      [pl ? 'Numer zamówienia' : 'Order reference', reference],
    ],
    button: pl ? 'Zobacz zamówienie' : 'View order',
    link: orderLink(input.publicUrl, lang, input.orderId),
    footer: footerOf(lang),
    ...(input.revoke && { secondary: revokeCopy(lang, input.revoke) }),
  });
}
