// The investment flow's screens (SPEC §2 "Investment flow"): its own frame (top bar with the four-step
// breadcrumb, the user's dropdown and the language switcher), the step beside the order summary card, and
// the thank-you or error page. The investment chart owns everything: this page provides its I/O (the
// invest api, the draft storage, navigation), tells it where the browser is, and renders its state.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { Link, useLocation, useSearch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { fromPromise } from 'xstate';
import { stepOfContext } from '../../../contract/investment-steps';
import {
  amountOf,
  FLOW_STEPS,
  investmentMachine,
  type FlowRoute,
  type InvestmentContext,
  type InvestorField,
} from '../../../machines/investment.machine';
import { knowledgeTestMachine } from '../../../machines/knowledgeTest.machine';
import { useAppSystem } from '../../system/AppSystemContext';
import { formatFractionPercent, formatMoney } from '../../../lib/format';
import { Checkbox } from '../../components/forms/Checkbox';
import { CountrySelect } from '../../components/forms/CountrySelect';
import { TextField } from '../../components/forms/TextField';
import { Logo } from '../../components/layout/Logo';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/layout/SkipLink';
import { UserMenu } from '../../components/layout/UserMenu';
import { Button, LinkButton } from '../../components/ui/Button';
import { panelCss, panelTitleCss } from '../../components/ui/Panel';
import { ServerHtml } from '../../components/ui/ServerHtml';
import { Spinner } from '../../components/ui/Spinner';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { href, matchRoute, splitLanguage, type RouteParams } from '../../../contract/routes';
import { useLanguage, useT, useTranslateError } from '../../i18n/i18n';
import { LanguageSwitcher } from '../../components/language/LanguageSwitcher';
import { useAlternateLinks } from '../../components/language/alternates';
import { LANGUAGES } from '../../config/env';
import { createInvestApi } from './api';
import { readDraft, writeDraft, readTestAnswers, writeTestAnswers } from './draftStorage';
import { flowRouteOf, ROUTE_OF } from '../../config/investFlow';
import { SummaryCard } from './SummaryCard';
import { ThankYouBankTransfer, ThankYouPayPal } from './ThankYou';
import { KnowledgeTest } from './KnowledgeTest';

type Actor = ReturnType<typeof useInvestmentActor>;

function newAttemptKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

function useInvestmentActor(slug: string, entry: FlowRoute) {
  const { http, auth } = useAppSystem();
  const language = useLanguage();
  const languageRef = useRef(language);
  languageRef.current = language;
  const [, navigate] = useLocation();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const loggedIn = useSelector(auth, (s) => s.hasTag('loggedIn'));
  const api = createInvestApi(http);
  return useActorRef(
    investmentMachine.provide({
      actors: {
        loadFlow: fromPromise(async ({ input, signal }) => {
          const [[offer, kiis], investor, countries, protection] = await Promise.all([
            api.offer(input.slug, signal).then(async (o) => [o, await api.kiis(o.id, languageRef.current, signal)] as const),
            api.investor(signal),
            api.countries(signal),
            api.protection(signal),
          ]);
          return { offer, investor, countries, protection, kiis, draft: readDraft() };
        }),
        knowledgeTest: knowledgeTestMachine.provide({
          actors: {
            loadState: fromPromise(async ({ signal }) => ({ ...(await api.knowledgeTest(signal)), saved: readTestAnswers() })),
            submitTest: fromPromise(({ input, signal }) => api.submitKnowledgeTest(input, signal)),
            acknowledgeRisk: fromPromise(({ signal }) => api.acknowledgeRisk(signal)),
          },
          actions: {
            saveAnswers: (_, saved) => writeTestAnswers(saved),
            forgetAnswers: () => writeTestAnswers(null),
          },
          // The chart stands in for the placeholder the investment chart declares (same output, KnowledgeTestOutput).
        }) as never,
        validate: fromPromise(({ input, signal }) => api.validate(input, signal)),
        loadMethods: fromPromise(({ input, signal }) => api.methods(input.amount, signal)),
        createOrder: fromPromise(({ input, signal }) =>
          api.create(
            input.body,
            input.attemptKey,
            `${window.location.origin}${href(languageRef.current, 'paypalReturn', { slug, orderId: '__ORDER__' }).replace('__ORDER__', '{orderId}')}`,
            signal,
          ),
        ),
        loadOrder: fromPromise(({ input, signal }) => api.order(input.orderId, signal)),
      },
      actions: {
        persistDraft: ({ context }) => writeDraft(context.draft),
        // PayPal: off to PayPal's approval page (a full page load; PayPal brings the payer back to the return page).
        redirectToPayPal: (_, { url }) => {
          if (url) window.location.assign(url);
        },
        goToStep: (_, { route, replace }) => {
          const to = href(languageRef.current, ROUTE_OF[route], { slug });
          // Marked as the chart's own move: only the investor's moves are reported back to it.
          if (window.location.pathname !== to) navigateRef.current(to, { replace, state: { byFlow: true } satisfies FlowNavigation });
        },
      },
    }),
    { input: { slug, entry, loggedIn } },
  );
}

/** History state of a move the chart made itself (goToStep), so it is not reported back as the investor's. */
interface FlowNavigation {
  byFlow?: boolean;
}

/**
 * Everything the flow shows from the server (the offer's title and description, its investor documents and
 * required consents, the payment methods' names) is loaded in the interface's language: the flow's chart is
 * keyed by the language (and the slug, which a switch changes too), so a switch starts it again, and it
 * loads that content in the new language and resumes at the same step from the stored draft (nothing typed
 * or ticked is lost). Content of two languages is never on screen together.
 */
export function InvestFlowPage({ params }: { params: RouteParams }) {
  const language = useLanguage();
  return <InvestFlow key={`${language}|${params.slug ?? ''}`} params={params} />;
}

function InvestFlow({ params }: { params: RouteParams }) {
  const t = useT();
  const language = useLanguage();
  const [pathname] = useLocation();
  const search = useSearch();
  const history = useHistoryState<FlowNavigation | null>();
  const route = flowRouteOf(matchRoute(language, splitLanguage(pathname).rest)?.route.name) ?? 'personalInformation';
  const slug = params.slug ?? '';
  const actor = useInvestmentActor(slug, route);
  // the chart's state, as a data attribute (read by the storyboard)
  const state = useSelector(actor, (s) => JSON.stringify(s.value));
  // Each step names itself in the document title (read when the page changes), the flow after it.
  usePageTitle(t('invest.pageTitle', { step: t(`invest.steps.${route}`), flow: t('invest.title') }));
  // The language switcher goes to this step with the offer's slug in the other language.
  const slugs = useSelector(actor, (s) => s.context.offer?.slug ?? null);
  useAlternateLinks(
    slugs
      ? Object.fromEntries(LANGUAGES.map((l) => [l, `${href(l, ROUTE_OF[route], { slug: slugs[l] })}${search ? `?${search}` : ''}`]))
      : null,
  );

  // SPEC §2: errors are cleared on every location change; a step's address the chart does not allow is
  // turned back to the step it is on. The chart decides; the page only reports where the investor went
  // (a link, the breadcrumb, back/forward, a typed address), not the moves the chart made itself.
  const byFlow = Boolean(history?.byFlow);
  useEffect(() => {
    if (!byFlow) actor.send({ type: 'investment.locationChanged', route });
  }, [actor, route, pathname, search, byFlow]);

  return (
    <Frame data-testid="invest-flow" data-state={state}>
      <SkipLink />
      <TopBar actor={actor} />
      <Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <FlowBody actor={actor} slug={slug} />
      </Main>
    </Frame>
  );
}

// ---------------------------------------------------------------------------------------------------
// Frame

/** Which of the four breadcrumb entries is current (0–3), or -1 before a step is shown. */
function currentEntry(s: ReturnType<Actor['getSnapshot']>): number {
  if (s.matches({ steps: 'personalInformation' })) return 0;
  if (s.matches({ steps: 'documents' })) return 1;
  if (s.matches({ steps: 'payment' }) || s.matches('submitting')) return 2;
  if (s.matches('thankYou') || s.matches('failed')) return 3;
  return -1;
}

function TopBar({ actor }: { actor: Actor }) {
  const t = useT();
  const language = useLanguage();
  const { auth } = useAppSystem();
  const user = useSelector(auth, (s) => s.context.user);
  const current = useSelector(actor, currentEntry);
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const done = useSelector(actor, (s) => s.matches('thankYou'));
  const slug = useSelector(actor, (s) => s.context.slug);
  const entries: { route: FlowRoute; label: string }[] = [
    ...FLOW_STEPS.map((step) => ({ route: step, label: t(`invest.steps.${step}`) })),
    { route: 'thankYou', label: failed ? t('invest.steps.error') : t('invest.steps.thankYou') },
  ];
  return (
    <Bar>
      <Logo language={language} />
      <nav aria-label={t('invest.steps.label')}>
        <Breadcrumb data-testid="breadcrumb">
          {entries.map((entry, i) => {
            // SPEC §2: the second entry is disabled at step one, the third at the first two, the fourth at
            // the first three; once the order is made the steps are closed.
            const disabled = i > current || (done && i < 3) || (i === 3 && !done && !failed);
            const isCurrent = i === current;
            return (
              <li key={entry.route} data-testid={`breadcrumb-${entry.route}`} data-disabled={disabled} aria-current={isCurrent ? 'step' : undefined}>
                <span className="number">{i + 1}</span>
                {disabled || isCurrent || i === 3 ? (
                  <span aria-disabled={disabled || undefined}>{entry.label}</span>
                ) : (
                  <Link href={href(language, ROUTE_OF[entry.route], { slug })}>{entry.label}</Link>
                )}
              </li>
            );
          })}
        </Breadcrumb>
      </nav>
      <Tools>
        <UserMenu
          language={language}
          userName={user ? `${user.userData.firstName} ${user.userData.lastName}`.trim() : undefined}
          onLogout={() => auth.send({ type: 'auth.logoutRequested' })}
        />
        <LanguageSwitcher />
      </Tools>
    </Bar>
  );
}

// ---------------------------------------------------------------------------------------------------
// Body

function FlowBody({ actor, slug }: { actor: Actor; slug: string }) {
  const t = useT();
  const language = useLanguage();
  const skeleton = useSelector(actor, (s) => s.matches('loading') || s.matches('entering') || s.matches('routing'));
  const redirecting = useSelector(actor, (s) => s.matches('redirecting'));
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const noDraft = useSelector(actor, (s) => s.matches('noDraft'));
  const thankYou = useSelector(actor, (s) => s.matches('thankYou'));
  const showInvestor = useSelector(actor, (s) => s.matches({ steps: 'payment' }) || s.matches('submitting') || s.matches('failed'));
  const knowledgeTest = useSelector(actor, (s) => (s.matches('knowledgeTest') ? s.children.knowledgeTest : undefined));

  if (skeleton) {
    return (
      <Center data-testid="invest-loading">
        <Spinner label={t('invest.frame.loading')} />
      </Center>
    );
  }
  if (redirecting) {
    return (
      <Center data-testid="invest-redirecting" role="status">
        <Spinner label={t('paypal.leaving')} />
        <p>{t('paypal.leaving')}</p>
      </Center>
    );
  }
  if (loadFailed) {
    return (
      <Center>
        <p role="alert">{t('invest.frame.loadFailed')}</p>
        <Button onClick={() => actor.send({ type: 'investment.retried' })}>{t('invest.frame.retry')}</Button>
      </Center>
    );
  }
  if (noDraft) {
    return (
      <Center data-testid="invest-no-draft">
        <p>{t('invest.frame.noDraft')}</p>
        <LinkButton href={href(language, 'offer', { slug })}>{t('invest.frame.toOffer')}</LinkButton>
      </Center>
    );
  }
  if (knowledgeTest) {
    return (
      <section aria-labelledby="invest-step-title">
        <KnowledgeTest actor={knowledgeTest as never} />
      </section>
    );
  }
  return (
    <Columns>
      <section aria-labelledby="invest-step-title">{thankYou ? <ThankYouStep actor={actor} /> : <Step actor={actor} />}</section>
      <aside>
        <SummaryCardOf actor={actor} showInvestor={showInvestor} />
      </aside>
    </Columns>
  );
}

function SummaryCardOf({ actor, showInvestor }: { actor: Actor; showInvestor: boolean }) {
  const { auth } = useAppSystem();
  const email = useSelector(auth, (s) => s.context.user?.userData.email ?? '');
  const offer = useSelector(actor, (s) => s.context.offer);
  const draft = useSelector(actor, (s) => s.context.draft);
  const methods = useSelector(actor, (s) => s.context.methods);
  const quote = useSelector(actor, (s) => s.context.quote);
  if (!offer || !draft) return null;
  return <SummaryCard offer={offer} draft={draft} methods={methods} quote={quote} email={email} showInvestor={showInvestor} />;
}

/** The errors of a step's fields, by field name, and the rest (for the list above the buttons). */
function splitErrors(errors: InvestmentContext['errors'], fieldOf: (context: string) => string | undefined) {
  const byField: Record<string, string> = {};
  const rest: typeof errors = [];
  for (const e of errors) {
    const field = fieldOf(e.context);
    if (field && !(field in byField)) byField[field] = e.code;
    else if (!field) rest.push(e);
  }
  return { byField, rest };
}

function ErrorList({ errors }: { errors: InvestmentContext['errors'] }) {
  const tError = useTranslateError();
  if (!errors.length) return null;
  return (
    <Alerts role="alert" data-testid="invest-errors">
      {errors.map((e, i) => (
        <li key={`${e.code}-${e.context}-${i}`}>{tError(e.code, e.message)}</li>
      ))}
    </Alerts>
  );
}

function Step({ actor }: { actor: Actor }) {
  const step = useSelector(actor, (s) =>
    s.matches({ steps: 'personalInformation' })
      ? 'personalInformation'
      : s.matches({ steps: 'documents' })
        ? 'documents'
        : s.matches('failed')
          ? 'failed'
          : 'payment',
  );
  if (step === 'personalInformation') return <PersonalStep actor={actor} />;
  if (step === 'documents') return <DocumentsStep actor={actor} />;
  if (step === 'failed') return <FailedStep actor={actor} />;
  return <PaymentStep actor={actor} />;
}

const PERSONAL_FIELDS: InvestorField[] = ['firstName', 'lastName', 'phone', 'address', 'zip', 'city', 'country'];

/** `investorData.address.city` → `city`, `investorData.address.country.name` → `country`. */
function investorFieldOf(context: string): string | undefined {
  if (!context.startsWith('investorData')) return undefined;
  const parts = context.split('.').slice(1).filter((p) => p !== 'address' && p !== 'name');
  const field = parts[0] ?? (context.endsWith('.address') ? 'address' : undefined);
  return field && (PERSONAL_FIELDS as string[]).includes(field) ? field : undefined;
}

function PersonalStep({ actor }: { actor: Actor }) {
  const t = useT();
  const tError = useTranslateError();
  const { auth } = useAppSystem();
  const email = useSelector(auth, (s) => s.context.user?.userData.email ?? '');
  const investor = useSelector(actor, (s) => s.context.draft?.investor);
  const countries = useSelector(actor, (s) => s.context.countries);
  const errors = useSelector(actor, (s) => s.context.errors);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const { byField, rest } = splitErrors(errors, investorFieldOf);
  const field = (name: InvestorField, autoComplete: string, required = true) => (
    <TextField
      label={t(`invest.personal.${name}`)}
      name={name}
      autoComplete={autoComplete}
      required={required}
      value={investor?.[name] ?? ''}
      error={byField[name] ? tError(byField[name]) : null}
      onChange={(e) => actor.send({ type: 'investment.fieldChanged', field: name, value: e.target.value })}
    />
  );
  return (
    <StepForm
      noValidate
      aria-busy={busy}
      data-testid="step-personalInformation"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'investment.stepSubmitted' });
      }}
    >
      <h1 id="invest-step-title">{t('invest.steps.personalInformation')}</h1>
      <p>{t('invest.personal.intro')}</p>
      <Grid>
        {field('firstName', 'given-name')}
        {field('lastName', 'family-name')}
      </Grid>
      <TextField label={t('invest.personal.email')} name="email" value={email} readOnly />
      {field('phone', 'tel', false)}
      {field('address', 'street-address')}
      <Grid>
        {field('zip', 'postal-code')}
        {field('city', 'address-level2')}
      </Grid>
      <CountrySelect
        label={t('invest.personal.country')}
        name="country"
        codes={countries.length ? countries : ['PL']}
        required
        value={investor?.country ?? ''}
        error={byField.country ? tError(byField.country) : null}
        onChange={(e) => actor.send({ type: 'investment.fieldChanged', field: 'country', value: e.target.value })}
      />
      <ErrorList errors={rest} />
      <Actions>
        <NextButton busy={busy} />
      </Actions>
    </StepForm>
  );
}

function NextButton({ busy }: { busy: boolean }) {
  const t = useT();
  return (
    <Button type="submit" busy={busy} data-loading={busy || undefined} data-testid="step-next">
      {busy ? t('invest.nav.checking') : t('invest.nav.next')}
    </Button>
  );
}

function BackLink({ actor, to }: { actor: Actor; to: FlowRoute }) {
  const t = useT();
  const language = useLanguage();
  const slug = useSelector(actor, (s) => s.context.slug);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  return busy ? (
    <Button variant="secondary" disabled>
      {t('invest.nav.back')}
    </Button>
  ) : (
    <LinkButton variant="secondary" href={href(language, ROUTE_OF[to], { slug })} data-testid="step-back">
      {t('invest.nav.back')}
    </LinkButton>
  );
}

function DocumentsStep({ actor }: { actor: Actor }) {
  const t = useT();
  const tError = useTranslateError();
  const offer = useSelector(actor, (s) => s.context.offer!);
  const accepted = useSelector(actor, (s) => s.context.draft?.agreements ?? {});
  const errors = useSelector(actor, (s) => s.context.errors);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const { byField, rest } = splitErrors(errors, (context) => (context.startsWith('agreements.') ? context.slice('agreements.'.length) : undefined));
  const kiis = useSelector(actor, (s) => s.context.kiis);
  const kiisAcknowledged = useSelector(actor, (s) => s.context.kiis !== null && s.context.draft?.kiisHash === s.context.kiis.hash);
  const kiisError = errors.find((e) => e.context === 'kiis');
  const large = useSelector(actor, (s) => s.matches({ steps: { documents: 'largeInvestment' } }));
  if (large) return <LargeInvestmentWarning actor={actor} />;
  return (
    <StepForm
      noValidate
      aria-busy={busy}
      data-testid="step-documents"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'investment.stepSubmitted' });
      }}
    >
      <h1 id="invest-step-title">{t('invest.steps.documents')}</h1>
      <p>{t('invest.documents.intro')}</p>
      <h2>{t('invest.documents.list')}</h2>
      {offer.documents.length ? (
        <Documents data-testid="investor-documents">
          {offer.documents.map((d) => (
            <li key={d.id}>
              <a href={d.url} target="_blank" rel="noreferrer noopener" aria-label={t('invest.documents.open', { name: d.displayName })}>
                {d.displayName}
              </a>
            </li>
          ))}
        </Documents>
      ) : (
        <p>{t('invest.documents.none')}</p>
      )}
      {offer.agreements.length > 0 && (
        <fieldset>
          <legend>{t('invest.documents.agreements')}</legend>
          {offer.agreements.map((a) => (
            <Checkbox
              key={a.id}
              name={`agreements.${a.id}`}
              label={<ServerHtml html={a.content} as="span" />}
              required={a.required}
              checked={Boolean(accepted[a.id])}
              onChange={(value) => actor.send({ type: 'investment.agreementToggled', id: a.id, accepted: value })}
              error={byField[a.id] ? tError(byField[a.id] === 'IS_EMPTY' ? 'AGREEMENT_REQUIRED' : byField[a.id]) : null}
            />
          ))}
        </fieldset>
      )}
      {kiis && (
        <fieldset data-testid="kiis">
          <legend>{t('protection.kiis.heading')}</legend>
          <p>
            <a href={kiis.url} target="_blank" rel="noreferrer noopener" data-testid="kiis-link">
              {t('protection.kiis.open')}
            </a>
          </p>
          <Checkbox
            name="kiis"
            label={t('protection.kiis.acknowledge')}
            required
            checked={kiisAcknowledged}
            onChange={(value) => actor.send({ type: 'investment.kiisToggled', accepted: value })}
            error={kiisError ? tError(kiisError.code) : null}
          />
        </fieldset>
      )}
      <ErrorList errors={rest.filter((e) => stepOfContext(e.context) !== 'personalInformation' && e.context !== 'kiis')} />
      <Actions>
        <BackLink actor={actor} to="personalInformation" />
        <NextButton busy={busy} />
      </Actions>
    </StepForm>
  );
}

/** ECSP Art. 21(7): the order is above the threshold; the investor consents explicitly or changes the quantity. */
function LargeInvestmentWarning({ actor }: { actor: Actor }) {
  const t = useT();
  const language = useLanguage();
  const slug = useSelector(actor, (s) => s.context.slug);
  const amount = useSelector(actor, (s) => amountOf(s.context));
  const threshold = useSelector(actor, (s) => s.context.protection.threshold ?? 0);
  const errors = useSelector(actor, (s) => s.context.errors);
  return (
    <StepForm
      noValidate
      data-testid="large-investment"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'investment.largeInvestmentConsented' });
      }}
    >
      <h1 id="invest-step-title">{t('protection.large.title')}</h1>
      <p role="alert">{t('protection.large.text', { amount: formatMoney(amount, language), threshold: formatMoney(threshold, language) })}</p>
      <ErrorList errors={errors} />
      <Actions>
        <Link href={href(language, 'offer', { slug })}>{t('protection.large.change')}</Link>
        <Button type="submit" data-testid="large-investment-consent">
          {t('protection.large.consent')}
        </Button>
      </Actions>
    </StepForm>
  );
}

function PaymentStep({ actor }: { actor: Actor }) {
  const t = useT();
  const language = useLanguage();
  const loading = useSelector(actor, (s) => s.hasTag('skeleton'));
  const failed = useSelector(actor, (s) => s.matches({ steps: { payment: 'methodsFailed' } }));
  const methods = useSelector(actor, (s) => s.context.methods);
  const methodId = useSelector(actor, (s) => s.context.draft?.methodId ?? null);
  const errors = useSelector(actor, (s) => s.context.errors);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  return (
    <StepForm
      noValidate
      aria-busy={busy}
      data-testid="step-payment"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'investment.submitted', attemptKey: newAttemptKey() });
      }}
    >
      <h1 id="invest-step-title">{t('invest.steps.payment')}</h1>
      {loading && <Spinner />}
      {failed && (
        <>
          <p role="alert">{t('invest.payment.loadFailed')}</p>
          <Button onClick={() => actor.send({ type: 'investment.retried' })}>{t('invest.frame.retry')}</Button>
        </>
      )}
      {!loading && !failed && (
        <fieldset data-testid="payment-methods">
          <legend>{t('invest.payment.choose')}</legend>
          {methods.map((m) => (
            <Method key={m.id} data-method={m.codeName}>
              <input
                type="radio"
                name="method"
                value={m.id}
                disabled={!m.enabled || busy}
                checked={methodId === m.id}
                onChange={() => actor.send({ type: 'investment.methodChosen', methodId: m.id })}
              />
              <span>
                <strong>{m.name}</strong>{' '}
                {m.enabled
                  ? t('invest.payment.commission', {
                      value: formatMoney(m.commission.commissionValue, language),
                      percent: formatFractionPercent(m.commission.commissionPercent, language),
                    })
                  : `(${t('invest.payment.unavailable')})`}
              </span>
            </Method>
          ))}
        </fieldset>
      )}
      <ErrorList errors={failed ? [] : errors} />
      <Actions>
        <BackLink actor={actor} to="documents" />
        <Button type="submit" disabled={loading || failed} busy={busy} data-loading={busy || undefined} data-testid="pay-button">
          {busy ? t('invest.payment.paying') : t('invest.payment.pay')}
        </Button>
      </Actions>
    </StepForm>
  );
}

function FailedStep({ actor }: { actor: Actor }) {
  const t = useT();
  const language = useLanguage();
  const errors = useSelector(actor, (s) => s.context.errors);
  const slug = useSelector(actor, (s) => s.context.slug);
  return (
    <StepForm as="div" data-testid="step-failed">
      <h1 id="invest-step-title">{t('invest.failed.title')}</h1>
      <ErrorList errors={errors} />
      <Actions>
        <Button onClick={() => actor.send({ type: 'investment.retried', attemptKey: newAttemptKey() })} data-testid="retry-order">
          {t('invest.failed.retry')}
        </Button>
        <Link href={href(language, 'offer', { slug })}>{t('invest.failed.changeQuantity')}</Link>
      </Actions>
    </StepForm>
  );
}

function ThankYouStep({ actor }: { actor: Actor }) {
  const t = useT();
  const result = useSelector(actor, (s) => s.context.draft?.result ?? null);
  // The order as the server has it now (read on entry); until it arrives, the one saved with the result.
  const fresh = useSelector(actor, (s) => s.context.order);
  const refreshFailed = useSelector(actor, (s) => s.matches({ thankYou: 'orderFailed' }));
  const refreshing = useSelector(actor, (s) => s.matches({ thankYou: 'loadingOrder' }));
  const slug = useSelector(actor, (s) => s.context.slug);
  if (!result) return null;
  const order = fresh && fresh.id === result.order.id ? fresh : result.order;
  const notice = refreshFailed ? (
    <Center>
      <p role="alert">{t('invest.thankYou.statusFailed')}</p>
      <Button onClick={() => actor.send({ type: 'investment.retried' })} data-testid="retry-order-status">
        {t('invest.frame.retry')}
      </Button>
    </Center>
  ) : null;
  // One view per payment method.
  if (result.payment.codeName === 'BankTransfer') {
    return (
      <div aria-busy={refreshing}>
        {notice}
        <ThankYouBankTransfer order={order} payment={result.payment} />
      </div>
    );
  }
  return (
    <div aria-busy={refreshing}>
      {notice}
      <ThankYouPayPal order={order} slug={slug} />
    </div>
  );
}

// ---------------------------------------------------------------------------------------------------
// Styles

const Frame = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  background: ${({ theme }) => theme.colors.cream};
`;

const Bar = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px 24px;
  min-height: ${({ theme }) => theme.layout.headerHeight}px;
  padding: 8px 24px;
  background: ${({ theme }) => theme.colors.white};
  box-shadow: ${({ theme }) => theme.shadow};
`;

const Breadcrumb = styled.ol`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 20px;
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    color: ${({ theme }) => theme.colors.text};
  }
  /* A step not reachable yet stays legible (the muted text colour keeps full contrast, no fading): it is
     told apart by its colour and its number's dashed ring, and named as disabled to screen readers. */
  li[data-disabled='true'] {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  li[data-disabled='true'] .number {
    border-style: dashed;
  }
  li[aria-current='step'] {
    font-weight: 700;
    color: ${({ theme }) => theme.colors.green};
  }
  .number {
    display: inline-grid;
    place-items: center;
    width: 26px;
    height: 26px;
    border-radius: 50%;
    border: 2px solid currentColor;
    font-size: 0.85rem;
  }
`;

const Tools = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
`;

const Main = styled.main`
  flex: 1;
  width: 100%;
  max-width: ${({ theme }) => theme.layout.sectionMaxWidth}px;
  margin: 0 auto;
  padding: 32px 16px 80px;
  &:focus {
    outline: none;
  }
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 3fr) minmax(260px, 2fr);
  gap: 32px;
  align-items: start;
  @media (max-width: 900px) {
    grid-template-columns: 1fr;
  }
`;

const Center = styled.div`
  display: grid;
  justify-items: center;
  gap: 16px;
  padding: 48px 16px;
  text-align: center;
`;

const StepForm = styled.form`
  ${panelCss}
  ${panelTitleCss}
  fieldset {
    border: 0;
    padding: 0;
    margin: 0;
    display: grid;
    gap: 12px;
  }
  legend {
    font-weight: 700;
    margin-bottom: 8px;
  }
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 16px;
  @media (max-width: 600px) {
    grid-template-columns: 1fr;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  justify-content: space-between;
  align-items: center;
`;

const Alerts = styled.ul`
  margin: 0;
  padding: 12px 16px 12px 32px;
  border-radius: ${({ theme }) => theme.radius}px;
  color: ${({ theme }) => theme.colors.error};
  background: #fdecea;
`;

const Documents = styled.ul`
  margin: 0;
  padding-left: 20px;
  display: grid;
  gap: 6px;
`;

const Method = styled.label`
  display: flex;
  align-items: center;
  gap: 10px;
  padding: 12px;
  border: 2px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius}px;
  cursor: pointer;
  &:has(input:checked) {
    border-color: ${({ theme }) => theme.colors.green};
  }
`;

