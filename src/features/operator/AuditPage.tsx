// The operators' audit log: who did what, on what, when and why; paged by ?page=N.
import type { Screen } from '../../screens/screen';
import { useLoad } from '../../components/ui/useLoad';
import { useLanguage, useT } from '../../i18n/i18n';
import { Area, DataTable, Loaded, QueryPager, useOperatorApi, usePageParam, when } from './ui';

export const AuditPage: Screen = () => {
  const t = useT();
  const language = useLanguage();
  const api = useOperatorApi();
  const pageNumber = usePageParam();
  const load = useLoad((p: number, signal) => api.audit(signal, p), pageNumber);
  return (
    <Area title={t('operator.audit.title')} testId="operator-audit">
      <Loaded load={load}>
        {(page) => (
          <>
            <DataTable
              rows={page.items}
              rowKey={(a) => a.id}
              columns={[
                { head: t('operator.audit.when'), cell: (a) => when(a.at, language) },
                { head: t('operator.audit.who'), cell: (a) => a.actorEmail },
                { head: t('operator.audit.what'), cell: (a) => a.action },
                { head: t('operator.audit.on'), cell: (a) => `${a.entityType} ${a.entityId}` },
                { head: t('operator.audit.reason'), cell: (a) => a.reason },
              ]}
            />
            <QueryPager route="operatorAudit" page={pageNumber} totalPages={page.pagination.totalPages} />
          </>
        )}
      </Loaded>
    </Area>
  );
};
