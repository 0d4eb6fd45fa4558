// Model-based testing support (xstate/graph): inject I/O, key states, measure coverage.
//
//   import { createMachineTestModel, deferredActor, byValueAnd, machineCoverage,
//            printCoverage, expectFullCoverage } from '../support/model';
//
// Coverage is measured, not predicted: every path a model hands out is registered, and a path counts only
// once its `path.test(...)` has run to the end inside a test that passed. `machineCoverage(machine, paths)`
// counts those paths alone and lists the others as not run; after each test file, a hook of the web
// project's setup (`checkMeasuredCoverage`) prints one line per machine the file modelled and fails the
// file when a path did not run (skipped, filtered out, or failed) or a state or transition was never
// reached. `pathsCoverage` is the prediction (what paths would cover), for tests of this harness itself.
//
// Why `createMachineTestModel` and not `createTestModel`: xstate's `createTestModel` refuses machines
// with `invoke` or `after` ("Invocations on test machines are not supported"), and all our machines
// invoke their I/O. The traversal itself handles them fine (it never starts invoked actors; it sends
// `xstate.done.actor.<id>` / `xstate.error.actor.<id>` / `xstate.after.<delay>.<state>` as ordinary
// events), so this is the same model with the same defaults, minus that check.
import {
  fromPromise,
  getInitialMicrosteps,
  getMicrosteps,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventFromLogic,
  type EventObject,
  type InputFrom,
  type PromiseActorLogic,
  type Snapshot,
  type SnapshotFrom,
} from 'xstate';
import { mkdirSync, writeFileSync } from 'node:fs';
import nodePath from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect as vitestExpect, onTestFinished } from 'vitest';
import {
  TestModel,
  serializeSnapshot,
  type TestModelOptions,
  type TestParam,
  type TestPath,
  type TestPathResult,
} from 'xstate/graph';
import { chartEdges, chartStates, type ChartEdge } from '../../scripts/statecharts/graph';

// ---------------------------------------------------------------------------------------------------
// Test model

type MachineModelOptions<TMachine extends AnyStateMachine> = Partial<
  TestModelOptions<SnapshotFrom<TMachine>, EventFromLogic<TMachine>, InputFrom<TMachine>>
>;

/**
 * `createTestModel(machine, options)` from xstate/graph, without its refusal of `invoke`/`after`.
 * Same defaults: every event the active states handle is tried (with the payload variants you pass in
 * `events`), `states` keys are matched with `snapshot.matches(key)` or `#id`, and states are keyed by
 * value + context + arriving transition unless you pass `serializeState` (use `byValueAnd`).
 */
export function createMachineTestModel<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options?: MachineModelOptions<TMachine> & {
    /** false: the paths are not registered for the measured coverage (tests of this harness only) */
    measure?: boolean;
    /**
     * Only these event types are tried (default: every event the active states handle). For a model of one
     * region of a parallel chart, whose other region another model walks.
     */
    eventTypes?: readonly string[];
    /**
     * Only the events `events` gives for a state, no bare `{ type }` for the other types the state handles: for
     * charts whose events carry what no bare event can stand for (a child's snapshot).
     */
    givenOnly?: boolean;
  },
): TestModel<SnapshotFrom<TMachine>, EventFromLogic<TMachine>, unknown> {
  const { events: getEvents, measure = true, eventTypes, givenOnly = false, ...otherOptions } = options ?? {};
  type S = SnapshotFrom<TMachine>;
  type E = EventFromLogic<TMachine>;
  const Model = measure ? MeasuredTestModel : TestModel;
  return new Model<S, E, unknown>(machine as never, {
    serializeState: (state, event, prevState) =>
      `${serializeSnapshot(state as never)}${transitionSuffix(state as never, event, prevState as never, true)}`,
    stateMatcher: (state, key) => {
      const snap = state as unknown as AnyMachineSnapshot;
      return key.startsWith('#') ? snap._nodes.includes(machine.getStateNodeById(key)) : snap.matches(key as never);
    },
    events: (state) => {
      const given = typeof getEvents === 'function' ? getEvents(state) : (getEvents ?? []);
      const own = [...new Set((state as unknown as AnyMachineSnapshot)._nodes.flatMap((n) => n.ownEvents))].filter(
        (type) => !eventTypes || eventTypes.includes(type),
      );
      return own.flatMap((type) => {
        const variants = given.filter((e) => e.type === type);
        return variants.length || givenOnly ? variants : [{ type } as E];
      });
    },
    ...(otherOptions as object),
  });
}

// ---------------------------------------------------------------------------------------------------
// Measured coverage: which paths ran, to the end, in a test that passed

interface Registered {
  input: unknown;
  description: string;
}
interface MachineRecord {
  /** every path a model of this machine handed out, in order */
  paths: Map<object, Registered>;
  /** the paths whose test ran to the end inside a test that passed */
  passed: Set<object>;
  /** path steps -> path: `testPath` is handed the steps, not the path object */
  bySteps: Map<unknown, object>;
}
/** lines printCoverage printed, so the end-of-file check does not print the same figure twice */
const printed = new Set<string>();
/**
 * Per test file, then per machine. The web project shares modules between the files a worker runs, and a
 * worker may collect several files (their models hand out paths) before it runs the first one's tests.
 */
const recordsByFile = new Map<string, Map<AnyStateMachine, MachineRecord>>();
function currentTestFile(): string {
  try {
    return vitestExpect.getState().testPath ?? 'unknown';
  } catch {
    return 'unknown'; // outside a vitest worker (e.g. Playwright imports this module)
  }
}
function fileRecords(file = currentTestFile()): Map<AnyStateMachine, MachineRecord> {
  let records = recordsByFile.get(file);
  if (!records) recordsByFile.set(file, (records = new Map()));
  return records;
}
const recordOf = (machine: AnyStateMachine): MachineRecord => {
  const records = fileRecords();
  let r = records.get(machine);
  if (!r) records.set(machine, (r = { paths: new Map(), passed: new Set(), bySteps: new Map() }));
  return r;
};

/** A TestModel whose paths are registered when handed out and marked when their test passed. */
class MeasuredTestModel<S extends Snapshot<unknown>, E extends EventObject, I> extends TestModel<S, E, I> {
  private registering = true;

  override getPaths(...args: Parameters<TestModel<S, E, I>['getPaths']>): Array<TestPath<S, E>> {
    const paths = super.getPaths(...args);
    if (this.registering) this.register(paths, args[1]?.input);
    return paths;
  }

  override getShortestPathsFrom(...args: Parameters<TestModel<S, E, I>['getShortestPathsFrom']>) {
    return this.joined(() => super.getShortestPathsFrom(...args), args[1]?.input);
  }

  override getSimplePathsFrom(...args: Parameters<TestModel<S, E, I>['getSimplePathsFrom']>) {
    return this.joined(() => super.getSimplePathsFrom(...args), args[1]?.input);
  }

  override getPathsFromEvents(...args: Parameters<TestModel<S, E, I>['getPathsFromEvents']>) {
    const paths = super.getPathsFromEvents(...args);
    this.register(paths, args[1]?.input);
    return paths;
  }

  override async testPath(...args: Parameters<TestModel<S, E, I>['testPath']>): Promise<TestPathResult> {
    const result = await super.testPath(...args);
    // Every step ran and matched; the path counts when the test around it passes as a whole.
    const record = recordOf(this.testLogic as unknown as AnyStateMachine);
    const path = record.bySteps.get(args[0].steps);
    if (path) {
      try {
        onTestFinished(({ task }) => {
          if (task.result?.state === 'pass') record.passed.add(path);
        });
      } catch {
        record.passed.add(path); // run outside a test (a script): it ran to the end
      }
    }
    return result;
  }

  private joined(get: () => Array<TestPath<S, E>>, input: unknown) {
    this.registering = false; // the partial paths joined inside are not paths of their own
    try {
      const paths = get();
      this.register(paths, input);
      return paths;
    } finally {
      this.registering = true;
    }
  }

  private register(paths: Array<TestPath<S, E>>, input: unknown) {
    const record = recordOf(this.testLogic as unknown as AnyStateMachine);
    const modelInput = input ?? (this.options as { input?: unknown }).input;
    for (const path of paths) {
      record.paths.set(path, { input: modelInput, description: path.description });
      record.bySteps.set(path.steps, path);
    }
  }
}

/**
 * A model step as handlers see it. `event` is loosely typed on purpose: the model also sends
 * `xstate.done.actor.<id>` ({ output }), `xstate.error.actor.<id>` ({ error }) and `xstate.after.*`.
 */
export interface ModelStep<TSnapshot> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  event: EventObject & { output?: any; error?: unknown; [key: string]: any };
  state: TSnapshot;
}

export interface ModelTestParams<TSnapshot> {
  /** state value / `#id` / `'*'` (fallthrough) -> assertion on what the user sees */
  states?: Record<string, (state: TSnapshot) => void | Promise<void>>;
  /** event type (any, including xstate.done.actor.* / xstate.error.actor.* / xstate.after.*) -> what the test does */
  events?: Record<string, (step: ModelStep<TSnapshot>) => unknown>;
}

/**
 * `path.test(params)` with handler keys and payloads typed loosely, so handlers for invoke results and
 * delays need no casts: `await runPath(path, { events: { 'xstate.done.actor.loadX': ({ event }) => d.resolve(event.output) } })`.
 */
export function runPath<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject>(
  path: TestPath<TSnapshot, TEvent>,
  params: ModelTestParams<TSnapshot>,
): Promise<TestPathResult> {
  return path.test(params as unknown as TestParam<TSnapshot, TEvent>);
}

/** A `xstate.done.actor.<id>` event for a model's `events` option (payload variant). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function doneEvent<TOutput>(actorId: string, output: TOutput): any {
  return { type: `xstate.done.actor.${actorId}`, output, actorId };
}

/** A `xstate.error.actor.<id>` event for a model's `events` option (payload variant). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function errorEvent(actorId: string, error: unknown): any {
  return { type: `xstate.error.actor.${actorId}`, error, actorId };
}

function transitionSuffix(
  state: AnyMachineSnapshot,
  event: EventObject | undefined,
  prev: AnyMachineSnapshot | undefined,
  skipWhenSameValue: boolean,
): string {
  if (!event || !prev) return '';
  if (skipWhenSameValue && JSON.stringify(prev.value) === JSON.stringify(state.value)) return '';
  return ` via ${event.type} from ${JSON.stringify(prev.value)}`;
}

function pick(context: unknown, keys: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const ctx = (context ?? {}) as Record<string, unknown>;
  for (const k of keys) out[k] = ctx[k];
  return out;
}

/**
 * A `serializeState` that keys a state by `JSON.stringify(snapshot.value)` plus the named context fields
 * (the default keys by the whole context, which makes traversal endless when the context keeps changing),
 * plus the arriving event type and previous value — so shortest paths exercise every transition
 * (including targetless ones), not only reach every value. The number of keys stays bounded:
 * values x events x values x (distinct values of the chosen fields).
 */
export function byValueAnd(...contextKeys: string[]) {
  return (state: AnyMachineSnapshot, event?: EventObject, prevState?: AnyMachineSnapshot): string =>
    JSON.stringify(state.value) +
    (contextKeys.length ? ' ' + JSON.stringify(pick(state.context, contextKeys)) : '') +
    transitionSuffix(state, event, prevState, false);
}

/** Like `byValueAnd` but without the arriving transition: one key per value (+ fields). Fewer, shorter paths. */
export function byStateOnly(...contextKeys: string[]) {
  return (state: AnyMachineSnapshot): string =>
    JSON.stringify(state.value) + (contextKeys.length ? ' ' + JSON.stringify(pick(state.context, contextKeys)) : '');
}

// ---------------------------------------------------------------------------------------------------
// Deferred I/O

export interface DeferredActor<TOutput, TInput = unknown> {
  /** Give this to `machine.provide({ actors: { loadX: d.logic } })`. */
  logic: PromiseActorLogic<TOutput, TInput>;
  /** The input of every invocation, in order (also the ones that were cancelled). */
  calls: TInput[];
  /** Settle the current pending invocation with `output`; resolves once the actor system has reacted. */
  resolve(output: TOutput): Promise<void>;
  /** Fail the current pending invocation with `error`; resolves once the actor system has reacted. */
  reject(error: unknown): Promise<void>;
  /** Is an invocation running and unsettled? (A getter: read it each time, don't destructure it.) */
  readonly pending: boolean;
  /** The AbortSignal of the current pending invocation (aborted when the machine leaves the state). */
  readonly signal: AbortSignal | undefined;
}

/** Let promise callbacks and the actor mailboxes run (microtasks only, so it works under fake timers). */
export async function flushMicrotasks(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i++) await Promise.resolve();
}

/**
 * A `fromPromise` logic whose promise settles only when the test says so. Every invocation creates a
 * fresh deferred and records its input in `calls`; `resolve`/`reject` settle the CURRENT pending one
 * (and throw if none is pending). Leaving the invoking state aborts the invocation: it stops being
 * pending and a later resolve/reject goes to the next invocation.
 *
 * In a model's `events`: `'xstate.done.actor.loadX': ({ event }) => d.resolve(event.output)`.
 */
export function deferredActor<TOutput, TInput = unknown>(): DeferredActor<TOutput, TInput> {
  interface Call {
    resolve: (v: TOutput) => void;
    reject: (e: unknown) => void;
    signal: AbortSignal;
  }
  const calls: TInput[] = [];
  let current: Call | undefined;

  const logic = fromPromise<TOutput, TInput>(({ input, signal }) => {
    calls.push(input);
    return new Promise<TOutput>((resolve, reject) => {
      const call: Call = { resolve, reject, signal };
      current = call;
      signal.addEventListener(
        'abort',
        () => {
          if (current === call) current = undefined;
        },
        { once: true },
      );
    });
  });

  const settle = async (what: 'resolve' | 'reject', fn: (c: Call) => void) => {
    const call = current;
    if (!call) {
      throw new Error(
        `deferredActor.${what}(): no invocation is pending (${calls.length} so far). ` +
          'Is the machine in the state that invokes this actor, and was it provided with d.logic?',
      );
    }
    current = undefined;
    fn(call);
    await flushMicrotasks();
  };

  return {
    logic,
    calls,
    resolve: (output) => settle('resolve', (c) => c.resolve(output)),
    reject: (error) => settle('reject', (c) => c.reject(error)),
    get pending() {
      return current !== undefined;
    },
    get signal() {
      return current?.signal;
    },
  };
}

/**
 * The delay in ms behind a delayed event type (`xstate.after.6000.fetch.loading` -> 6000; a named delay
 * from `setup({ delays })` is looked up on the machine). For `vi.advanceTimersByTime(delayOf(m, type))`.
 */
export function delayOf(machine: AnyStateMachine, eventType: string): number {
  const m = /^xstate\.after\.(.+)\.[^.]+(?:\..+)?$/.exec(eventType);
  const edge = chartEdges(machine).find((e) => e.kind === 'after' && e.eventType === eventType);
  if (edge?.delayMs !== undefined) return edge.delayMs;
  if (m && /^\d+/.test(m[1])) return parseInt(m[1], 10);
  throw new Error(`delayOf: cannot resolve the delay of ${eventType} (a function delay?)`);
}

// ---------------------------------------------------------------------------------------------------
// Coverage

export interface CoverageFigure {
  covered: number;
  total: number;
  missing: string[];
}

export interface CoverageResult {
  machine: string;
  states: CoverageFigure;
  transitions: CoverageFigure;
  /** paths a model handed out whose test did not run to the end in a passing test (measured coverage) */
  notRun?: string[];
}

interface PathLike {
  steps: ReadonlyArray<{ state: unknown; event: EventObject }>;
  state?: unknown;
}

const nodesOf = (s: unknown): AnyStateNode[] => ((s as AnyMachineSnapshot | undefined)?._nodes ?? []) as AnyStateNode[];

/**
 * Measured coverage: states and transitions visited by those of `paths` whose test ran to the end inside a
 * test that passed, over all of the machine's; the rest are listed in `notRun` (and `expectFullCoverage`
 * fails on them). Paths that no model of this harness handed out (built by hand) count as given.
 * Call it after the path tests, e.g. in the file's last test.
 */
export function machineCoverage(
  machine: AnyStateMachine,
  paths: ReadonlyArray<PathLike>,
  options: { input?: unknown } = {},
): CoverageResult {
  const record = fileRecords().get(machine);
  const registered = (p: PathLike) => record?.paths.has(p as object) ?? false;
  const ran = paths.filter((p) => !registered(p) || record!.passed.has(p as object));
  const notRun = paths.filter((p) => registered(p) && !record!.passed.has(p as object));
  return { ...pathsCoverage(machine, ran, options), notRun: notRun.map((p) => record!.paths.get(p as object)!.description) };
}

/**
 * After a test file (the web project's setup calls it in `afterAll`): for every machine whose model handed
 * out paths in this file, the coverage of the paths that ran and passed, merged over the models' inputs.
 * Prints the line (unless the file printed that very line already) and throws when a path did not run or
 * a state or transition was never reached, which fails the file.
 */
export function checkMeasuredCoverage(): CoverageResult[] {
  const results: CoverageResult[] = [];
  const failures: string[] = [];
  const file = currentTestFile();
  for (const [machine, record] of fileRecords(file)) {
    if (record.paths.size === 0) continue;
    const byInput = new Map<string, { input: unknown; paths: object[] }>();
    for (const [path, { input }] of record.paths) {
      const key = safeKey(input ?? null);
      const group = byInput.get(key) ?? { input, paths: [] };
      group.paths.push(path);
      byInput.set(key, group);
    }
    const result = mergeCoverage(
      [...byInput.values()].map(({ input, paths }) => machineCoverage(machine, paths as PathLike[], { input })),
    );
    results.push(result);
    writeCoverageFragment(result);
    const line = formatCoverage(result);
    if (!printed.has(line)) console.log(line);
    try {
      expectFullCoverage(result);
    } catch (error) {
      failures.push((error as Error).message);
    }
  }
  recordsByFile.delete(file);
  printed.clear();
  if (failures.length) throw new Error(`measured model coverage:\n${failures.join('\n')}`);
  return results;
}

/** Where each test file's measured coverage goes (scripts/coverage-report.mjs merges it; gitignored). */
export const COVERAGE_FRAGMENTS_DIR = nodePath.resolve(nodePath.dirname(fileURLToPath(import.meta.url)), '../../reports/coverage/model');

/**
 * One JSON file per (test file, machine): vitest runs files in parallel workers, so each writes its own and
 * `npm test` merges them after the web stage (reports/coverage/coverage.json and index.html).
 */
function writeCoverageFragment(result: CoverageResult): void {
  const testPath = currentTestFile();
  const file = nodePath.relative(nodePath.resolve(COVERAGE_FRAGMENTS_DIR, '../../..'), testPath).split(nodePath.sep).join('/');
  try {
    mkdirSync(COVERAGE_FRAGMENTS_DIR, { recursive: true });
    writeFileSync(
      nodePath.join(COVERAGE_FRAGMENTS_DIR, `${file.replace(/[^A-Za-z0-9_.-]+/g, '_')}--${result.machine}.json`),
      `${JSON.stringify({ kind: 'model', file, ...result, writtenAt: new Date().toISOString() }, null, 2)}\n`,
    );
  } catch (error) {
    console.warn(`could not write the coverage fragment of ${result.machine}: ${(error as Error).message}`);
  }
}

/** Drops what was recorded for `machine` (tests of this harness that leave paths unrun on purpose). */
export function forgetMeasuredCoverage(machine: AnyStateMachine): void {
  fileRecords().delete(machine);
}

/** Union of coverage results of the same machine (e.g. models started with different inputs). */
export function mergeCoverage(results: CoverageResult[]): CoverageResult {
  const [first, ...rest] = results;
  const intersect = (pick: (r: CoverageResult) => string[]) =>
    rest.reduce((missing, r) => missing.filter((m) => pick(r).includes(m)), pick(first));
  const states = intersect((r) => r.states.missing);
  const transitions = intersect((r) => r.transitions.missing);
  const notRun = [...new Set(results.flatMap((r) => r.notRun ?? []))];
  return {
    machine: first.machine,
    states: { total: first.states.total, covered: first.states.total - states.length, missing: states },
    transitions: { total: first.transitions.total, covered: first.transitions.total - transitions.length, missing: transitions },
    ...(results.some((r) => r.notRun) ? { notRun } : {}),
  };
}

/**
 * Predicted coverage: states and transitions `paths` would visit, over all of the machine's, whether or
 * not a test ran them (for tests of this harness; model tests report `machineCoverage`).
 *
 * States: every state node below the root (history pseudo-states excluded); visited when active in a
 * step's snapshot or in one of the microsteps between steps (so transient states that an `always`
 * passes through count).
 * Transitions: the edges of `chartEdges` (toDirectedGraph + `always`). An evented or delayed edge is
 * visited when XState selects that very transition for the step's event from the previous snapshot
 * (`machine.getTransitionData`, so guards and child-over-parent priority are honoured; targetless
 * transitions count when selected). An `always` edge is visited when, between two consecutive microsteps
 * of a step (including the initial one), its source was active before and its target after — the first
 * such `always` of a source in document order.
 */
export function pathsCoverage(
  machine: AnyStateMachine,
  paths: ReadonlyArray<PathLike>,
  options: { input?: unknown } = {},
): CoverageResult {
  const states = chartStates(machine).filter((n) => n.type !== 'history');
  const edges = chartEdges(machine);
  const byTransition = new Map<AnyTransitionDefinition, ChartEdge[]>();
  for (const e of edges) {
    if (e.kind === 'always') continue;
    byTransition.set(e.transition, [...(byTransition.get(e.transition) ?? []), e]);
  }
  const alwaysBySource = new Map<AnyStateNode, ChartEdge[]>();
  for (const e of edges) {
    if (e.kind === 'always') alwaysBySource.set(e.source, [...(alwaysBySource.get(e.source) ?? []), e]);
  }

  const visitedStates = new Set<AnyStateNode>();
  const visitedEdges = new Set<ChartEdge>();
  const memo = new Set<string>();

  const markAlways = (micro: unknown[]) => {
    for (let k = 1; k < micro.length; k++) {
      const before = new Set(nodesOf(micro[k - 1]));
      const after = new Set(nodesOf(micro[k]));
      for (const [source, list] of alwaysBySource) {
        if (!before.has(source)) continue;
        const hit = list.find((e) => !e.targetless && after.has(e.target));
        if (hit) visitedEdges.add(hit);
      }
    }
  };

  for (const path of paths) {
    let prev: unknown;
    for (const step of path.steps) {
      for (const n of nodesOf(step.state)) visitedStates.add(n);
      // Identical (previous state, event) pairs recur across paths: compute each once.
      const key = prev === undefined ? `init ${JSON.stringify(options.input ?? null)}` : `${safeKey(prev)} ${safeKey(step.event)}`;
      if (!memo.has(key)) {
        memo.add(key);
        if (prev === undefined) {
          let micro: unknown[];
          try {
            micro = getInitialMicrosteps(machine, options.input as never).map(([s]) => s);
          } catch {
            micro = [step.state];
          }
          for (const s of micro) for (const n of nodesOf(s)) visitedStates.add(n);
          markAlways(micro);
        } else {
          let selected: AnyTransitionDefinition[] | undefined;
          try {
            selected = machine.getTransitionData(prev as never, step.event as never) as AnyTransitionDefinition[];
          } catch {
            selected = undefined;
          }
          if (selected) {
            for (const t of selected) for (const e of byTransition.get(t) ?? []) visitedEdges.add(e);
          } else {
            // Fallback when guards cannot be evaluated outside an actor: match by event and activity.
            const before = new Set(nodesOf(prev));
            const after = new Set(nodesOf(step.state));
            for (const e of edges) {
              if (e.kind === 'always' || e.eventType !== step.event.type || !before.has(e.source)) continue;
              if (e.targetless || after.has(e.target)) visitedEdges.add(e);
            }
          }
          let micro: unknown[];
          try {
            micro = getMicrosteps(machine, prev as never, step.event as never).map(([s]) => s);
          } catch {
            micro = [];
          }
          for (const s of micro) for (const n of nodesOf(s)) visitedStates.add(n);
          markAlways(micro); // micro[0] is the event's own microstep; `always` fires between later ones
        }
      }
      prev = step.state;
    }
    if (path.state) for (const n of nodesOf(path.state)) visitedStates.add(n);
  }

  const missingStates = states.filter((n) => !visitedStates.has(n)).map((n) => n.id);
  const missingEdges = edges.filter((e) => !visitedEdges.has(e)).map((e) => e.id);
  return {
    machine: machine.id,
    states: { covered: states.length - missingStates.length, total: states.length, missing: missingStates },
    transitions: { covered: edges.length - missingEdges.length, total: edges.length, missing: missingEdges },
  };
}

function safeKey(v: unknown): string {
  const s = v as AnyMachineSnapshot;
  if (s && typeof s === 'object' && 'value' in s && 'context' in s) {
    try {
      return JSON.stringify([s.value, s.context]);
    } catch {
      return JSON.stringify(s.value) + Math.random();
    }
  }
  try {
    return JSON.stringify(v);
  } catch {
    return String(Math.random());
  }
}

const pct = (f: CoverageFigure) => (f.total === 0 ? 100 : Math.floor((f.covered / f.total) * 100));

export function formatCoverage(result: CoverageResult): string {
  const { states: s, transitions: t } = result;
  return `coverage ${result.machine}: states ${s.covered}/${s.total} (${pct(s)}%), transitions ${t.covered}/${t.total} (${pct(t)}%)`;
}

/** One line, e.g. `coverage auth: states 14/14 (100%), transitions 31/31 (100%)`. */
export function printCoverage(result: CoverageResult): void {
  const line = formatCoverage(result);
  printed.add(line);
  console.log(line);
}

/** Throws (failing the test) listing every state and transition the paths never visited. */
export function expectFullCoverage(result: CoverageResult): void {
  const { states: s, transitions: t } = result;
  const notRun = result.notRun ?? [];
  if (s.missing.length === 0 && t.missing.length === 0 && notRun.length === 0) return;
  const lines = [`${formatCoverage(result)} — not full.`];
  if (notRun.length)
    lines.push(
      `  paths that did not run to the end in a passing test (skipped, filtered out or failed) (${notRun.length}):`,
      ...notRun.slice(0, 10).map((d) => `    ${d.length > 240 ? `${d.slice(0, 240)}…` : d}`),
      ...(notRun.length > 10 ? [`    … and ${notRun.length - 10} more`] : []),
    );
  if (s.missing.length) lines.push(`  states never visited (${s.missing.length}):`, ...s.missing.map((m) => `    ${m}`));
  if (t.missing.length) lines.push(`  transitions never taken (${t.missing.length}):`, ...t.missing.map((m) => `    ${m}`));
  throw new Error(lines.join('\n'));
}
