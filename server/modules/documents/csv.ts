import { asc, desc, eq } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import type { ExportKind } from '../../../contract/portfolio';
import type { Language } from '../../config';
import type { Db } from '../../db/client';
import { offerSeries, offers } from '../../db/schema-content';
import { orders, transactions } from '../../db/schema-orders';
import { pick } from '../../lib/translated';
import { formatReference } from '../orders/reference';
import { formatAmountPlain, formatDate } from '../../../lib/format';
import enInvestor from '../../../lib/locales/en/investor';
import plInvestor from '../../../lib/locales/pl/investor';

// CSV exports of the investor's orders and transactions (GET /investor/exports/{orders|transactions}.csv).
// Made for spreadsheets: UTF-8 with a byte-order mark (Excel then reads Polish letters right), CRLF line
// ends, RFC 4180 quoting (csv-stringify), amounts in PLN as plain numbers with the language's decimal separator; Polish uses
// `;` between fields (a Polish Excel splits on it, since `,` is its decimal separator), English `,`.
// Text that a spreadsheet would run as a formula (=, +, -, @ first) is prefixed with an apostrophe.

const MAX_ROWS = 10_000;

const HEAD = {
  pl: {
    orders: ['Numer zamówienia', 'Data złożenia', 'Status', 'Inwestycja', 'Seria', 'Liczba udziałów', 'Cena za udział (PLN)', 'Wartość (PLN)', 'Prowizja (PLN)', 'Razem (PLN)', 'Metoda płatności', 'Data płatności', 'Termin płatności'],
    transactions: ['Data', 'Numer zamówienia', 'Inwestycja', 'Metoda płatności', 'Status', 'Liczba udziałów', 'Kwota (PLN)', 'Prowizja (PLN)'],
    file: { orders: 'zamowienia', transactions: 'transakcje' },
  },
  en: {
    orders: ['Order reference', 'Placed on', 'Status', 'Investment', 'Series', 'Shares', 'Price per share (PLN)', 'Amount (PLN)', 'Fee (PLN)', 'Total (PLN)', 'Payment method', 'Paid on', 'Payment deadline'],
    transactions: ['Date', 'Order reference', 'Investment', 'Payment method', 'Status', 'Shares', 'Amount (PLN)', 'Fee (PLN)'],
    file: { orders: 'orders', transactions: 'transactions' },
  },
} as const;

// Statuses and payment methods read as on the investor's screens: the SPA's "investor" namespace.
const LABELS = { pl: plInvestor, en: enInvestor };

export const csvSeparator = (language: Language) => (language === 'pl' ? ';' : ',');

type Cell = string | { number: string };

/** Text that a spreadsheet would run as a formula (=, +, -, @, tab or CR first) starts with an apostrophe. */
const neutralised = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

const stringifyOptions = (separator: string, bom: boolean) => ({
  delimiter: separator,
  bom,
  record_delimiter: 'windows' as const,
  // RFC 4180: a field is quoted when it holds the separator or a quote (csv-stringify's own rule) or any line
  // break, a lone LF included (csv-stringify alone quotes only the record delimiter, CRLF).
  quoted_match: /[\r\n]/,
  eof: true,
});

/** One field as it appears in a line: formulas neutralised (text only), quoted by csv-stringify when needed. */
export function csvField(value: string | number, separator: string, { text = true } = {}): string {
  const s = String(value);
  return stringify([[text ? neutralised(s) : s]], { ...stringifyOptions(separator, false), eof: false });
}

/** Rows to a CSV file: UTF-8 with a BOM, CRLF, the language's separator; text neutralised, numbers as given. */
export function toCsv(rows: Cell[][], language: Language): string {
  const records = rows.map((row) => row.map((cell) => (typeof cell === 'string' ? neutralised(cell) : cell.number)));
  return stringify(records, stringifyOptions(csvSeparator(language), true));
}

export async function exportCsv(db: Db, userId: string, kind: ExportKind, language: Language): Promise<{ fileName: string; body: string }> {
  const h = HEAD[language];
  const labels = LABELS[language];
  const money = (grosze: number) => ({ number: formatAmountPlain(grosze, language) });
  const when = (d: Date | null) => formatDate(d, language, 'dateTime');
  const rows: (string | { number: string })[][] = [];
  if (kind === 'orders') {
    rows.push([...h.orders]);
    const list = await db
      .select({ order: orders, offerTitle: offers.title, seriesName: offerSeries.name })
      .from(orders)
      .innerJoin(offers, eq(offers.id, orders.offerId))
      .innerJoin(offerSeries, eq(offerSeries.id, orders.seriesId))
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(MAX_ROWS);
    for (const { order, offerTitle, seriesName } of list) {
      rows.push([
        formatReference(order.reference),
        when(order.createdAt),
        labels.orderStatus[order.status],
        pick(offerTitle, language),
        pick(seriesName, language),
        { number: String(order.quantity) },
        money(order.pricePerShare),
        money(order.amount),
        money(order.feeValue),
        money(order.totalPrice),
        labels.methods[order.methodCode],
        when(order.paidAt),
        order.status === 'new' ? when(order.expiresAt) : '',
      ]);
    }
  } else {
    rows.push([...h.transactions]);
    const list = await db
      .select({ transaction: transactions, order: orders, offerTitle: offers.title })
      .from(transactions)
      .innerJoin(orders, eq(orders.id, transactions.orderId))
      .innerJoin(offers, eq(offers.id, orders.offerId))
      .where(eq(orders.userId, userId))
      .orderBy(desc(transactions.createdAt), desc(transactions.id), asc(orders.id))
      .limit(MAX_ROWS);
    for (const { transaction, order, offerTitle } of list) {
      rows.push([
        when(transaction.createdAt),
        formatReference(order.reference),
        pick(offerTitle, language),
        labels.methods[transaction.methodCode],
        labels.transactionStatus[transaction.status],
        { number: String(order.quantity) },
        money(transaction.amount),
        money(transaction.commission),
      ]);
    }
  }
  return { fileName: `${h.file[kind]}.csv`, body: toCsv(rows, language) };
}
