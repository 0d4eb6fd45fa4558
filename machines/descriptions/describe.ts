// Puts each machine's descriptions (machines/descriptions/<machine>.ts, written once there in en and pl) into
// the machine itself: every state node's `description` and every transition's `description` (XState v5
// config fields, read back as `StateNode.description` and `TransitionDefinition.description`), in English,
// the language of the diagrams; the root state node gets the machine's summary. One line per machine:
//
//   export const loadMachine = described(setup({ … }).createMachine({ … }), descriptions);
//
// The keys are those of the descriptions convention (machines/descriptions/types.ts): a state by its path
// below the root (`resend.sending`), a transition by its event as the diagrams name it (`cookies.accepted`,
// `fetch done` / `fetch failed` for an invoke's results, `after 6 s` for a delay, named delays resolved
// through the machine's `delays`, `always`, `completed` for a compound state's onDone). A description
// written by hand in the machine's config is kept. The machine is created again from the filled config with
// the same implementations, so its behaviour is unchanged.
//
// Pure: imports only xstate. The production SPA build leaves the texts out (vite.config.ts resolves the
// descriptions modules to an empty one), so the helper then returns the machine as it is.
import { createMachine, type AnyStateMachine } from 'xstate';
import type { MachineDescriptions, Text } from './types';

/** 6000 -> "6 s", 1500 -> "1.5 s", 250 -> "250 ms", 120000 -> "2 min". */
export function delayText(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} min`;
  if (ms >= 1000) return `${Number((ms / 1000).toFixed(3))} s`;
  return `${ms} ms`;
}

/**
 * Reader-friendly event names: invoke results, a child's new snapshot (`auth changed`) and state completion are
 * named after their actor/state.
 */
export function eventName(eventType: string, sourceId?: string): string {
  let m = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (m) return `${m[1]} done`;
  m = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (m) return `${m[1]} failed`;
  m = /^xstate\.snapshot\.(.+)$/.exec(eventType);
  if (m) return `${m[1]} changed`;
  m = /^xstate\.done\.state\.(.+)$/.exec(eventType);
  if (m) return sourceId !== undefined && m[1] === sourceId ? 'completed' : `${m[1]} completed`;
  return eventType;
}

/** The delay in ms of an `after` key: a number, or a named delay set to a number in `setup({ delays })`. */
export function delayMs(written: unknown, delays: Record<string, unknown> | undefined): number | undefined {
  if (typeof written === 'number') return written;
  if (typeof written === 'string') {
    const named = delays?.[written];
    if (typeof named === 'number') return named;
    if (/^\d+$/.test(written)) return Number(written);
  }
  return undefined;
}

/** `after 6 s` (or `after <name>` when the delay is not a fixed number). */
export function afterName(written: unknown, delays: Record<string, unknown> | undefined): string {
  const ms = delayMs(written, delays);
  return `after ${ms !== undefined ? delayText(ms) : String(written)}`;
}

type Config = Record<string, unknown>;

const english = (t: Text | undefined): string | undefined => (t && typeof t[0] === 'string' && t[0].trim() ? t[0] : undefined);

const isObject = (v: unknown): v is Config => typeof v === 'object' && v !== null && !Array.isArray(v);

function mapValues(obj: unknown, f: (value: unknown, key: string) => unknown): unknown {
  if (!isObject(obj)) return obj;
  return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, f(v, k)]));
}

/** A transition (target string, config object, or an array of them) with `description` set. */
function describeTransition(t: unknown, text: string | undefined): unknown {
  if (text === undefined || t === undefined || t === null) return t;
  if (typeof t === 'string') return { target: t, description: text };
  if (Array.isArray(t)) return t.map((x) => describeTransition(x, text));
  if (isObject(t)) return t.description === undefined ? { ...t, description: text } : t;
  return t;
}

/** The config of one state node (and its children) with descriptions filled in. */
export function describeConfig(
  config: Config,
  d: MachineDescriptions,
  delays?: Record<string, unknown>,
  path: readonly string[] = [],
  machineId = typeof config.id === 'string' ? config.id : '(machine)',
): Config {
  const out: Config = { ...config };
  const id = path.length === 0 ? machineId : typeof config.id === 'string' ? config.id : [machineId, ...path].join('.');
  const own = path.length === 0 ? english(d.summary) : english(d.states[path.join('.')]);
  if (own !== undefined && out.description === undefined) out.description = own;
  const event = (name: string) => english(d.events[name]);
  if (config.on) out.on = mapValues(config.on, (v, k) => describeTransition(v, event(eventName(k, id))));
  if (config.after) out.after = mapValues(config.after, (v, k) => describeTransition(v, event(afterName(k, delays))));
  if (config.always) out.always = describeTransition(config.always, event('always'));
  if (config.onDone) out.onDone = describeTransition(config.onDone, event('completed'));
  if (config.invoke) {
    const invokes = Array.isArray(config.invoke) ? config.invoke : [config.invoke];
    const filled = invokes.map((inv: unknown, i: number) => {
      if (!isObject(inv)) return inv;
      const invokeId = typeof inv.id === 'string' ? inv.id : `${i}.${id}`;
      const copy: Config = { ...inv };
      if (inv.onDone) copy.onDone = describeTransition(inv.onDone, event(`${invokeId} done`));
      if (inv.onError) copy.onError = describeTransition(inv.onError, event(`${invokeId} failed`));
      if (inv.onSnapshot) copy.onSnapshot = describeTransition(inv.onSnapshot, event(`${invokeId} changed`));
      return copy;
    });
    out.invoke = Array.isArray(config.invoke) ? filled : filled[0];
  }
  if (config.states) {
    out.states = mapValues(config.states, (s, k) => (isObject(s) ? describeConfig(s, d, delays, [...path, k], machineId) : s));
  }
  return out;
}

/**
 * The machine with every state node and transition carrying its English description from `d`. Without
 * descriptions (or with an empty stub, as in the production build) the machine is returned unchanged.
 */
export function described<M extends AnyStateMachine>(machine: M, d: MachineDescriptions | undefined): M {
  if (!d || !d.states || Object.keys(d.states).length === 0) return machine;
  const delays = machine.implementations.delays as Record<string, unknown>;
  const config = describeConfig(machine.config as unknown as Config, d, delays);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return createMachine(config as any, machine.implementations as any) as unknown as M;
}
