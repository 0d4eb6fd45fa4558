// The investment chart's live I/O, provided here so the views only render: the invest api (with the offer's
// investor documents in the interface's language), the stored draft and knowledge-test answers, the address
// PayPal brings the payer back to, the full page load to PayPal's approval page and the step's address.
import { useActorRef, useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import type { Language } from '../../../contract/languages';
import { href } from '../../../contract/routes';
import { investmentMachine, type FlowRoute } from '../../../machines/investment.machine';
import { knowledgeTestMachine } from '../../../machines/knowledgeTest.machine';
import type { Http } from '../../api/http';
import { useLatestCallback } from '../../components/ui/useLatestCallback';
import { ROUTE_OF } from '../../config/investFlow';
import { useLanguage } from '../../i18n/i18n';
import { useAppSystem } from '../../system/AppSystemContext';
import { createInvestApi } from '../../components/invest/api';
import { readDraft, readTestAnswers, writeDraft, writeTestAnswers } from '../../components/invest/draftStorage';

/** History state of a move the chart made itself (goToStep), so it is not reported back as the investor's. */
export interface FlowNavigation {
  byFlow?: boolean;
}

export interface InvestmentIo {
  http: Http;
  /** the interface's language (the flow's actor is created again when it changes) */
  language: () => Language;
  /** the router's navigate: the chart moves the browser to the step it is on */
  navigate: (to: string, options: { replace?: boolean; state: FlowNavigation }) => void;
}

/** The investment chart with its live actors and actions, for the offer `slug`. */
export function liveInvestmentMachine(slug: string, { http, language, navigate }: InvestmentIo) {
  const api = createInvestApi(http);
  return investmentMachine.provide({
    actors: {
      loadFlow: fromPromise(async ({ input, signal }) => {
        const [[offer, kiis], investor, countries, protection] = await Promise.all([
          api.offer(input.slug, signal).then(async (o) => [o, await api.kiis(o.id, language(), signal)] as const),
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
          `${window.location.origin}${href(language(), 'paypalReturn', { slug, orderId: '__ORDER__' }).replace('__ORDER__', '{orderId}')}`,
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
        const to = href(language(), ROUTE_OF[route], { slug });
        // Marked as the chart's own move: only the investor's moves are reported back to it.
        if (window.location.pathname !== to) navigate(to, { replace, state: { byFlow: true } satisfies FlowNavigation });
      },
    },
  });
}

/** The flow's actor for the page: the live chart, entered at the step the browser's address names. */
export function useInvestmentActor(slug: string, entry: FlowRoute) {
  const { http, auth } = useAppSystem();
  const language = useLanguage();
  const currentLanguage = useLatestCallback(() => language);
  const [, navigate] = useLocation();
  const navigateLatest = useLatestCallback(navigate);
  const loggedIn = useSelector(auth, (s) => s.hasTag('loggedIn'));
  return useActorRef(liveInvestmentMachine(slug, { http, language: currentLanguage, navigate: navigateLatest }), {
    input: { slug, entry, loggedIn },
  });
}

export type InvestmentActor = ReturnType<typeof useInvestmentActor>;
