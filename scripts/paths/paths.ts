// QA test scripts from the charts: for every machine, the paths xstate/graph generates over the chart's
// transition graph, rendered as numbered steps in English and Polish from the descriptions.
//
// The walk: a position is the set of active leaf states (parallel regions each keep their own); an edge
// applies when its source is active (or is the machine itself); taking it exits what it leaves and enters
// its target down to the initial leaves. Guards are not evaluated: every guarded branch is a separate step,
// labelled with its guard, so each of the chart's transitions gets a script. `getShortestPaths` gives one
// path per reachable position; a transition none of those takes gets its own path (the shortest path to a
// position where it applies, then the transition).
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { fromTransition } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { chartEdges, chartStates, type ChartEdge } from '../statecharts/graph';
import { edgeDescription, stateDescription, stateKey, type Lang, type MachineDescriptions } from '../statecharts/describe';

export interface ChartPath {
  /** `cookieConsent-03` */
  id: string;
  machine: string;
  kind: 'state' | 'transition';
  /** the leaves active at the start */
  start: AnyStateNode[];
  steps: Array<{ edge: ChartEdge; after: AnyStateNode[] }>;
}

const ancestorsOf = (n: AnyStateNode): AnyStateNode[] => {
  const out: AnyStateNode[] = [];
  for (let p: AnyStateNode | undefined = n; p; p = p.parent) out.push(p);
  return out;
};
const isDescendant = (n: AnyStateNode, of: AnyStateNode) => n !== of && ancestorsOf(n).includes(of);

function enterInto(n: AnyStateNode): AnyStateNode[] {
  if (n.type === 'parallel') return (Object.values(n.states) as AnyStateNode[]).flatMap(enterInto);
  if (n.type === 'history') return n.parent ? enterInto(n.parent) : [n];
  if (n.type === 'compound') {
    const initial = n.initial?.target?.[0] as AnyStateNode | undefined;
    return initial ? enterInto(initial) : [n];
  }
  return [n];
}

/** Leaves after taking `edge` from the active `leaves`. */
export function takeEdge(machine: AnyStateMachine, leaves: AnyStateNode[], edge: ChartEdge): AnyStateNode[] {
  if (edge.targetless) return leaves;
  const { source, target } = edge;
  let domain: AnyStateNode;
  if (source !== target && isDescendant(target, source)) domain = source;
  else {
    const a = ancestorsOf(source.parent ?? source);
    domain = ancestorsOf(target.parent ?? target).find((x) => a.includes(x)) ?? machine.root;
    if (source === machine.root) domain = machine.root;
  }
  // the child of the domain on the way to the target: what is exited (all of the domain unless it is parallel)
  const way = ancestorsOf(target).reverse();
  const childOfDomain = way[way.indexOf(domain) + 1] ?? target;
  const exitedUnder = domain.type === 'parallel' ? childOfDomain : domain;
  const kept = leaves.filter((l) => !isDescendant(l, exitedUnder) && l !== exitedUnder);
  const entered: AnyStateNode[] = [];
  for (let i = way.indexOf(exitedUnder === domain ? domain : childOfDomain) + 1; i < way.length - 1; i++) {
    const n = way[i];
    if (n.parent?.type === 'parallel' && n.parent !== domain) {
      for (const sib of Object.values(n.parent.states) as AnyStateNode[]) if (sib !== n) entered.push(...enterInto(sib));
    }
  }
  entered.push(...enterInto(target));
  const order = chartStates(machine);
  return [...new Set([...kept, ...entered])].sort((x, y) => order.indexOf(x) - order.indexOf(y));
}

export function applies(machine: AnyStateMachine, leaves: AnyStateNode[], edge: ChartEdge): boolean {
  if (edge.source === machine.root) return true;
  return leaves.some((l) => ancestorsOf(l).includes(edge.source));
}

const keyOf = (leaves: AnyStateNode[]) => leaves.map((l) => l.id).join(' | ');

/** All paths of one machine: one per reachable position (shortest), plus one per transition left over. */
export function machinePaths(machine: AnyStateMachine): ChartPath[] {
  const edges = chartEdges(machine);
  const byId = new Map(edges.map((e) => [e.id, e]));
  const initial = enterInto(machine.root);
  const logic = fromTransition((leaves: AnyStateNode[], event: { type: string }) => {
    const edge = byId.get(event.type);
    return edge ? takeEdge(machine, leaves, edge) : leaves;
  }, initial);
  const shortest = getShortestPaths(logic, {
    serializeState: (s) => keyOf((s as { context: AnyStateNode[] }).context),
    events: (s) =>
      edges
        .filter((e) => !e.targetless && applies(machine, (s as { context: AnyStateNode[] }).context, e))
        .map((e) => ({ type: e.id })),
  });
  const toSteps = (p: (typeof shortest)[number]) =>
    p.steps
      .filter((st) => byId.has(st.event.type))
      .map((st) => ({ edge: byId.get(st.event.type)!, after: (st.state as { context: AnyStateNode[] }).context }));
  const paths: Array<Omit<ChartPath, 'id'>> = [];
  const reachable = shortest
    .map((p) => ({ steps: toSteps(p), leaves: (p.state as { context: AnyStateNode[] }).context }))
    .sort((a, b) => a.steps.length - b.steps.length || keyOf(a.leaves).localeCompare(keyOf(b.leaves)));
  for (const r of reachable) paths.push({ machine: machine.id, kind: 'state', start: initial, steps: r.steps });
  const taken = new Set(reachable.flatMap((r) => r.steps.map((s) => s.edge)));
  for (const edge of edges) {
    if (taken.has(edge)) continue;
    const from = reachable.find((r) => applies(machine, r.leaves, edge));
    if (from) {
      paths.push({
        machine: machine.id, kind: 'transition', start: initial,
        steps: [...from.steps, { edge, after: takeEdge(machine, from.leaves, edge) }],
      });
    } else {
      // not reachable by the walk (e.g. only through a parallel combination it does not model): start at its source
      const start = enterInto(edge.source === machine.root ? machine.root : edge.source);
      paths.push({ machine: machine.id, kind: 'transition', start, steps: [{ edge, after: takeEdge(machine, start, edge) }] });
    }
  }
  const width = String(paths.length).length < 2 ? 2 : String(paths.length).length;
  return paths.map((p, i) => ({ ...p, id: `${machine.id}-${String(i + 1).padStart(width, '0')}` }));
}

// ---------------------------------------------------------------------------------------------------
// Rendering

const T = {
  en: {
    start: 'Start', when: 'when', expect: 'expect', stays: 'nothing changes on screen', reach: 'reach', on: 'on',
    auto: 'automatically', path: 'Path', steps: 'Steps', expected: 'Expected result',
  },
  pl: {
    start: 'Start', when: 'gdy', expect: 'oczekiwane', stays: 'ekran się nie zmienia', reach: 'dojście do', on: 'po',
    auto: 'automatycznie', path: 'Ścieżka', steps: 'Kroki', expected: 'Oczekiwany wynik',
  },
} as const;

/** The deepest described states of a position, joined: what the person sees. */
export function positionText(d: MachineDescriptions | undefined, leaves: AnyStateNode[], lang: Lang): string {
  return leaves
    .map((l) => {
      const described = ancestorsOf(l).find((n) => n.parent && stateDescription(d, n, lang));
      return described ? `${stateDescription(d, described, lang)} (${stateKey(l)})` : stateKey(l);
    })
    .filter((t, i, all) => all.indexOf(t) === i)
    .join('; ');
}

export function edgeText(d: MachineDescriptions | undefined, edge: ChartEdge, lang: Lang): string {
  const said = edgeDescription(d, edge, lang) ?? edge.label;
  return `${edge.kind === 'always' ? `${T[lang].auto}, ` : ''}${said} (\`${edge.label}\`)`;
}

export interface RenderedPath {
  id: string;
  title: string;
  steps: string[];
  expected: string;
}

export function renderPath(path: ChartPath, d: MachineDescriptions | undefined, lang: Lang): RenderedPath {
  const t = T[lang];
  const last = path.steps[path.steps.length - 1];
  const end = last ? last.after : path.start;
  const title =
    path.kind === 'state'
      ? `${t.reach} ${end.map(stateKey).join(' + ')}`
      : `${last.edge.source === last.edge.target || last.edge.targetless ? stateKey(last.edge.source) : `${stateKey(last.edge.source) || path.machine} → ${stateKey(last.edge.target)}`} ${t.on} ${last.edge.label}`;
  const steps = [`${t.start}: ${positionText(d, path.start, lang)}`];
  for (const s of path.steps) {
    const expect = s.edge.targetless ? t.stays : positionText(d, s.after, lang);
    steps.push(`${t.when} ${edgeText(d, s.edge, lang)} → ${t.expect}: ${expect}`);
  }
  return {
    id: path.id,
    title: `${path.machine}: ${title}`,
    steps,
    expected: last?.edge.targetless ? `${t.stays}: ${positionText(d, end, lang)}` : positionText(d, end, lang),
  };
}

export const PATHS_MARKER = 'Generated by `npm run paths`';

export function pathsMarkdown(
  base: string,
  machines: Array<{ machine: AnyStateMachine; paths: ChartPath[] }>,
  d: MachineDescriptions | undefined,
): string {
  const out = [
    `# Test paths: ${base}`,
    '',
    `${PATHS_MARKER} from \`machines/${base}.machine.ts\` and \`machines/descriptions/${base}.ts\`; do not edit by hand.`,
    `Diagram: [../statecharts/${base}.md](../statecharts/${base}.md) · all paths as CSV: [paths.csv](paths.csv).`,
    '',
    'Each path starts where the flow starts and takes one transition per step; a step in brackets names the',
    'chart event and the guard that must hold (the tester sets up the data that makes it hold).',
    '',
  ];
  for (const { machine, paths } of machines) {
    if (machines.length > 1) out.push(`## ${machine.id}`, '');
    for (const lang of ['en', 'pl'] as const) {
      out.push(`### ${lang === 'en' ? 'English' : 'Polski'}`, '');
      for (const p of paths) {
        const r = renderPath(p, d, lang);
        out.push(`#### ${r.id} — ${r.title}`, '');
        r.steps.forEach((s, i) => out.push(`${i + 1}. ${s}`));
        out.push('', `**${T[lang].expected}:** ${r.expected}`, '');
      }
    }
  }
  return out.join('\n');
}

const csvCell = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

export function pathsCsv(rows: Array<{ path: ChartPath; d: MachineDescriptions | undefined }>): string {
  const header = ['id', 'machine', 'title', 'steps', 'expected result', 'title (pl)', 'steps (pl)', 'expected result (pl)'];
  const lines = [header.join(',')];
  for (const { path, d } of rows) {
    const en = renderPath(path, d, 'en');
    const pl = renderPath(path, d, 'pl');
    const numbered = (r: RenderedPath) => r.steps.map((s, i) => `${i + 1}. ${s}`).join('\n');
    lines.push([en.id, path.machine, en.title, numbered(en), en.expected, pl.title, numbered(pl), pl.expected].map(csvCell).join(','));
  }
  return lines.join('\n') + '\n';
}
