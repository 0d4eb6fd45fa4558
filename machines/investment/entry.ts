// A flow screen's entry: the offer, the account's data and the stored draft are loaded, then the chart routes to
// the step the investor resumes at (the knowledge test first when it is required).
import { assign } from 'xstate';
import type { KnowledgeTestOutput } from '../knowledgeTest.machine';
import { draftMatches } from './rules';
import { investmentSetup } from './setup';
import { EMPTY_INVESTOR } from './types';

export const loading = investmentSetup.createStateConfig({
  tags: ['skeleton'],
  invoke: {
    id: 'loadFlow',
    src: 'loadFlow',
    input: ({ context }) => ({ slug: context.slug }),
    onDone: {
      target: 'routing',
      actions: assign(({ context, event }) => {
        const { offer, draft, investor, countries, protection, kiis } = event.output;
        const mine = draftMatches(draft, context.slug) ? draft : null;
        return {
          offer,
          countries,
          protection,
          kiis,
          draft: mine && !mine.investor ? { ...mine, investor: investor ?? { ...EMPTY_INVESTOR } } : mine,
        };
      }),
    },
    onError: 'loadFailed',
  },
});

export const loadFailed = investmentSetup.createStateConfig({
  on: { 'investment.retried': 'loading' },
});

export const routing = investmentSetup.createStateConfig({
  always: [
    { guard: 'noDraft', target: 'noDraft' },
    { guard: 'hasResult', target: 'thankYou', actions: { type: 'goToStep', params: { route: 'thankYou', replace: true } } },
    // ECSP Art. 21: without a valid knowledge test a non-sophisticated investor takes it before ordering.
    { guard: 'testRequired', target: 'knowledgeTest' },
    {
      guard: { type: 'resumesAt', params: { step: 'payment' } },
      target: 'steps.payment',
      actions: { type: 'goToStep', params: { route: 'payment', replace: true } },
    },
    {
      guard: { type: 'resumesAt', params: { step: 'documents' } },
      target: 'steps.documents',
      actions: { type: 'goToStep', params: { route: 'documents', replace: true } },
    },
    { target: 'steps.personalInformation', actions: { type: 'goToStep', params: { route: 'personalInformation', replace: true } } },
  ],
});

// A flow address without a draft of this offer (a shared link, or data cleared): start on the offer.
export const noDraft = investmentSetup.createStateConfig({});

// The knowledge test and loss simulation (their own chart); once done, the flow resumes where it was,
// with the large-investment threshold of the new result.
export const knowledgeTest = investmentSetup.createStateConfig({
  invoke: {
    id: 'knowledgeTest',
    src: 'knowledgeTest',
    onDone: {
      target: 'routing',
      actions: assign({ protection: ({ event }) => ({ testRequired: false, threshold: (event.output as KnowledgeTestOutput).threshold }) }),
    },
  },
});
