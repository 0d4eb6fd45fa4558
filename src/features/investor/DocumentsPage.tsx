// Documents (SPEC §2 "Investor area", "Other UI"): the documents the platform issued to the investor
// (order and payment confirmations, yearly statements: generated PDFs in their language) and the documents
// of the offers they ordered. Each can be previewed in a new tab or downloaded; a tooltip tells the
// investor's own documents from general ones; a PDF that cannot be loaded says so, with a retry.
import { useAppSystem } from '../../system/AppSystemContext';
import type { Screen } from '../../screens/screen';
import { useLoad } from '../../components/ui/useLoad';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { useLanguage, useT } from '../../i18n/i18n';
import { createInvestorApi } from './api';
import { pluralKey } from '../../../lib/format';
import { InvestorPage, useFileDownload } from '../../components/investor/ui';
import { InvestorDocuments } from '../../components/investor/InvestorDocuments';

export const DocumentsPage: Screen = () => {
  const t = useT();
  const language = useLanguage();
  const { http } = useAppSystem();
  const api = createInvestorApi(http);
  const load = useLoad((p: { language: string }, signal) => api.documents(signal), { language });
  const files = useFileDownload();
  usePageTitle(t('investor.documents.title'));
  const count = load.status === 'success' ? (load.data ?? []).length : 0;
  return (
    <InvestorPage testId="page-documents" title={t('investor.documents.title')} subtitle={load.status === 'success' ? t(pluralKey('investor.documents.count', language, count), { count }) : undefined}>
      <InvestorDocuments load={load} files={files} />
    </InvestorPage>
  );
};
