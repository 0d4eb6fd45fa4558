// The documents tab: the investor area's list of the investor's own documents.
import { useLoad } from '../../../components/ui/useLoad';
import { useLanguage, useT } from '../../../i18n/i18n';
import { useAppSystem } from '../../../system/AppSystemContext';
import { fetchInvestorDocuments, InvestorDocuments } from '../../../components/investor/InvestorDocuments';
import { useFileDownload } from '../../../components/investor/ui';
import { Card } from './SettingsForm';

export function DocumentsTab() {
  const t = useT();
  const language = useLanguage();
  const { http } = useAppSystem();
  // the investor area's list: own documents need the bearer token (the file-download chart fetches them)
  const docs = useLoad((_: { language: string }, signal) => fetchInvestorDocuments(http, signal), { language });
  const files = useFileDownload();
  return (
    <Card data-testid="settings-documents">
      <h2>{t('account.settings.documents.title')}</h2>
      <InvestorDocuments load={docs} files={files} />
    </Card>
  );
}
