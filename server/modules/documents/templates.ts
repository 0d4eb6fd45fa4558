import type { PdfContent } from './pdf';
import { formatDate, formatMoney, formatPercent, type FormatLanguage as DocLanguage } from '../../../lib/format';
import enInvestor from '../../../lib/locales/en/investor';
import plInvestor from '../../../lib/locales/pl/investor';
import { formatReference as displayReference } from '../orders/reference';

const formatDateTime = (date: Date, language: DocLanguage) => formatDate(date, language, 'dateTime');

// The texts of the documents the platform issues, in Polish and English (the investor's language: the
// order's language for order documents, the account's language for statements).

export const ISSUER = 'Estate Shares';

const TEXT = {
  pl: {
    orderConfirmation: 'Potwierdzenie złożenia zamówienia',
    paymentConfirmation: 'Potwierdzenie płatności',
    allotmentConfirmation: 'Potwierdzenie przydziału udziałów',
    allottedAt: 'Data przydziału',
    allotmentIntro: (offer: string) =>
      `Zbiórka na inwestycję „${offer}” zakończyła się sukcesem. Potwierdzamy przydział poniższych udziałów na Twoją rzecz.`,
    yearlyStatement: 'Roczne zestawienie udziałów i płatności',
    reference: 'Numer zamówienia',
    createdAt: 'Data złożenia',
    paidAt: 'Data płatności',
    expiresAt: 'Termin płatności',
    offer: 'Inwestycja',
    series: 'Seria',
    quantity: 'Liczba udziałów',
    pricePerShare: 'Cena za udział',
    amount: 'Wartość udziałów',
    fee: 'Prowizja',
    total: 'Do zapłaty',
    totalPaid: 'Zapłacono',
    method: 'Metoda płatności',
    transactionId: 'Identyfikator transakcji',
    investor: 'Inwestor',
    address: 'Adres',
    email: 'E-mail',
    methods: plInvestor.methods,
    orderIntro:
      'Dziękujemy za złożenie zamówienia. Udziały zostały zarezerwowane do terminu płatności. W tytule przelewu podaj numer zamówienia.',
    paymentIntro: 'Potwierdzamy otrzymanie płatności za poniższe zamówienie. Udziały zostały przypisane do Twojego portfela.',
    statementIntro: (year: number) => `Zestawienie obejmuje udziały posiadane na dzień 31.12.${year} oraz płatności zaksięgowane w roku ${year}.`,
    holdings: 'Udziały na koniec roku',
    payments: 'Płatności w roku',
    date: 'Data',
    noHoldings: 'Brak udziałów na koniec roku.',
    noPayments: 'Brak płatności w tym roku.',
    sumInvested: 'Łączna wartość udziałów',
    sumPaid: 'Łącznie zapłacono',
    distributions: 'Wypłaty dochodu i zwroty kapitału w roku',
    distributionKind: 'Rodzaj (okres)',
    distributionKinds: { rental_income: 'Dochód z najmu', interest: 'Odsetki', capital_return: 'Zwrot kapitału' },
    gross: 'Brutto',
    taxWithheld: 'Podatek pobrany',
    net: 'Netto',
    noDistributions: 'Brak wypłat w tym roku.',
    sumGross: 'Łącznie brutto',
    sumTax: 'Łącznie pobrany podatek',
    sumNet: 'Łącznie netto',
    footer: 'Dokument wygenerowany elektronicznie, nie wymaga podpisu.',
    issuedFor: 'Wystawiono dla',
  },
  en: {
    orderConfirmation: 'Order confirmation',
    paymentConfirmation: 'Payment confirmation',
    allotmentConfirmation: 'Confirmation of share allotment',
    allottedAt: 'Allotted on',
    allotmentIntro: (offer: string) => `The raise for “${offer}” reached its goal. We confirm that the shares below have been allotted to you.`,
    yearlyStatement: 'Yearly statement of holdings and payments',
    reference: 'Order reference',
    createdAt: 'Placed on',
    paidAt: 'Paid on',
    expiresAt: 'Payment deadline',
    offer: 'Investment',
    series: 'Series',
    quantity: 'Number of shares',
    pricePerShare: 'Price per share',
    amount: 'Value of shares',
    fee: 'Fee',
    total: 'Total to pay',
    totalPaid: 'Paid',
    method: 'Payment method',
    transactionId: 'Transaction id',
    investor: 'Investor',
    address: 'Address',
    email: 'E-mail',
    methods: enInvestor.methods,
    orderIntro:
      'Thank you for your order. The shares are reserved until the payment deadline. Use the order reference as the transfer title.',
    paymentIntro: 'We confirm that we received the payment for the order below. The shares have been added to your portfolio.',
    statementIntro: (year: number) => `This statement lists the shares held on 31 December ${year} and the payments booked in ${year}.`,
    holdings: 'Shares held at year end',
    payments: 'Payments in the year',
    date: 'Date',
    noHoldings: 'No shares held at year end.',
    noPayments: 'No payments this year.',
    sumInvested: 'Total value of shares',
    sumPaid: 'Total paid',
    distributions: 'Income and capital paid out in the year',
    distributionKind: 'Kind (period)',
    distributionKinds: { rental_income: 'Rental income', interest: 'Interest', capital_return: 'Capital return' },
    gross: 'Gross',
    taxWithheld: 'Tax withheld',
    net: 'Net',
    noDistributions: 'No payouts this year.',
    sumGross: 'Total gross',
    sumTax: 'Total tax withheld',
    sumNet: 'Total net',
    footer: 'This document was generated electronically and is valid without a signature.',
    issuedFor: 'Issued for',
  },
} as const;

export const documentTitle = (kind: 'orderConfirmation' | 'paymentConfirmation' | 'allotmentConfirmation' | 'yearlyStatement', language: DocLanguage) =>
  TEXT[language][kind];

export interface OrderFacts {
  reference: string;
  createdAt: Date;
  paidAt: Date | null;
  /** When the order was completed (its offer closed funded): the allotment's date. */
  completedAt: Date | null;
  expiresAt: Date | null;
  offerTitle: string;
  seriesName: string;
  quantity: number;
  pricePerShare: number;
  amount: number;
  feeBasisPoints: number;
  feeValue: number;
  totalPrice: number;
  method: 'BankTransfer' | 'PayPal';
  investor: { firstName: string; lastName: string; email: string; address: string };
  transactionId: string | null;
}

function orderFields(o: OrderFacts, language: DocLanguage): [string, string][] {
  const t = TEXT[language];
  return [
    [t.reference, displayReference(o.reference)],
    [t.offer, o.offerTitle],
    [t.series, o.seriesName],
    [t.quantity, String(o.quantity)],
    [t.pricePerShare, formatMoney(o.pricePerShare, language)],
    [t.amount, formatMoney(o.amount, language)],
    [t.fee, `${formatMoney(o.feeValue, language)} (${formatPercent(o.feeBasisPoints / 100, language)})`],
  ];
}

function investorFields(o: OrderFacts, language: DocLanguage): [string, string][] {
  const t = TEXT[language];
  return [
    [t.investor, `${o.investor.firstName} ${o.investor.lastName}`],
    [t.email, o.investor.email],
    [t.address, o.investor.address],
  ];
}

export function orderConfirmation(o: OrderFacts, language: DocLanguage): PdfContent {
  const t = TEXT[language];
  return {
    title: `${t.orderConfirmation} ${displayReference(o.reference)}`,
    subtitle: `${t.createdAt}: ${formatDateTime(o.createdAt, language)}`,
    issuer: ISSUER,
    language,
    date: o.createdAt,
    footer: t.footer,
    blocks: [
      { type: 'paragraph', text: t.orderIntro },
      { type: 'fields', fields: investorFields(o, language) },
      { type: 'heading', text: t.reference },
      {
        type: 'fields',
        fields: [
          ...orderFields(o, language),
          [t.total, formatMoney(o.totalPrice, language)],
          [t.method, t.methods[o.method]],
          ...(o.expiresAt ? ([[t.expiresAt, formatDateTime(o.expiresAt, language)]] as [string, string][]) : []),
        ],
      },
    ],
  };
}

export function allotmentConfirmation(o: OrderFacts, language: DocLanguage): PdfContent {
  const t = TEXT[language];
  const allottedAt = o.completedAt ?? o.paidAt ?? o.createdAt;
  return {
    title: `${t.allotmentConfirmation} ${displayReference(o.reference)}`,
    subtitle: `${t.allottedAt}: ${formatDateTime(allottedAt, language)}`,
    issuer: ISSUER,
    language,
    date: allottedAt,
    footer: t.footer,
    blocks: [
      { type: 'paragraph', text: t.allotmentIntro(o.offerTitle) },
      { type: 'fields', fields: investorFields(o, language) },
      { type: 'heading', text: t.allotmentConfirmation },
      {
        type: 'fields',
        fields: [
          [t.reference, displayReference(o.reference)],
          [t.offer, o.offerTitle],
          [t.series, o.seriesName],
          [t.quantity, String(o.quantity)],
          [t.pricePerShare, formatMoney(o.pricePerShare, language)],
          [t.amount, formatMoney(o.amount, language)],
          [t.allottedAt, formatDateTime(allottedAt, language)],
        ],
      },
    ],
  };
}

export function paymentConfirmation(o: OrderFacts, language: DocLanguage): PdfContent {
  const t = TEXT[language];
  const paidAt = o.paidAt ?? o.createdAt;
  return {
    title: `${t.paymentConfirmation} ${displayReference(o.reference)}`,
    subtitle: `${t.paidAt}: ${formatDateTime(paidAt, language)}`,
    issuer: ISSUER,
    language,
    date: paidAt,
    footer: t.footer,
    blocks: [
      { type: 'paragraph', text: t.paymentIntro },
      { type: 'fields', fields: investorFields(o, language) },
      { type: 'heading', text: t.paymentConfirmation },
      {
        type: 'fields',
        fields: [
          ...orderFields(o, language),
          [t.totalPaid, formatMoney(o.totalPrice, language)],
          [t.method, t.methods[o.method]],
          [t.paidAt, formatDateTime(paidAt, language)],
          ...(o.transactionId ? ([[t.transactionId, o.transactionId]] as [string, string][]) : []),
        ],
      },
    ],
  };
}

export interface StatementFacts {
  year: number;
  investor: { firstName: string; lastName: string; email: string };
  holdings: { offerTitle: string; seriesName: string; quantity: number; amount: number }[];
  payments: { date: Date; reference: string; offerTitle: string; method: 'BankTransfer' | 'PayPal'; quantity: number; total: number }[];
  /** Distributions paid to the investor in the year (what a tax return needs): gross, tax withheld, net. */
  distributions: { date: Date; offerTitle: string; kind: 'rental_income' | 'interest' | 'capital_return'; period: string; gross: number; tax: number; net: number }[];
  /** the year's last moment: the statement's date */
  yearEnd: Date;
}

export function yearlyStatement(s: StatementFacts, language: DocLanguage): PdfContent {
  const t = TEXT[language];
  const invested = s.holdings.reduce((sum, h) => sum + h.amount, 0);
  const paid = s.payments.reduce((sum, p) => sum + p.total, 0);
  return {
    title: `${t.yearlyStatement} ${s.year}`,
    subtitle: `${t.issuedFor}: ${s.investor.firstName} ${s.investor.lastName} (${s.investor.email})`,
    issuer: ISSUER,
    language,
    date: s.yearEnd,
    footer: t.footer,
    blocks: [
      { type: 'paragraph', text: t.statementIntro(s.year) },
      { type: 'heading', text: t.holdings },
      {
        type: 'table',
        table: {
          columns: [
            { label: t.offer, width: 4 },
            { label: t.series, width: 2 },
            { label: t.quantity, width: 2, align: 'right' },
            { label: t.amount, width: 3, align: 'right' },
          ],
          rows: s.holdings.map((h) => [h.offerTitle, h.seriesName, String(h.quantity), formatMoney(h.amount, language)]),
          empty: t.noHoldings,
        },
      },
      { type: 'fields', fields: [[t.sumInvested, formatMoney(invested, language)]] },
      { type: 'heading', text: t.payments },
      {
        type: 'table',
        table: {
          columns: [
            { label: t.date, width: 2 },
            { label: t.reference, width: 3 },
            { label: t.offer, width: 4 },
            { label: t.method, width: 2 },
            { label: t.quantity, width: 1, align: 'right' },
            { label: t.totalPaid, width: 3, align: 'right' },
          ],
          rows: s.payments.map((p) => [
            formatDate(p.date, language),
            displayReference(p.reference),
            p.offerTitle,
            t.methods[p.method],
            String(p.quantity),
            formatMoney(p.total, language),
          ]),
          empty: t.noPayments,
        },
      },
      { type: 'fields', fields: [[t.sumPaid, formatMoney(paid, language)]] },
      { type: 'heading', text: t.distributions },
      {
        type: 'table',
        table: {
          columns: [
            { label: t.date, width: 2 },
            { label: t.offer, width: 4 },
            { label: t.distributionKind, width: 3 },
            { label: t.gross, width: 2, align: 'right' },
            { label: t.taxWithheld, width: 2, align: 'right' },
            { label: t.net, width: 2, align: 'right' },
          ],
          rows: s.distributions.map((d) => [
            formatDate(d.date, language),
            d.offerTitle,
            `${t.distributionKinds[d.kind]} (${d.period})`,
            formatMoney(d.gross, language),
            formatMoney(d.tax, language),
            formatMoney(d.net, language),
          ]),
          empty: t.noDistributions,
        },
      },
      {
        type: 'fields',
        fields: [
          [t.sumGross, formatMoney(s.distributions.reduce((sum, d) => sum + d.gross, 0), language)],
          [t.sumTax, formatMoney(s.distributions.reduce((sum, d) => sum + d.tax, 0), language)],
          [t.sumNet, formatMoney(s.distributions.reduce((sum, d) => sum + d.net, 0), language)],
        ],
      },
    ],
  };
}
