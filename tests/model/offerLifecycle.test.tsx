// Model-based test of the offer's lifecycle (machines/offerLifecycle.machine.ts, the chart of
// contract/offer-lifecycle.ts) through the back office's offers screen: every state is what the screen shows
// for an offer there (its stage, and only the actions the chart allows: Close offer while open, Finish the
// close while a close is under way, Declare a distribution once it has closed funded, nothing once it has
// closed not funded), and every transition is what moves it: an operator closing it (or finishing its close)
// on the screen, or what the server does meanwhile (the window ends, the orders are settled, a refund fails,
// a distribution is declared or paid out), after which the operator opens the screen again. The fake server
// keeps the offer's row (outcome, closed at, distributions under way) and answers its state as the real one
// does (offerLifecycleState), deciding a close's outcome from the figures as the close job does.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeOutcomeOf, offerLifecycleState, type FundingFigures, type OfferLifecycleFacts } from '../../contract/offer-lifecycle';
import type { OperatorOffer } from '../../contract/operator';
import { offerLifecycleMachine } from '../../machines/offerLifecycle.machine';
import { byValueAnd, createMachineTestModel, expectFullCoverage, machineCoverage, printCoverage, runPath } from '../support/model';
import { loadAllDictionaries, renderApp, settle, USER, type AppHarness } from './support/app';

const ID = 3;
const GOAL = 50_000_00;
const FUNDED: FundingFigures = { raised: 60_000_00, fundingGoal: GOAL };
const SHORT: FundingFigures = { raised: 10_000_00, fundingGoal: GOAL };

const offerOf = (facts: OfferLifecycleFacts & FundingFigures): OperatorOffer => ({
  id: ID,
  key: 'kamienica-krakow',
  slug: { pl: 'kamienica-krakow', en: 'krakow-townhouse' },
  title: { pl: 'Kamienica na Kazimierzu', en: 'Kazimierz townhouse' },
  published: true,
  isOpen: facts.closeOutcome === null,
  investmentStart: null,
  investmentEnd: null,
  hasPreview: false,
  raised: facts.raised,
  target: 200_000_00,
  fundingGoal: facts.fundingGoal,
  lifecycle: offerLifecycleState(facts),
  series: [],
  documents: [],
});

const events = [
  { type: 'offer.windowEnded', ...FUNDED },
  { type: 'offer.windowEnded', ...SHORT },
  { type: 'offer.closedEarly', ...FUNDED },
  { type: 'offer.closedEarly', ...SHORT },
];

const model = createMachineTestModel(offerLifecycleMachine, { events: events as never, serializeState: byValueAnd() as never });
const paths = model.getShortestPaths();

const STAGE = {
  open: 'Stage: open',
  completing: 'Stage: closing – funded, orders being completed',
  refunding: 'Stage: closing – not funded, payments being refunded',
  holding: 'Stage: closed, funded',
  distributing: 'Stage: closed, funded – a distribution under way',
  notFunded: 'Stage: closed, not funded – payments refunded',
};

describe('offer lifecycle (model-based, through the back office offers screen)', () => {
  beforeAll(loadAllDictionaries);
  let h: AppHarness | undefined;
  afterEach(() => {
    h?.unmount();
    h = undefined;
    localStorage.clear();
  });

  for (const path of paths) {
    it(path.description, async () => {
      const facts: OfferLifecycleFacts & FundingFigures = { closedAt: null, closeOutcome: null, distributionsUnderWay: 0, raised: 0, fundingGoal: GOAL };
      const closeCalls: unknown[] = [];

      /** The operator opens the offers screen (again): it loads the offer as the server has it now. */
      const open = async () => {
        h?.unmount();
        localStorage.clear();
        h = renderApp({
          path: '/en/operator/offers',
          storedLanguage: 'en',
          tokens: { accessToken: 'a', refreshToken: 'r', expiresAt: Date.now() + 3_600_000 },
          server: (fake) => {
            fake.on('GET', '/user/me', () => ({ data: { ...USER, role: 'operator' } }));
            fake.on('GET', '/operator/offers', () => ({ data: [offerOf(facts)] }));
            fake.on('POST', `/operator/offers/${ID}/close`, (call) => {
              closeCalls.push(call.body);
              // The close decides once (an open offer), then settles; here it stops half way (closed: false),
              // so the screen shows the close under way until the orders are settled.
              if (facts.closeOutcome === null) facts.closeOutcome = closeOutcomeOf(facts);
              return { data: { outcome: facts.closeOutcome, completed: 0, cancelled: 0, refunded: 0, closed: false } };
            });
          },
        });
        await settle(10);
        await screen.findByTestId(`offer-lifecycle-${ID}`);
      };
      const stage = () => screen.getByTestId(`offer-lifecycle-${ID}`);
      const closeSection = () => screen.queryByTestId(`offer-close-${ID}`);
      const declareLink = () => screen.queryByTestId(`offer-declare-${ID}`);
      const closable = (button: string) => {
        expect(within(closeSection()!).getByTestId('offer-close')).toHaveTextContent(button);
        expect(declareLink()).toBeNull();
      };
      const declarable = () => {
        expect(closeSection()).toBeNull();
        expect(declareLink()).toHaveAttribute('href', `/en/operator/distributions?offer=${ID}`);
      };
      /** What the server does meanwhile; the operator then opens the screen again. */
      const server = async (change: () => void) => {
        change();
        await open();
      };

      await open();
      await runPath(path, {
        states: {
          open: () => {
            expect(stage()).toHaveAttribute('data-lifecycle', 'open');
            expect(stage()).toHaveTextContent(STAGE.open);
            closable('Close offer');
          },
          'closing.completing': () => {
            expect(stage()).toHaveAttribute('data-lifecycle', 'closing.completing');
            expect(stage()).toHaveTextContent(STAGE.completing);
            closable('Finish the close');
          },
          'closing.refunding': () => {
            expect(stage()).toHaveAttribute('data-lifecycle', 'closing.refunding');
            expect(stage()).toHaveTextContent(STAGE.refunding);
            closable('Finish the close');
          },
          'funded.holding': () => {
            expect(stage()).toHaveAttribute('data-lifecycle', 'funded.holding');
            expect(stage()).toHaveTextContent(STAGE.holding);
            expect(stage()).not.toHaveTextContent('under way');
            declarable();
          },
          'funded.distributing': () => {
            expect(stage()).toHaveAttribute('data-lifecycle', 'funded.distributing');
            expect(stage()).toHaveTextContent(STAGE.distributing);
            declarable();
          },
          notFunded: () => {
            expect(stage()).toHaveAttribute('data-lifecycle', 'notFunded');
            expect(stage()).toHaveTextContent(STAGE.notFunded);
            expect(closeSection()).toBeNull();
            expect(declareLink()).toBeNull();
          },
        },
        events: {
          'offer.windowEnded': ({ event }) =>
            server(() => {
              facts.raised = event.raised as number;
              facts.closeOutcome = closeOutcomeOf(facts);
            }),
          'offer.closedEarly': async ({ event }) => {
            const before = closeCalls.length;
            // Finishing a close keeps the outcome stored; the figures only count for an open offer.
            if (facts.closeOutcome === null) facts.raised = event.raised as number;
            const section = closeSection()!;
            await act(async () => {
              fireEvent.click(within(section).getByTestId('offer-close'));
            });
            await settle();
            fireEvent.change(within(section).getByTestId('offer-close-reason'), { target: { value: 'Decyzja zarządu' } });
            await act(async () => {
              fireEvent.click(within(section).getByTestId('offer-close-yes'));
            });
            await settle(6);
            expect(closeCalls).toHaveLength(before + 1);
            expect(closeCalls.at(-1)).toEqual({ reason: 'Decyzja zarządu' });
            const done = screen.getByTestId('offer-close-done');
            expect(done).toHaveAttribute('data-outcome', facts.closeOutcome!);
            // "Close" on the outcome reloads the list: the offer's new stage.
            await act(async () => {
              fireEvent.click(within(done).getByRole('button'));
            });
            await settle(6);
          },
          'offer.refundFailed': () => server(() => {}),
          'offer.settled': () => server(() => (facts.closedAt = new Date().toISOString())),
          'distribution.declared': () => server(() => (facts.distributionsUnderWay += 1)),
          'distribution.paidOut': () => server(() => (facts.distributionsUnderWay = 0)),
        },
      });
    });
  }

  it('covers every state and transition of the chart', () => {
    const result = machineCoverage(offerLifecycleMachine, paths);
    printCoverage(result);
    expectFullCoverage(result);
  });
});
