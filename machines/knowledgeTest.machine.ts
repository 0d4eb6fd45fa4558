// The entry knowledge test and the simulation of the ability to bear loss (ECSP Art. 21), which a
// non-sophisticated investor passes before ordering; the investment flow invokes this chart when the
// investor has no valid result, and goes on when it is done.
//
// It reads the investor's state (`loadState`: GET /investor/knowledge-test, the questionnaire in the current
// language, the classification and the latest result) and decides: a sophisticated investor, or a valid
// result (passed, or failed with the warning acknowledged), is done at once; a failed result not yet
// acknowledged shows the risk warning; a lapsed result (older than 2 years) says so and asks for the test
// again; no result starts with an introduction. The investor answers every question and types the three
// figures of the simulation (whole złoty); the answers go to the server (`submitTest`), which scores them.
// A pass shows the result (net worth, the 10% they can afford to lose); a fail shows the risk warning,
// which must be acknowledged (`acknowledgeRisk`) before the flow continues. The chart does no I/O.
// A switch of language mid-test restarts the flow (keyed by language) and this chart with it: the answers
// given so far are kept by the page (`saveAnswers`, provided) and come back with the state (`saved`), which
// sends the investor straight back to the questions; they are forgotten once submitted (`forgetAnswers`).
import { assign, fromPromise, setup } from 'xstate';
import type { ErrorItem } from '../contract/envelope';
import type { KnowledgeTestBody, KnowledgeTestResult, KnowledgeTestState } from '../contract/protection';
import { largeInvestmentThreshold } from '../lib/largeInvestment';
import { described } from './descriptions/describe';
import descriptions from './descriptions/knowledgeTest';

export const SIMULATION_FIELDS = ['yearlyIncome', 'liquidAssets', 'yearlyCommitments'] as const;
export type SimulationField = (typeof SIMULATION_FIELDS)[number];

export interface KnowledgeTestContext {
  state: KnowledgeTestState | null;
  /** question id → option id */
  answers: Record<string, string>;
  /** the simulation's figures as typed, in whole złoty */
  simulation: Record<SimulationField, string>;
  result: KnowledgeTestResult | null;
  errors: ErrorItem[];
}

/**
 * Answers given so far, kept by the page while the test is open (the flow restarts when the language is
 * switched mid-test, and the answers must survive it); forgotten once the test is submitted.
 */
export interface SavedAnswers {
  version: string;
  answers: Record<string, string>;
  simulation: Record<SimulationField, string>;
}

/** What `loadState` answers: the server's state, and the answers saved before a restart (or null). */
export type LoadedTest = KnowledgeTestState & { saved?: SavedAnswers | null };

/** The saved answers that still fit the questionnaire (same version, known questions and options). */
export function restoredOf(state: KnowledgeTestState, saved: SavedAnswers | null | undefined): Pick<KnowledgeTestContext, 'answers' | 'simulation'> {
  const empty = { yearlyIncome: '', liquidAssets: '', yearlyCommitments: '' };
  if (!saved || saved.version !== state.questionnaire.version) return { answers: {}, simulation: empty };
  const answers: Record<string, string> = {};
  for (const q of state.questionnaire.questions) {
    const option = saved.answers[q.id];
    if (option && q.options.some((o) => o.id === option)) answers[q.id] = option;
  }
  const simulation = { ...empty };
  for (const field of SIMULATION_FIELDS) if (typeof saved.simulation?.[field] === 'string') simulation[field] = saved.simulation[field];
  return { answers, simulation };
}

/** What the flow needs once the test is done: the large-investment threshold for this investor (grosze), or null when none applies. */
export interface KnowledgeTestOutput {
  threshold: number | null;
}

export type KnowledgeTestEvent =
  | { type: 'knowledgeTest.started' }
  | { type: 'knowledgeTest.answered'; question: string; option: string }
  | { type: 'knowledgeTest.figureChanged'; field: SimulationField; value: string }
  | { type: 'knowledgeTest.submitted' }
  | { type: 'knowledgeTest.continued' }
  | { type: 'knowledgeTest.acknowledged' }
  | { type: 'knowledgeTest.retried' };

const GENERIC: ErrorItem = { code: 'GENERIC', context: '', message: '' };

function errorsOf(error: unknown): ErrorItem[] {
  const list = (error as { errors?: ErrorItem[] } | undefined)?.errors;
  return Array.isArray(list) && list.length ? list : [GENERIC];
}

/** Whole złoty as typed ("12 000" is fine) → grosze, or null when it is not a whole non-negative amount. */
export function zlotyToGrosze(text: string): number | null {
  const digits = text.replace(/[\s\u00a0]/g, '');
  if (!/^\d{1,11}$/.test(digits)) return null;
  return Number(digits) * 100;
}

/** The answers and figures the investor has not given yet, as errors beside their fields. */
export function missingOf(context: Pick<KnowledgeTestContext, 'state' | 'answers' | 'simulation'>): ErrorItem[] {
  const errors: ErrorItem[] = [];
  for (const q of context.state?.questionnaire.questions ?? []) {
    if (!context.answers[q.id]) errors.push({ code: 'IS_EMPTY', context: `answers.${q.id}`, message: '' });
  }
  for (const field of SIMULATION_FIELDS) {
    const text = context.simulation[field];
    if (text.trim() === '') errors.push({ code: 'IS_EMPTY', context: `simulation.${field}`, message: '' });
    else if (zlotyToGrosze(text) === null) errors.push({ code: 'VALUE_NOT_VALID', context: `simulation.${field}`, message: '' });
  }
  return errors;
}

export function bodyOf(context: Pick<KnowledgeTestContext, 'state' | 'answers' | 'simulation'>): KnowledgeTestBody {
  return {
    version: context.state!.questionnaire.version,
    answers: { ...context.answers },
    simulation: {
      yearlyIncome: zlotyToGrosze(context.simulation.yearlyIncome)!,
      liquidAssets: zlotyToGrosze(context.simulation.liquidAssets)!,
      yearlyCommitments: zlotyToGrosze(context.simulation.yearlyCommitments)!,
    },
  };
}

/** The threshold with the net worth of the latest result (a sophisticated investor is not warned). */
export function outputOf(context: Pick<KnowledgeTestContext, 'state' | 'result'>): KnowledgeTestOutput {
  const state = context.state;
  if (!state || state.classification === 'sophisticated' || !state.largeInvestment) return { threshold: null };
  const netWorth = (context.result ?? state.result)?.netWorth ?? 0;
  return { threshold: largeInvestmentThreshold(state.largeInvestment.eurRate, netWorth) };
}

export const knowledgeTestMachine = described(setup({
  types: {
    context: {} as KnowledgeTestContext,
    events: {} as KnowledgeTestEvent,
    output: {} as KnowledgeTestOutput,
    tags: {} as 'busy',
  },
  actors: {
    loadState: fromPromise<LoadedTest, void>(async () => {
      throw new Error('loadState actor not provided');
    }),
    submitTest: fromPromise<KnowledgeTestResult, KnowledgeTestBody>(async () => {
      throw new Error('submitTest actor not provided');
    }),
    acknowledgeRisk: fromPromise<KnowledgeTestResult, void>(async () => {
      throw new Error('acknowledgeRisk actor not provided');
    }),
  },
  actions: {
    /** the answers changed: the page keeps them for a restart (provided) */
    saveAnswers: (_, _params: SavedAnswers) => {},
    /** submitted: the page forgets the kept answers (provided) */
    forgetAnswers: () => {},
  },
  guards: {
    /** answers saved before the flow restarted (a language switch mid-test): back to the questions */
    resuming: ({ context }) => Object.keys(context.answers).length > 0 || Object.values(context.simulation).some((v) => v !== ''),
    allowed: ({ context }) => context.state?.classification === 'sophisticated' || context.state?.result?.allowsOrders === true,
    /** failed, still valid, its warning not yet acknowledged: straight to the warning */
    awaitsAcknowledgement: ({ context }) => {
      const r = context.state?.result;
      return r != null && !r.passed && r.riskWarningAcknowledgedAt === null && Date.parse(r.expiresAt) > Date.now();
    },
    lapsed: ({ context }) => context.state?.result != null,
    incomplete: ({ context }) => missingOf(context).length > 0,
    passed: (_, params: { result: KnowledgeTestResult }) => params.result.passed,
  },
}).createMachine({
  id: 'knowledgeTest',
  context: {
    state: null,
    answers: {},
    simulation: { yearlyIncome: '', liquidAssets: '', yearlyCommitments: '' },
    result: null,
    errors: [],
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadState',
        src: 'loadState',
        onDone: {
          target: 'deciding',
          actions: assign(({ event }) => {
            const { saved, ...state } = event.output;
            return { state, errors: [], ...restoredOf(state, saved) };
          }),
        },
        onError: { target: 'loadFailed', actions: assign({ errors: ({ event }) => errorsOf(event.error) }) },
      },
    },
    loadFailed: {
      on: { 'knowledgeTest.retried': 'loading' },
    },
    deciding: {
      always: [
        { guard: 'allowed', target: 'done' },
        { guard: 'awaitsAcknowledgement', target: 'riskWarning', actions: assign({ result: ({ context }) => context.state!.result }) },
        { guard: 'resuming', target: 'answering' },
        { guard: 'lapsed', target: 'lapsed' },
        { target: 'intro' },
      ],
    },
    // No result yet: why the test is asked for, and what it takes.
    intro: {
      on: { 'knowledgeTest.started': 'answering' },
    },
    // The result is older than 2 years: the test is taken again.
    lapsed: {
      on: { 'knowledgeTest.started': 'answering' },
    },
    answering: {
      on: {
        'knowledgeTest.answered': {
          actions: [
            assign({
              answers: ({ context, event }) => ({ ...context.answers, [event.question]: event.option }),
              errors: ({ context, event }) => context.errors.filter((e) => e.context !== `answers.${event.question}`),
            }),
            {
              type: 'saveAnswers',
              params: ({ context, event }) => ({ version: context.state!.questionnaire.version, answers: { ...context.answers, [event.question]: event.option }, simulation: context.simulation }),
            },
          ],
        },
        'knowledgeTest.figureChanged': {
          actions: [
            assign({
              simulation: ({ context, event }) => ({ ...context.simulation, [event.field]: event.value }),
              errors: ({ context, event }) => context.errors.filter((e) => e.context !== `simulation.${event.field}`),
            }),
            {
              type: 'saveAnswers',
              params: ({ context, event }) => ({ version: context.state!.questionnaire.version, answers: context.answers, simulation: { ...context.simulation, [event.field]: event.value } }),
            },
          ],
        },
        'knowledgeTest.submitted': [
          { guard: 'incomplete', actions: assign({ errors: ({ context }) => missingOf(context) }) },
          { target: 'submitting', actions: assign({ errors: [] }) },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitTest',
        src: 'submitTest',
        input: ({ context }) => bodyOf(context),
        onDone: [
          { guard: { type: 'passed', params: ({ event }) => ({ result: event.output }) }, target: 'passed', actions: [assign({ result: ({ event }) => event.output }), 'forgetAnswers'] },
          { target: 'riskWarning', actions: [assign({ result: ({ event }) => event.output }), 'forgetAnswers'] },
        ],
        onError: { target: 'answering', actions: assign({ errors: ({ event }) => errorsOf(event.error) }) },
      },
    },
    // Passed: the result with the simulation's figures; the investor continues to the order.
    passed: {
      on: { 'knowledgeTest.continued': 'done' },
    },
    // Failed: the investment may not suit them; they may go on only after acknowledging it.
    riskWarning: {
      on: { 'knowledgeTest.acknowledged': { target: 'acknowledging', actions: assign({ errors: [] }) } },
    },
    acknowledging: {
      tags: ['busy'],
      invoke: {
        id: 'acknowledgeRisk',
        src: 'acknowledgeRisk',
        onDone: { target: 'done', actions: assign({ result: ({ event }) => event.output }) },
        onError: { target: 'riskWarning', actions: assign({ errors: ({ event }) => errorsOf(event.error) }) },
      },
    },
    done: {
      type: 'final',
    },
  },
  output: ({ context }) => outputOf(context),
}), descriptions);
