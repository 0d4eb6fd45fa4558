// The orders as a table: reference (link to the order), date, offer, status, shares, total.
import { Link } from 'wouter';
import type { OrderSummary } from '../../../contract/orders';
import { formatMoney } from '../../../lib/format';
import { href } from '../../../contract/routes';
import { useLanguage, useT } from '../../i18n/i18n';
import { formatDate, StatusBadge, Table, TableScroll } from '../../components/investor/ui';

export function OrdersTable({ orders }: { orders: OrderSummary[] }) {
  const t = useT();
  const language = useLanguage();
  return (
    <TableScroll>
      <Table data-testid="orders-table">
        <thead>
          <tr>
            <th scope="col">{t('investor.orders.reference')}</th>
            <th scope="col">{t('investor.orders.date')}</th>
            <th scope="col">{t('investor.orders.offer')}</th>
            <th scope="col">{t('investor.orders.status')}</th>
            <th scope="col" className="num">
              {t('investor.orders.shares')}
            </th>
            <th scope="col" className="num">
              {t('investor.orders.total')}
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => (
            <tr key={o.id} data-testid="order-row" data-status={o.status}>
              <td>
                <Link href={href(language, 'order', { orderId: o.id })}>{o.reference}</Link>
              </td>
              <td>{formatDate(o.createdAt, language)}</td>
              <td>{o.offer.title}</td>
              <td>
                <StatusBadge status={o.status} />
              </td>
              <td className="num">{o.quantity}</td>
              <td className="num">{formatMoney(o.totalPrice, language)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}
