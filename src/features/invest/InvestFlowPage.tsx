// The investment flow's screens (SPEC §2 "Investment flow"): its own frame (top bar with the four-step
// breadcrumb, the user's dropdown and the language switcher), the step beside the order summary card, and
// the thank-you or error page. The investment chart owns everything: its I/O (the invest api, the draft storage,
// the router, through which the investor's moves reach it: SPEC §2, errors are cleared on every location change,
// and a step's address the chart does not allow is turned back) is provided in investActors.ts; this page renders
// its state, one file of steps/ per step.
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { useLocation, useSearch } from 'wouter';
import { href, matchRoute, splitLanguage, type RouteParams } from '../../../contract/routes';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/layout/SkipLink';
import { useAlternateLinks } from '../../components/language/alternates';
import { Button, LinkButton } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { usePageTitle } from '../../components/ui/usePageTitle';
import { LANGUAGES } from '../../config/env';
import { flowRouteOf, ROUTE_OF } from '../../config/investFlow';
import { useLanguage, useT } from '../../i18n/i18n';
import { useAppSystem } from '../../system/AppSystemContext';
import { FlowTopBar } from './FlowTopBar';
import { useInvestmentActor, type InvestmentActor } from './investActors';
import { KnowledgeTest } from './KnowledgeTest';
import { DocumentsStep } from './steps/DocumentsStep';
import { FailedStep } from './steps/FailedStep';
import { PaymentStep } from './steps/PaymentStep';
import { PersonalStep } from './steps/PersonalStep';
import { ThankYouStep } from './steps/ThankYouStep';
import { Center } from './steps/ui';
import { SummaryCard } from './SummaryCard';

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

  return (
    <Frame data-testid="invest-flow" data-state={state}>
      <SkipLink />
      <FlowTopBar actor={actor} />
      <Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <FlowBody actor={actor} slug={slug} />
      </Main>
    </Frame>
  );
}

// ---------------------------------------------------------------------------------------------------
// Body

function FlowBody({ actor, slug }: { actor: InvestmentActor; slug: string }) {
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

function SummaryCardOf({ actor, showInvestor }: { actor: InvestmentActor; showInvestor: boolean }) {
  const { auth } = useAppSystem();
  const email = useSelector(auth, (s) => s.context.user?.userData.email ?? '');
  const offer = useSelector(actor, (s) => s.context.offer);
  const draft = useSelector(actor, (s) => s.context.draft);
  const methods = useSelector(actor, (s) => s.context.methods);
  const quote = useSelector(actor, (s) => s.context.quote);
  if (!offer || !draft) return null;
  return <SummaryCard offer={offer} draft={draft} methods={methods} quote={quote} email={email} showInvestor={showInvestor} />;
}

function Step({ actor }: { actor: InvestmentActor }) {
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

// ---------------------------------------------------------------------------------------------------
// Styles

const Frame = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  background: ${({ theme }) => theme.colors.cream};
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
