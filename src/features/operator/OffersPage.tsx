// The offers in the back office: publish, open, each series' shares, price and minimum, a preview link,
// and the offer's documents (upload, remove). Every change carries a reason.
import { useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { offerLifecycleAllows } from '../../../contract/offer-lifecycle';
import { href } from '../../../contract/routes';
import type { OperatorOffer } from '../../../contract/operator';
import type { Screen } from '../../screens/screen';
import { formatMoney } from '../../../lib/format';
import { Button } from '../../components/ui/Button';
import { useLoad } from '../../components/ui/useLoad';
import { useLanguage, useT } from '../../i18n/i18n';
import { ActionForm, ActionOutcome, Area, Card, CheckField, Loaded, Notice, TextField, useOperatorApi } from './ui';
import { useOperatorAction } from './useOperatorAction';

function OfferEditor({ offer, onSaved }: { offer: OperatorOffer; onSaved: () => void }) {
  const t = useT();
  const language = useLanguage();
  const api = useOperatorApi();
  const [link, setLink] = useState<string | null>(null);
  const initial: Record<string, string> = { reason: '', published: String(offer.published), isOpen: String(offer.isOpen) };
  for (const s of offer.series) {
    initial[`total.${s.id}`] = String(s.totalShares);
    initial[`price.${s.id}`] = String(s.pricePerShare);
    initial[`min.${s.id}`] = String(s.minStocks);
  }
  const action = useOperatorAction(
    async (draft, signal) => {
      const result = await api.patchOffer(
        offer.id,
        {
          reason: draft.reason,
          published: draft.published === 'true',
          isOpen: draft.isOpen === 'true',
          series: offer.series.map((s) => ({ id: s.id, totalShares: Number(draft[`total.${s.id}`]), pricePerShare: Number(draft[`price.${s.id}`]), minStocks: Number(draft[`min.${s.id}`]) })),
        },
        signal,
      );
      onSaved();
      return result;
    },
    { draft: initial },
  );
  return (
    <Card data-testid={`offer-${offer.id}`}>
      <h2>{offer.title[language]}</h2>
      <p>{formatMoney(offer.raised, language)} / {formatMoney(offer.target, language)}</p>
      <ActionForm action={action}>
        <CheckField action={action} field="published" label={t('operator.offers.published')} />{' '}
        <CheckField action={action} field="isOpen" label={t('operator.offers.open')} />
        {offer.series.map((s) => (
          <fieldset key={s.id}>
            <legend>{s.name[language]} · {t('operator.offers.sold')} {s.soldShares} · {t('operator.offers.reserved')} {s.reservedShares}</legend>
            <TextField action={action} field={`total.${s.id}`} label={t('operator.offers.total')} />
            <TextField action={action} field={`price.${s.id}`} label={t('operator.offers.price')} />
            <TextField action={action} field={`min.${s.id}`} label={t('operator.offers.min')} />
          </fieldset>
        ))}
        <TextField action={action} field="reason" label={t('operator.reason')} />
        <Button type="submit" busy={action.busy}>{t('operator.offers.save')}</Button>{' '}
        <Button type="button" variant="secondary" onClick={() => void api.previewLink(offer.id).then((l) => setLink(l.urls[language]))}>{t('operator.offers.preview')}</Button>
        {link && <p><a href={link}>{link}</a></p>}
        <p><Link href={href(language, 'operatorOfferKiis', { offerId: String(offer.id) })} data-testid={`offer-kiis-${offer.id}`}>{t('operator.kiis.open')}</Link></p>
        <ActionOutcome action={action} doneText={t('operator.offers.saved')} />
      </ActionForm>
    </Card>
  );
}

function OfferDocuments({ offer, onChanged }: { offer: OperatorOffer; onChanged: () => void }) {
  const t = useT();
  const language = useLanguage();
  const api = useOperatorApi();
  const fileId = useId();
  const kindId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const upload = useOperatorAction(
    async (draft, signal) => {
      const file = fileRef.current?.files?.[0];
      if (!file) throw new Error(t('operator.offers.noFile'));
      const result = await api.uploadDocument(offer.id, { reason: draft.reason, kind: draft.kind === 'investor' ? 'investor' : 'general', displayName: { pl: draft.namePl, en: draft.nameEn }, file }, signal);
      onChanged();
      return result;
    },
    { draft: { reason: '', kind: 'general', namePl: '', nameEn: '' } },
  );
  const remove = useOperatorAction(
    async (draft, signal) => {
      const result = await api.deleteDocument(offer.id, Number(draft.documentId), draft.reason, signal);
      onChanged();
      return result;
    },
    { draft: { reason: '', documentId: '' } },
  );
  return (
    <section aria-label={t('operator.offers.documents')} data-testid={`offer-documents-${offer.id}`}>
      <h3>{t('operator.offers.documents')}</h3>
      <ul>
        {offer.documents.map((d) => (
          <li key={d.id}>
            <a href={d.url}>{d.displayName[language]}</a> ({d.kind === 'investor' ? t('operator.offers.investor') : t('operator.offers.general')}){' '}
            <Button
              type="button"
              variant="secondary"
              disabled={remove.busy}
              onClick={() => {
                remove.change('documentId', String(d.id));
                remove.submit();
              }}
            >
              {t('operator.offers.remove')}
            </Button>
          </li>
        ))}
      </ul>
      <TextField action={remove} field="reason" label={`${t('operator.reason')} (${t('operator.offers.remove')})`} />
      <ActionOutcome action={remove} doneText={t('operator.offers.removed')} />
      <ActionForm action={upload}>
        <p>
          <label htmlFor={fileId}>{t('operator.offers.file')}</label>{' '}
          <input id={fileId} ref={fileRef} type="file" accept="application/pdf,.pdf" />
        </p>
        <p>
          <label htmlFor={kindId}>{t('operator.offers.kind')}</label>{' '}
          <select id={kindId} value={upload.draft.kind} onChange={(e) => upload.change('kind', e.target.value)}>
            <option value="general">{t('operator.offers.general')}</option>
            <option value="investor">{t('operator.offers.investor')}</option>
          </select>
        </p>
        <TextField action={upload} field="namePl" label={t('operator.offers.namePl')} />
        <TextField action={upload} field="nameEn" label={t('operator.offers.nameEn')} />
        <TextField action={upload} field="reason" label={t('operator.reason')} />
        <Button type="submit" busy={upload.busy}>{t('operator.offers.upload')}</Button>
        <ActionOutcome action={upload} doneText={t('operator.offers.uploaded')} />
      </ActionForm>
    </section>
  );
}

/**
 * Closing an offer before its window ends: it cannot be undone (orders are completed, or cancelled and
 * refunded), so the button first asks, with the consequences and a reason, before anything is sent.
 */
function CloseOffer({ offer, onClosed }: { offer: OperatorOffer; onClosed: () => void }) {
  const t = useT();
  const api = useOperatorApi();
  const [asking, setAsking] = useState(false);
  const confirmId = useId();
  const action = useOperatorAction(
    async (draft, signal) => {
      const result = await api.closeOffer(offer.id, draft.reason, signal);
      setAsking(false);
      return result;
    },
    { draft: { reason: '' } },
  );
  const result = action.result;
  // A close that stopped half way (its outcome stored): the same call finishes it.
  const finishing = offer.lifecycle !== 'open';
  return (
    <section aria-label={t(finishing ? 'operator.closeOffer.finishTitle' : 'operator.closeOffer.title')} data-testid={`offer-close-${offer.id}`}>
      <h3>{t(finishing ? 'operator.closeOffer.finishTitle' : 'operator.closeOffer.title')}</h3>
      {!asking && !result && (
        <Button type="button" variant="secondary" onClick={() => setAsking(true)} data-testid="offer-close">
          {t(finishing ? 'operator.closeOffer.finish' : 'operator.closeOffer.button')}
        </Button>
      )}
      {asking && (
        <ActionForm action={action} testId="offer-close-confirm">
          <p id={confirmId} role="alert">{t('operator.closeOffer.confirm')}</p>
          <TextField action={action} field="reason" label={t('operator.reason')} testId="offer-close-reason" />
          <Button type="submit" busy={action.busy} aria-describedby={confirmId} data-testid="offer-close-yes">{t('operator.closeOffer.yes')}</Button>{' '}
          <Button type="button" variant="ghost" disabled={action.busy} onClick={() => setAsking(false)} data-testid="offer-close-no">{t('operator.closeOffer.no')}</Button>
        </ActionForm>
      )}
      {result && (
        <Notice role="status" data-testid="offer-close-done" data-outcome={result.outcome}>
          {t('operator.closeOffer.done', { ...result, outcome: t(`operator.closeOffer.outcomes.${result.outcome}`) })}{' '}
          <Button type="button" variant="ghost" onClick={onClosed}>{t('operator.close')}</Button>
        </Notice>
      )}
      {action.error && <ActionOutcome action={action} doneText="" />}
    </section>
  );
}

/**
 * Where the offer is in its lifecycle, and the actions the lifecycle chart allows there: closing early (or
 * finishing a close that stopped half way) while it is open or closing, declaring a distribution once it has
 * closed funded. The server refuses what the chart does not allow; this only offers what it does.
 */
function OfferLifecycle({ offer, onClosed }: { offer: OperatorOffer; onClosed: () => void }) {
  const t = useT();
  const language = useLanguage();
  const declare = offerLifecycleAllows(offer.lifecycle, 'distribution.declared');
  return (
    <>
      <p data-testid={`offer-lifecycle-${offer.id}`} data-lifecycle={offer.lifecycle}>
        {t('operator.lifecycle.label')}: <strong>{t(`operator.lifecycle.states.${offer.lifecycle}`)}</strong>
        {declare && (
          <>
            {' · '}
            <Link href={`${href(language, 'operatorDistributions')}?offer=${offer.id}`} data-testid={`offer-declare-${offer.id}`}>
              {t('operator.lifecycle.declare')}
            </Link>
          </>
        )}
      </p>
      {offerLifecycleAllows(offer.lifecycle, 'offer.closedEarly') && <CloseOffer offer={offer} onClosed={onClosed} />}
    </>
  );
}

export const OffersPage: Screen = () => {
  const t = useT();
  const api = useOperatorApi();
  const load = useLoad((_: null, signal) => api.offers(signal), null);
  return (
    <Area title={t('operator.offers.title')} testId="operator-offers">
      <Loaded load={load}>
        {(offers) =>
          offers.map((o) => (
            // drawn again from each answer: an editor starts from what was saved
            <div key={`${o.id}-${load.revision}`}>
              <OfferEditor offer={o} onSaved={load.reload} />
              <OfferDocuments offer={o} onChanged={load.reload} />
              <OfferLifecycle offer={o} onClosed={load.reload} />
            </div>
          ))
        }
      </Loaded>
    </Area>
  );
};
