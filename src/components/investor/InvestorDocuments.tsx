// The investor's documents list, shared by the investor area's Documents page and the settings' Documents tab:
// the documents the platform issued to the investor and the documents of the offers they ordered.
import styled from 'styled-components';
import type { InvestorDocument } from '../../../contract/portfolio';
import type { Http } from '../../api/http';
import { AnchorButton, Button } from '../ui/Button';
import type { LoadStatus } from '../ui/useLoad';
import { useLanguage, useT } from '../../i18n/i18n';
import { Card, Empty, FileFailure, formatDate, LoadError, Skeleton, type useFileDownload } from './ui';

/** GET /investor/documents: the investor's own documents and the general ones of the offers they ordered. */
export function fetchInvestorDocuments(http: Http, signal?: AbortSignal): Promise<InvestorDocument[]> {
  return http<InvestorDocument[]>('/investor/documents', { signal });
}

/**
 * The investor's documents (own, with the bearer token through the file-download chart; general ones as
 * plain links), their load's failure with a retry and a PDF's failure with a retry. Also the settings'
 * Documents tab.
 */
export interface DocumentsLoad {
  status: LoadStatus;
  data: InvestorDocument[] | null;
  error: unknown;
  skeleton: boolean;
  retry: () => void;
}

export function InvestorDocuments({ load, files }: { load: DocumentsLoad; files: ReturnType<typeof useFileDownload> }) {
  const t = useT();
  const language = useLanguage();
  const docs = load.status === 'success' ? (load.data ?? []) : [];
  const own = docs.filter((d) => d.own);
  const general = docs.filter((d) => !d.own);

  const list = (items: InvestorDocument[], testId: string) => (
    <DocList data-testid={testId}>
      {items.map((doc) => {
        const tip = t(doc.own ? 'investor.documents.ownTip' : 'investor.documents.generalTip');
        const name = `${doc.displayName}.pdf`;
        return (
          <li key={doc.id} data-testid="document" data-own={doc.own}>
            <div>
              <span className="name" title={tip} aria-describedby={`tip-${doc.id}`}>
                {doc.displayName}
              </span>
              <span className="tag" id={`tip-${doc.id}`} role="note">
                {tip}
              </span>
              <div className="meta">
                {doc.offer?.title}
                {doc.date ? ` · ${formatDate(doc.date, language, false)}` : ''}
              </div>
            </div>
            <div className="actions">
              {doc.own ? (
                <>
                  <Button type="button" variant="secondary" disabled={files.busy} onClick={() => files.request({ url: doc.url, mode: 'open', fallbackName: name })} aria-label={t('investor.documents.previewOf', { name: doc.displayName })}>
                    {t('investor.documents.preview')}
                  </Button>
                  <Button type="button" variant="ghost" disabled={files.busy} onClick={() => files.request({ url: doc.url, mode: 'save', fallbackName: name })} aria-label={t('investor.documents.downloadOf', { name: doc.displayName })} data-testid="document-download">
                    {t('investor.documents.download')}
                  </Button>
                </>
              ) : (
                <>
                  <AnchorButton variant="secondary" href={doc.url} target="_blank" rel="noopener noreferrer" aria-label={t('investor.documents.previewOf', { name: doc.displayName })}>
                    {t('investor.documents.preview')}
                  </AnchorButton>
                  <AnchorButton variant="ghost" href={doc.url} download aria-label={t('investor.documents.downloadOf', { name: doc.displayName })}>
                    {t('investor.documents.download')}
                  </AnchorButton>
                </>
              )}
            </div>
          </li>
        );
      })}
    </DocList>
  );

  return (
    <>
      {files.failed && <FileFailure onRetry={files.retry} onDismiss={files.dismiss} />}
      {load.status === 'failure' && <LoadError error={load.error} onRetry={load.retry} />}
      {load.skeleton && <Skeleton rows={4} />}
      {load.status === 'success' && (
        <>
          <Card as="section" aria-labelledby="own-docs-title">
            <h2 id="own-docs-title">{t('investor.documents.own')}</h2>
            {own.length === 0 ? <Empty testId="own-documents-empty" text={t('investor.documents.ownEmpty')} /> : list(own, 'own-documents')}
          </Card>
          <Card as="section" aria-labelledby="general-docs-title">
            <h2 id="general-docs-title">{t('investor.documents.general')}</h2>
            {general.length === 0 ? <Empty testId="general-documents-empty" text={t('investor.documents.generalEmpty')} /> : list(general, 'general-documents')}
          </Card>
        </>
      )}
    </>
  );
}

const DocList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: 12px;
    padding: 12px 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  .name {
    font-weight: 700;
    cursor: help;
  }
  .tag {
    margin-left: 8px;
    font-size: 0.8rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .meta {
    font-size: 0.9rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .actions {
    display: flex;
    gap: 8px;
  }
`;
