// The one reading of a machine's structure that the diagram exporters and the test-coverage helper
// share: its state nodes in document order and every transition as an edge.
//
// `toDirectedGraph` from xstate/graph gives the evented and delayed (`after`) transitions (edges sit on
// the child nodes, each with `source`, `target`, `label.text` = the event type; a delayed one is labelled
// `xstate.after.<delay>.<state id>` and its `transition.delay` holds the delay). It leaves out eventless
// (`always`) transitions, which live on `stateNode.always`: we add them here, labelled "always".
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { toDirectedGraph, type DirectedGraphNode } from 'xstate/graph';
import { delayMs, delayText, eventName } from '../../machines/descriptions/describe';

export { delayText };

export type EdgeKind = 'event' | 'after' | 'always';

export interface ChartEdge {
  /** Unique, stable and readable: `fetch.failure -> fetch.loading : fetch.retried [canRetry]`. */
  id: string;
  kind: EdgeKind;
  source: AnyStateNode;
  /** For a targetless transition, the source itself. */
  target: AnyStateNode;
  targetless: boolean;
  /** The event type as XState sees it ('' for an eventless transition). */
  eventType: string;
  /** For `after` transitions: the delay as written (ms or a named delay). */
  delay?: number | string;
  /** The delay in ms when it is known (a number, or a named delay set to a number in `setup`). */
  delayMs?: number;
  /** Guard in words: `canRetry`, `!isEmpty`, `a && b`. */
  guard?: string;
  /** What a reader sees on the arrow: `fetch.retried [canRetry]`, `after 6 s`, `always [hasSession]`. */
  label: string;
  transition: AnyTransitionDefinition;
}

/** Every state node below the root, in document order (the root is always active, so not counted). */
export function chartStates(machine: AnyStateMachine): AnyStateNode[] {
  const out: AnyStateNode[] = [];
  const walk = (node: AnyStateNode) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      out.push(child);
      walk(child);
    }
  };
  walk(machine.root);
  return out;
}

export function guardText(guard: unknown): string | undefined {
  if (guard === undefined || guard === null) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const g = guard as { name?: string; guards?: unknown[]; stateValue?: unknown };
    if (g.guards && g.name === 'not') return `!${guardText(g.guards[0])}`;
    if (g.guards && (g.name === 'and' || g.name === 'or')) {
      return g.guards.map((x) => guardText(x)).join(g.name === 'and' ? ' && ' : ' || ');
    }
    if (g.name === 'stateIn') return `in ${JSON.stringify(g.stateValue)}`;
    return g.name && g.name !== 'guard' ? g.name : 'guard';
  }
  if (typeof guard === 'object' && 'type' in (guard as object)) return String((guard as { type: unknown }).type);
  return 'guard';
}

/** Reader-friendly event names: invoke results and state completion are named after their actor/state. */
export function eventText(eventType: string, source?: AnyStateNode): string {
  return eventName(eventType, source?.id);
}

const resolveDelay = (machine: AnyStateMachine, delay: unknown) =>
  delayMs(delay, (machine.implementations as { delays?: Record<string, unknown> }).delays);

function flattenGraph(node: DirectedGraphNode, out: DirectedGraphNode[] = []): DirectedGraphNode[] {
  out.push(node);
  for (const child of node.children) flattenGraph(child, out);
  return out;
}

/** Every transition of the machine as edges: evented and delayed ones from toDirectedGraph, plus `always`. */
export function chartEdges(machine: AnyStateMachine): ChartEdge[] {
  const edges: ChartEdge[] = [];
  const seen = new Map<string, number>();
  const push = (e: Omit<ChartEdge, 'id'>) => {
    const base = e.targetless ? `${e.source.id} : ${e.label} (no target)` : `${e.source.id} -> ${e.target.id} : ${e.label}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    edges.push({ ...e, id: n === 1 ? base : `${base} #${n}` });
  };
  for (const g of flattenGraph(toDirectedGraph(machine))) {
    const node = g.stateNode;
    for (const edge of g.edges) {
      const t = edge.transition;
      const guard = guardText(t.guard);
      const targetless = !t.target || t.target.length === 0;
      const delay = (t as { delay?: number | string }).delay;
      if (delay !== undefined || t.eventType.startsWith('xstate.after.')) {
        const written = delay ?? t.eventType.split('.')[2];
        const ms = resolveDelay(machine, written);
        const words = `after ${ms !== undefined ? delayText(ms) : String(written)}`;
        push({
          kind: 'after', source: edge.source, target: edge.target, targetless, eventType: t.eventType,
          delay: written, delayMs: ms, guard, label: guard ? `${words} [${guard}]` : words, transition: t,
        });
      } else {
        const words = eventText(t.eventType, edge.source);
        push({
          kind: 'event', source: edge.source, target: edge.target, targetless, eventType: t.eventType,
          guard, label: guard ? `${words} [${guard}]` : words, transition: t,
        });
      }
    }
    for (const t of (node.always ?? []) as AnyTransitionDefinition[]) {
      const guard = guardText(t.guard);
      const targets = t.target && t.target.length ? t.target : [node];
      for (const target of targets) {
        push({
          kind: 'always', source: node, target, targetless: !t.target || t.target.length === 0, eventType: '',
          guard, label: guard ? `always [${guard}]` : 'always', transition: t,
        });
      }
    }
  }
  return edges;
}

/** Is this value an XState machine (what `createMachine`/`setup().createMachine` return)? */
export function isMachine(value: unknown): value is AnyStateMachine {
  return (
    typeof value === 'object' && value !== null && 'config' in value && 'root' in value &&
    typeof (value as { getStateNodeById?: unknown }).getStateNodeById === 'function'
  );
}
