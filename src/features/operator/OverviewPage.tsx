// The back office's overview: pending payments, open exceptions, orders needing attention, and each offer's
// money and shares.
import type { Screen } from '../../screens/screen';
import { formatMoney } from '../../../lib/format';
import { useLoad } from '../../components/ui/useLoad';
import { useLanguage, useT } from '../../i18n/i18n';
import { Area, DataTable, Loaded, Stats, useOperatorApi } from './ui';

export const OverviewPage: Screen = () => {
  const t = useT();
  const language = useLanguage();
  const api = useOperatorApi();
  const load = useLoad((_: null, signal) => api.overview(signal), null);
  return (
    <Area title={t('operator.overview.title')} testId="operator-overview">
      <Loaded load={load}>
        {(o) => (
          <>
            <Stats>
              <div data-testid="pending-payments">
                <dt>{t('operator.overview.pending')}</dt>
                <dd>{o.pendingPayments.count} · {formatMoney(o.pendingPayments.total, language)}</dd>
              </div>
              <div data-testid="open-exceptions">
                <dt>{t('operator.overview.exceptions')}</dt>
                <dd>{o.openExceptions}</dd>
              </div>
              <div>
                <dt>{t('operator.overview.attention')}</dt>
                <dd>{o.needsAttention}</dd>
              </div>
            </Stats>
            <DataTable
              rows={o.offers}
              rowKey={(offer) => offer.id}
              columns={[
                { head: t('operator.overview.offer'), cell: (offer) => offer.title[language] },
                { head: t('operator.overview.raised'), cell: (offer) => formatMoney(offer.raised, language) },
                { head: t('operator.overview.target'), cell: (offer) => formatMoney(offer.target, language) },
                { head: t('operator.overview.sharesLeft'), cell: (offer) => `${offer.sharesLeft} / ${offer.sharesTotal}` },
              ]}
            />
          </>
        )}
      </Loaded>
    </Area>
  );
};
