// Model-based test of the knowledge test and loss simulation (machines/knowledgeTest.machine.ts) through its
// view (src/features/invest/KnowledgeTest.tsx), in Polish and in English: every start the server's state
// can give (no result, a lapsed one, a failed one awaiting the acknowledgement, a valid one, a
// sophisticated investor, a load failure), the questionnaire with its missing and invalid answers, a pass,
// a fail with the risk warning and its acknowledgement, and the server's refusals. The actors are held
// until the model says how they end.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useActorRef } from '@xstate/react';
import { ThemeProvider } from 'styled-components';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { KnowledgeTestBody, KnowledgeTestResult, KnowledgeTestState } from '../../contract/protection';
import { largeInvestmentThreshold } from '../../lib/largeInvestment';
import { formatMoney } from '../../lib/format';
import { theme } from '../../lib/theme';
import { knowledgeTestMachine, type KnowledgeTestContext, type LoadedTest, type SavedAnswers } from '../../machines/knowledgeTest.machine';
import { KnowledgeTest } from '../../src/features/invest/KnowledgeTest';
import type { Language } from '../../src/config/env';
import { I18nProvider, loadDictionary, translate, translateError } from '../../src/i18n/i18n';
import { createMachineTestModel, deferredActor, expectFullCoverage, flushMicrotasks, machineCoverage, printCoverage, runPath } from '../support/model';

const RATE = 42_500;
const QUESTIONNAIRE = {
  version: '2026.1',
  questions: [
    { id: 'riskOfLoss', text: 'Q1', options: [{ id: 'partial', text: 'Part of it' }, { id: 'total', text: 'All of it' }] },
    { id: 'illiquidity', text: 'Q2', options: [{ id: 'anytime', text: 'Anytime' }, { id: 'maybeNever', text: 'Maybe never' }] },
  ],
};
const result = (over: Partial<KnowledgeTestResult> = {}): KnowledgeTestResult => ({
  takenAt: '2026-01-01T00:00:00.000Z',
  version: '2026.1',
  passed: true,
  netWorth: 200_000_00,
  affordableLoss: 20_000_00,
  riskWarningAcknowledgedAt: null,
  expiresAt: '2099-01-01T00:00:00.000Z',
  allowsOrders: true,
  ...over,
});
const state = (r: KnowledgeTestResult | null, classification: KnowledgeTestState['classification'] = 'non_sophisticated'): KnowledgeTestState => ({
  classification,
  questionnaire: QUESTIONNAIRE,
  result: r,
  largeInvestment: { eurRate: RATE, eurRateDate: '2026-01-02', threshold: largeInvestmentThreshold(RATE, r?.netWorth ?? 0) },
});
const FAILED = result({ passed: false, netWorth: 50_000_00, affordableLoss: 5_000_00, allowsOrders: false });
const ACKNOWLEDGED = { ...FAILED, riskWarningAcknowledgedAt: '2026-01-01T00:01:00.000Z', allowsOrders: true };
const LAPSED = result({ takenAt: '2023-01-01T00:00:00.000Z', expiresAt: '2025-01-01T00:00:00.000Z', allowsOrders: false });
/** Intl puts no-break spaces in amounts: compared as plain spaces. */
const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');
const failure = (status: number, code: string, context = '') => ({ status, errors: [{ code, context, message: '' }] });

const events = [
  { type: 'xstate.done.actor.loadState', output: state(null) },
  { type: 'xstate.done.actor.loadState', output: state(LAPSED) },
  { type: 'xstate.done.actor.loadState', output: state(FAILED) },
  { type: 'xstate.done.actor.loadState', output: state(result()) },
  { type: 'xstate.done.actor.loadState', output: state(null, 'sophisticated') },
  // the flow restarted mid-test (a language switch): the answers kept so far come back; one whose option
  // is no longer offered is dropped
  {
    type: 'xstate.done.actor.loadState',
    output: { ...state(null), saved: { version: '2026.1', answers: { riskOfLoss: 'total', illiquidity: 'gone' }, simulation: { yearlyIncome: '120 000', liquidAssets: '', yearlyCommitments: '' } } },
  },
  { type: 'xstate.error.actor.loadState', error: failure(500, 'INTERNAL_ERROR') },
  { type: 'knowledgeTest.retried' },
  { type: 'knowledgeTest.started' },
  { type: 'knowledgeTest.answered', question: 'riskOfLoss', option: 'total' },
  { type: 'knowledgeTest.answered', question: 'illiquidity', option: 'maybeNever' },
  { type: 'knowledgeTest.figureChanged', field: 'yearlyIncome', value: '120 000' },
  { type: 'knowledgeTest.figureChanged', field: 'yearlyIncome', value: '12,5' },
  { type: 'knowledgeTest.figureChanged', field: 'liquidAssets', value: '80000' },
  { type: 'knowledgeTest.figureChanged', field: 'yearlyCommitments', value: '0' },
  { type: 'knowledgeTest.submitted' },
  { type: 'xstate.done.actor.submitTest', output: result() },
  { type: 'xstate.done.actor.submitTest', output: FAILED },
  { type: 'xstate.error.actor.submitTest', error: failure(409, 'KNOWLEDGE_TEST_VERSION_CHANGED', 'version') },
  { type: 'knowledgeTest.continued' },
  { type: 'knowledgeTest.acknowledged' },
  { type: 'xstate.done.actor.acknowledgeRisk', output: ACKNOWLEDGED },
  { type: 'xstate.error.actor.acknowledgeRisk', error: failure(500, 'INTERNAL_ERROR') },
] as never[];

/** The value, what the guards and the view read, and the arriving transition. */
function serializeState(s: AnyMachineSnapshot, event?: EventObject, prev?: AnyMachineSnapshot): string {
  const c = s.context as KnowledgeTestContext;
  const flags = {
    answered: Object.entries(c.answers).map(([k, v]) => `${k}=${v}`).join(','),
    figures: Object.entries(c.simulation).map(([k, v]) => `${k}=${v}`).join(','),
    errors: c.errors.map((e) => `${e.code}@${e.context}`).join(','),
    result: c.result ? `${c.result.passed}` : null,
    state: c.state ? `${c.state.classification} ${c.state.result?.allowsOrders ?? null}` : null,
  };
  const via = event && prev && JSON.stringify(prev.value) !== JSON.stringify(s.value) ? ` via ${event.type} from ${JSON.stringify(prev.value)}` : event ? ` via ${event.type}` : '';
  return `${JSON.stringify(s.value)} ${JSON.stringify(flags)}${via}`;
}

const model = createMachineTestModel(knowledgeTestMachine, { events, serializeState: serializeState as never });
const paths = model.getShortestPaths();

const FIELD_LABEL: Record<string, string> = { yearlyIncome: 'protection.test.yearlyIncome', liquidAssets: 'protection.test.liquidAssets', yearlyCommitments: 'protection.test.yearlyCommitments' };

describe('knowledgeTest (model-based, through its view)', () => {
  beforeAll(async () => {
    await loadDictionary('pl');
    await loadDictionary('en');
  });

  paths.forEach((path, index) => {
    // Every path in one language, alternating: both languages walk every state.
    const language: Language = index % 2 ? 'en' : 'pl';
    const t = (key: string, params?: Record<string, string>) => translate(language, key, params);
    const name = `[${language}] ${JSON.stringify(path.state.value)} ← ${path.steps.slice(1).map((s) => s.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:').replace(/^knowledgeTest\./, '')).join(' → ') || 'start'}`;
    it(name, async () => {
      const load = deferredActor<LoadedTest, void>();
      const saves: (SavedAnswers | null)[] = [];
      const submit = deferredActor<KnowledgeTestResult, KnowledgeTestBody>();
      const acknowledge = deferredActor<KnowledgeTestResult, void>();
      let actorRef: ReturnType<typeof useActorRef<typeof knowledgeTestMachine>> | undefined;
      function Harness() {
        const actor = useActorRef(
          knowledgeTestMachine.provide({
            actors: { loadState: load.logic, submitTest: submit.logic, acknowledgeRisk: acknowledge.logic },
            actions: { saveAnswers: (_, saved) => void saves.push(saved), forgetAnswers: () => void saves.push(null) },
          }),
        );
        actorRef = actor;
        return <KnowledgeTest actor={actor} />;
      }
      const view = render(
        <ThemeProvider theme={theme}>
          <I18nProvider language={language}>
            <Harness />
          </I18nProvider>
        </ThemeProvider>,
      );
      await act(flushMicrotasks);
      const settleAll = () => act(flushMicrotasks);
      const fieldError = (name: string) => {
        const id = document.querySelector(`[name="${name}"]`)?.getAttribute('aria-describedby');
        return id ? (document.getElementById(id)?.textContent ?? null) : null;
      };

      await runPath(path, {
        states: {
          loading: () => {
            expect(screen.getByTestId('knowledge-test')).toHaveAttribute('data-view', 'loading');
          },
          loadFailed: () => {
            expect(screen.getByRole('alert')).toHaveTextContent(t('protection.test.loadFailed'));
          },
          intro: () => {
            expect(screen.getByTestId('knowledge-test')).toHaveTextContent(t('protection.test.intro'));
            expect(screen.getByTestId('knowledge-test-start')).toHaveTextContent(t('protection.test.start'));
          },
          lapsed: () => {
            expect(screen.getByTestId('knowledge-test')).toHaveTextContent(t('protection.test.lapsed'));
          },
          answering: (s) => {
            const c = s.context as KnowledgeTestContext;
            expect(screen.getByTestId('knowledge-test')).toHaveAttribute('data-view', 'answering');
            // what the page keeps for a restart is what is on the screen
            if (saves.length) expect(saves.at(-1)).toEqual({ version: '2026.1', answers: c.answers, simulation: c.simulation });
            if (c.answers.illiquidity) expect(c.answers.illiquidity).not.toBe('gone');
            // every question in a labelled group, the chosen answer checked, its error beside it
            for (const q of QUESTIONNAIRE.questions) {
              const group = screen.getByRole('group', { name: q.text });
              const error = c.errors.find((e) => e.context === `answers.${q.id}`);
              expect(group).toHaveAttribute('aria-invalid', String(Boolean(error)));
              for (const o of q.options) expect(within(group).getByRole('radio', { name: o.text })).toHaveProperty('checked', c.answers[q.id] === o.id);
            }
            for (const field of ['yearlyIncome', 'liquidAssets', 'yearlyCommitments'] as const) {
              expect(screen.getByRole('textbox', { name: new RegExp(t(FIELD_LABEL[field]).replace(/[()]/g, '\\$&')) })).toHaveValue(c.simulation[field]);
              const error = c.errors.find((e) => e.context === `simulation.${field}`);
              expect(fieldError(field)).toBe(error ? translateError(language, error.code) : null);
            }
            const other = c.errors.find((e) => !e.context.startsWith('answers.') && !e.context.startsWith('simulation.'));
            if (other) expect(screen.getByTestId('knowledge-test-errors')).toHaveTextContent(translateError(language, other.code));
          },
          submitting: () => {
            expect(screen.getByTestId('knowledge-test-submit')).toHaveAttribute('aria-busy', 'true');
            expect(screen.getByTestId('knowledge-test-submit')).toHaveTextContent(t('protection.test.submitting'));
          },
          passed: (s) => {
            // submitted: the kept answers are forgotten
            expect(saves.at(-1)).toBeNull();
            const c = s.context as KnowledgeTestContext;
            expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(t('protection.test.passedTitle'));
            expect(plain(screen.getByTestId('net-worth').textContent)).toBe(plain(formatMoney(c.result!.netWorth, language)));
            expect(plain(screen.getByTestId('affordable-loss').textContent)).toBe(plain(formatMoney(c.result!.affordableLoss, language)));
          },
          riskWarning: (s) => {
            const c = s.context as KnowledgeTestContext;
            expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(t('protection.test.warningTitle'));
            expect(screen.getAllByRole('alert')[0]).toHaveTextContent(t('protection.test.warning'));
            expect(plain(screen.getByTestId('affordable-loss').textContent)).toBe(plain(formatMoney(c.result!.affordableLoss, language)));
            for (const e of c.errors) expect(screen.getByTestId('knowledge-test-errors')).toHaveTextContent(translateError(language, e.code));
          },
          acknowledging: () => {
            expect(screen.getByTestId('risk-acknowledge')).toHaveAttribute('aria-busy', 'true');
          },
          done: (s) => {
            const c = s.context as KnowledgeTestContext;
            expect(actorRef!.getSnapshot().status).toBe('done');
            // the threshold the flow warns above: none for a sophisticated investor
            const expected = c.state!.classification === 'sophisticated' ? null : largeInvestmentThreshold(RATE, (c.result ?? c.state!.result)?.netWorth ?? 0);
            expect(actorRef!.getSnapshot().output).toEqual({ threshold: expected });
          },
        },
        events: {
          'xstate.done.actor.loadState': ({ event }) => act(() => load.resolve(event.output)),
          'xstate.error.actor.loadState': ({ event }) => act(() => load.reject(event.error)),
          'knowledgeTest.retried': async () => {
            fireEvent.click(screen.getByRole('button', { name: t('protection.test.retry') }));
            await settleAll();
          },
          'knowledgeTest.started': async () => {
            fireEvent.click(screen.getByTestId('knowledge-test-start'));
            await settleAll();
          },
          'knowledgeTest.answered': async ({ event }) => {
            const option = QUESTIONNAIRE.questions.find((q) => q.id === event.question)!.options.find((o) => o.id === event.option)!;
            fireEvent.click(screen.getByRole('radio', { name: option.text }));
            await settleAll();
          },
          'knowledgeTest.figureChanged': async ({ event }) => {
            fireEvent.change(document.querySelector(`[name="${event.field}"]`)!, { target: { value: event.value } });
            await settleAll();
          },
          'knowledgeTest.submitted': async () => {
            fireEvent.submit(screen.getByTestId('knowledge-test'));
            await settleAll();
          },
          'xstate.done.actor.submitTest': async ({ event }) => {
            // whole złoty typed, grosze sent; the version the investor saw
            expect(submit.calls.at(-1)).toEqual({
              version: '2026.1',
              answers: { riskOfLoss: 'total', illiquidity: 'maybeNever' },
              simulation: { yearlyIncome: 120_000_00, liquidAssets: 80_000_00, yearlyCommitments: 0 },
            });
            await act(() => submit.resolve(event.output));
          },
          'xstate.error.actor.submitTest': ({ event }) => act(() => submit.reject(event.error)),
          'knowledgeTest.continued': async () => {
            fireEvent.click(screen.getByTestId('knowledge-test-continue'));
            await settleAll();
          },
          'knowledgeTest.acknowledged': async () => {
            fireEvent.click(screen.getByTestId('risk-acknowledge'));
            await settleAll();
          },
          'xstate.done.actor.acknowledgeRisk': ({ event }) => act(() => acknowledge.resolve(event.output)),
          'xstate.error.actor.acknowledgeRisk': ({ event }) => act(() => acknowledge.reject(event.error)),
        },
      });
      view.unmount();
    });
  });

  it('covers every state and transition of the chart', () => {
    const result = machineCoverage(knowledgeTestMachine, paths);
    printCoverage(result);
    expectFullCoverage(result);
  });
});
