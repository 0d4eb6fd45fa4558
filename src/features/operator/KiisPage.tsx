// An offer's key investment information sheet (ECSP Art. 23) in the back office: per language the operator's
// text (saving it makes a new version, with a reason for the audit log) and every version with its date, who
// made it (an operator, or the platform when the offer's data changed) and its PDF. The form is one
// operator action (machines/operatorAction.machine.ts), the load machines/load.machine.ts (useLoad).
import { useId, useState } from 'react';
import { Link } from 'wouter';
import type { KiisVersion, OperatorKiis } from '../../../contract/kiis';
import { href } from '../../../contract/routes';
import type { Screen } from '../../screens/screen';
import { Button } from '../../components/ui/Button';
import { useLoad } from '../../components/ui/useLoad';
import { useLanguage, useT } from '../../i18n/i18n';
import { ActionForm, ActionOutcome, Area, Card, DataTable, Loaded, TextField, saveFile, useOperatorApi, when } from './ui';
import { useOperatorAction } from './useOperatorAction';

const LANGUAGES = ['pl', 'en'] as const;

function SheetEditor({ offerId, language, versions, onSaved }: { offerId: number; language: 'pl' | 'en'; versions: KiisVersion[]; onSaved: (answer: OperatorKiis) => void }) {
  const t = useT();
  const uiLanguage = useLanguage();
  const api = useOperatorApi();
  const headingId = useId();
  const current = versions[0];
  const action = useOperatorAction(
    async (draft, signal) => {
      const answer = await api.saveKiis(offerId, language, { text: draft.text ?? '', reason: draft.reason }, signal);
      onSaved(answer);
      return answer;
    },
    { draft: { text: current?.operatorText ?? '', reason: '' } },
  );
  const pdf = (v: KiisVersion) => void saveFile(() => api.kiisPdf(v.url), `kiis-${offerId}-${v.language}-v${v.version}.pdf`);
  return (
    <Card as="section" aria-labelledby={headingId} data-testid={`kiis-${language}`}>
      <h2 id={headingId} lang={language}>{t(`operator.kiis.language.${language}`)}</h2>
      {current && (
        <p data-testid="kiis-current">
          {t('operator.kiis.current', { version: current.version, date: when(current.createdAt, uiLanguage) })}{' '}
          <Button type="button" variant="secondary" onClick={() => pdf(current)} aria-label={t('operator.kiis.pdfOf', { version: current.version })}>
            {t('operator.kiis.pdf')}
          </Button>
        </p>
      )}
      <ActionForm action={action} testId={`kiis-form-${language}`}>
        <TextField action={action} field="text" label={t(`operator.kiis.text.${language}`)} multiline testId={`kiis-text-${language}`} />
        <TextField action={action} field="reason" label={t('operator.reason')} testId={`kiis-reason-${language}`} />
        <Button type="submit" busy={action.busy} data-testid={`kiis-save-${language}`}>{t('operator.kiis.save')}</Button>
        <ActionOutcome action={action} doneText={t('operator.kiis.saved')} />
      </ActionForm>
      <h3>{t('operator.kiis.versions')}</h3>
      <DataTable
        testId={`kiis-versions-${language}`}
        rows={versions}
        rowKey={(v) => v.id}
        columns={[
          { head: t('operator.kiis.version'), cell: (v) => v.version },
          { head: t('operator.kiis.date'), cell: (v) => when(v.createdAt, uiLanguage) },
          { head: t('operator.kiis.by'), cell: (v) => v.createdBy ?? t('operator.kiis.platform') },
          { head: t('operator.kiis.operatorText'), cell: (v) => <span lang={language}>{v.operatorText ? excerpt(v.operatorText) : t('operator.kiis.none')}</span> },
          {
            head: t('operator.kiis.pdf'),
            cell: (v) => (
              <Button type="button" variant="ghost" onClick={() => pdf(v)} aria-label={t('operator.kiis.pdfOf', { version: v.version })}>
                {t('operator.kiis.pdf')}
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}

/** The first 160 characters of a text, on one line. */
const excerpt = (text: string) => {
  const line = text.replace(/\s+/g, ' ');
  return line.length > 160 ? `${line.slice(0, 159)}…` : line;
};

export const KiisPage: Screen = ({ params }) => {
  const t = useT();
  const language = useLanguage();
  const api = useOperatorApi();
  const offerId = Number(params.offerId);
  // A save answers the new list: the page shows it, the form keeps the saved text and says it is saved.
  const [saved, setSaved] = useState<OperatorKiis | null>(null);
  const load = useLoad((id: number, signal) => api.kiis(id, signal), offerId);
  const shown = saved ? { ...load, data: saved } : load;
  const title = shown.data ? t('operator.kiis.title', { offer: shown.data.title[language] }) : t('operator.kiis.titleLoading');
  return (
    <Area title={title} testId="operator-kiis" actions={<Link href={href(language, 'operatorOffers')}>{t('operator.kiis.back')}</Link>}>
      <p>{t('operator.kiis.intro')}</p>
      <Loaded load={shown}>
        {(kiis) =>
          LANGUAGES.map((l) => (
            <SheetEditor
              key={l}
              offerId={kiis.offerId}
              language={l}
              versions={kiis.versions[l]}
              onSaved={setSaved}
            />
          ))
        }
      </Loaded>
    </Area>
  );
};
