// The investment chart's live I/O, provided here so the views only render: the invest api (with the offer's
// investor documents in the interface's language), the stored draft and knowledge-test answers, the address
// PayPal brings the payer back to, the full page load to PayPal's approval page, and the router (navigation).
import { useActorRef, useSelector } from '@xstate/react';
import { navigate as browserNavigate } from 'wouter/use-browser-location';
import { fromCallback, fromPromise } from 'xstate';
import type { Language } from '../../../contract/languages';
import { href, matchRoute, splitLanguage } from '../../../contract/routes';
import { investmentMachine, type FlowRoute, type NavigationCommand } from '../../../machines/investment.machine';
import { knowledgeTestMachine } from '../../../machines/knowledgeTest.machine';
import type { Http } from '../../api/http';
import { useLatestCallback } from '../../components/ui/useLatestCallback';
import { flowRouteOf, ROUTE_OF } from '../../config/investFlow';
import { useLanguage } from '../../i18n/i18n';
import { useAppSystem } from '../../system/AppSystemContext';
import { createInvestApi } from '../../components/invest/api';
import { readDraft, readTestAnswers, writeDraft, writeTestAnswers } from '../../components/invest/draftStorage';
import { leaveFor } from './leavePage';

export interface InvestmentIo {
  http: Http;
  /** the interface's language (the flow's actor is created again when it changes) */
  language: () => Language;
}

/**
 * The events the router (wouter) fires on every change of the browser's address: the browser's back/forward, and
 * wouter's own pushState/replaceState, which it dispatches on the window when its links and `navigate` move.
 */
const ADDRESS_EVENTS = ['popstate', 'pushState', 'replaceState'] as const;
const addressNow = () => `${window.location.pathname}${window.location.search}`;

/**
 * The router as the flow's actor. The chart tells it which step to show (`navigation.go`); it tells the chart
 * where the investor went, when that is one of this flow's steps (a link, the breadcrumb, back/forward, a typed
 * address). A move it makes itself is not news to the chart: the browser reports it while the actor is making
 * it, inside its own call. Addresses outside this flow (another offer, another language, a page the investor
 * leaves for) are the router's, which unmounts the flow.
 */
export function flowNavigation(slug: string, language: () => Language) {
  return fromCallback<NavigationCommand>(({ sendBack, receive }) => {
    let moving = false;
    let address = addressNow();
    const changed = () => {
      const now = addressNow();
      if (now === address) return;
      address = now;
      if (moving) return;
      const { prefix, rest } = splitLanguage(window.location.pathname);
      if (prefix !== language()) return;
      const match = matchRoute(language(), rest);
      const route = flowRouteOf(match?.route.name);
      if (route && match?.params.slug === slug) sendBack({ type: 'investment.locationChanged', route });
    };
    receive(({ route, replace }) => {
      const to = href(language(), ROUTE_OF[route], { slug });
      if (window.location.pathname === to) return;
      moving = true;
      try {
        browserNavigate(to, { replace });
      } finally {
        moving = false;
      }
      address = addressNow();
    });
    ADDRESS_EVENTS.forEach((type) => window.addEventListener(type, changed));
    return () => ADDRESS_EVENTS.forEach((type) => window.removeEventListener(type, changed));
  });
}

/** The investment chart with its live actors and actions, for the offer `slug`. */
export function liveInvestmentMachine(slug: string, { http, language }: InvestmentIo) {
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
      navigation: flowNavigation(slug, language),
    },
    actions: {
      persistDraft: ({ context }) => writeDraft(context.draft),
      // PayPal: off to PayPal's approval page (a full page load; PayPal brings the payer back to the return page).
      redirectToPayPal: (_, { url }) => {
        if (url) leaveFor(url);
      },
    },
  });
}

/** The flow's actor for the page: the live chart, entered at the step the browser's address names. */
export function useInvestmentActor(slug: string, entry: FlowRoute) {
  const { http, auth } = useAppSystem();
  const language = useLanguage();
  const currentLanguage = useLatestCallback(() => language);
  const loggedIn = useSelector(auth, (s) => s.hasTag('loggedIn'));
  return useActorRef(liveInvestmentMachine(slug, { http, language: currentLanguage }), {
    input: { slug, entry, loggedIn },
  });
}

export type InvestmentActor = ReturnType<typeof useInvestmentActor>;
