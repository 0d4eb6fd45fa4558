// Step one of the investment flow (SPEC §2, §4): the invest box's series, number of shares and invest
// button, driven by the investment chart in `initiate`. The number input: numeric, minimum 1, initial 1,
// placeholder 'min 1'; e, minus and comma are blocked; Enter submits; the server's error stands under the
// field. The button is busy while the server validates. An anonymous visitor goes to login and comes
// back here with the same quantity (`?quantity=`).
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef, type Ref } from 'react';
import { useLatestCallback } from '../../components/ui/useLatestCallback';
import styled from 'styled-components';
import { useLocation, useSearch } from 'wouter';
import { fromCallback, fromPromise } from 'xstate';
import { stepOfContext } from '../../../contract/investment-steps';
import { investmentMachine, type FlowOffer } from '../../../machines/investment.machine';
import { useAppSystem } from '../../system/AppSystemContext';
import type { GuardState } from '../../screens/screen';
import { formatMoney, numberFormat } from '../../../lib/format';
import { FieldError } from '../../components/forms/FieldError';
import { Button } from '../../components/ui/Button';
import { href } from '../../../contract/routes';
import { useLanguage, useT, useTranslateError } from '../../i18n/i18n';
import { createInvestApi } from '../../components/invest/api';
import { writeDraft } from '../../components/invest/draftStorage';

const BLOCKED_KEYS = new Set(['e', 'E', '-', ',', '+']);

// The number typed is kept in the page's history entry: the language switch carries an entry's state to the
// same page in the other language (src/system/system.ts), and back/forward return to it, so neither loses
// what the investor typed before pressing Invest.
const KEPT = 'investQuantity';

function keptQuantity(): string | null {
  if (typeof window === 'undefined') return null;
  const kept: unknown = (window.history.state as Record<string, unknown> | null)?.[KEPT];
  return typeof kept === 'string' ? kept : null;
}

function keepQuantity(quantity: string) {
  const state: unknown = window.history.state;
  const current = state && typeof state === 'object' ? (state as Record<string, unknown>) : {};
  if (current[KEPT] === quantity) return;
  window.history.replaceState({ ...current, [KEPT]: quantity }, '');
}

export function InitiateForm({ offer, slug, buttonRef }: { offer: FlowOffer; slug: string; buttonRef?: Ref<HTMLButtonElement> }) {
  const t = useT();
  const tError = useTranslateError();
  const language = useLanguage();
  const { http, auth } = useAppSystem();
  const [, navigate] = useLocation();
  const search = useSearch();
  const navigateLatest = useLatestCallback(navigate);
  const loggedIn = useSelector(auth, (s) => s.hasTag('loggedIn'));
  const quantity = new URLSearchParams(search).get('quantity') ?? keptQuantity();
  const inputId = useId();

  const actor = useActorRef(
    investmentMachine.provide({
      actors: {
        validate: fromPromise(({ input, signal }) => createInvestApi(http).validate(input, signal)),
        // the invest box's one move: on to the flow's first step (whose page starts the flow's own chart)
        navigation: fromCallback(({ receive }) => receive(() => navigateLatest(href(language, 'investPersonal', { slug })))),
      },
      actions: {
        persistDraft: ({ context }) => writeDraft(context.draft),
        redirectToLogin: (_, { quantity: q }) =>
          navigateLatest(href(language, 'login'), {
            state: { loginRequired: true, from: `${href(language, 'offer', { slug })}?quantity=${encodeURIComponent(q)}` } satisfies GuardState,
          }),
      },
    }),
    { input: { slug, entry: 'initiate', loggedIn, offer, quantity: quantity && /^\d+$/.test(quantity) ? quantity : null } },
  );
  const quantityText = useSelector(actor, (s) => s.context.quantityText);
  // Only a number the investor changed is written: the one the form starts with is already where it came from
  // (the address, the entry's state, or the default), and a write changes the history state, which the route
  // guard reads: right after a server-rendered offer page is hydrated the whole page would be drawn again at
  // once, one long task on a phone.
  const startedWith = useRef<string | null>(quantityText);
  useEffect(() => {
    if (quantityText === startedWith.current) return;
    startedWith.current = null;
    keepQuantity(quantityText);
  }, [quantityText]);
  const seriesId = useSelector(actor, (s) => s.context.seriesId);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const errors = useSelector(actor, (s) => s.context.errors);
  const shown = errors.filter((e) => stepOfContext(e.context) === 'initiate' || !stepOfContext(e.context));
  const message = shown.map((e) => tError(e.code, e.message)).join(' ');
  const openSeries = offer.series.filter((s) => s.isOpen);

  return (
    <Form
      noValidate
      data-testid="invest-form"
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'investment.started' });
      }}
    >
      <SeriesList aria-label={t('invest.box.series')} data-testid="invest-series">
        {offer.series.map((s) => (
          <li key={s.id} data-testid="series" data-series-id={s.id} data-open={s.isOpen}>
            <label>
              {openSeries.length > 1 && s.isOpen && (
                <input
                  type="radio"
                  name="series"
                  value={s.id}
                  checked={seriesId === s.id}
                  onChange={() => actor.send({ type: 'investment.seriesChosen', seriesId: s.id })}
                />
              )}
              <strong>{s.name}</strong>
              {!s.isOpen && <em> ({t('invest.box.closedSeries')})</em>}
            </label>
            <Figures>
              <span>{t('invest.box.price')}</span>
              <strong data-testid="series-price">{formatMoney(s.pricePerShare, language)}</strong>
              <span>{t('invest.box.left')}</span>
              <strong data-testid="series-left">{numberFormat(language).format(s.availableShares)}</strong>
              <span>{t('invest.box.min')}</span>
              <strong>{s.minStocks}</strong>
            </Figures>
          </li>
        ))}
      </SeriesList>
      <Field>
        <label htmlFor={inputId}>{t('invest.box.quantity')}</label>
        <input
          id={inputId}
          name="quantity"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          placeholder={t('invest.box.quantityPlaceholder')}
          value={quantityText}
          aria-invalid={shown.length > 0}
          aria-describedby={shown.length ? `${inputId}-error` : undefined}
          onKeyDown={(event) => {
            if (BLOCKED_KEYS.has(event.key)) event.preventDefault();
          }}
          onChange={(event) => actor.send({ type: 'investment.quantityChanged', quantity: event.target.value })}
        />
        <FieldError id={`${inputId}-error`}>{message || null}</FieldError>
      </Field>
      <Button ref={buttonRef} type="submit" block busy={busy} data-loading={busy || undefined} data-testid="invest-button">
        {busy ? t('invest.box.checking') : t('invest.box.invest')}
      </Button>
    </Form>
  );
}

const Form = styled.form`
  display: grid;
  gap: 12px;
`;

const SeriesList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 8px;
  li {
    padding: 8px 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  label {
    display: flex;
    gap: 8px;
    align-items: center;
  }
`;

const Figures = styled.div`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 2px 12px;
  margin-top: 4px;
  span {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  strong {
    text-align: right;
  }
`;

const Field = styled.div`
  display: grid;
  gap: 4px;
  label {
    font-weight: 700;
  }
  input {
    min-height: 44px;
    padding: 8px 12px;
    border: 2px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius}px;
    font: inherit;
  }
  input[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.error};
  }
`;
