// Mermaid `stateDiagram-v2` for one machine: nested states as `state X { }`, parallel regions separated by
// `--`, `[*] --> initial` in every compound state, `A --> B: event [guard]`, eventless as
// `always [guard]`, delayed as `after 6 s`, final states `--> [*]`.
//
// Mermaid state ids are global to a diagram, so a state whose key is used twice in the machine gets its
// path as id (`session_idle`) and its key as the shown name. Every transition is written in the block of
// the innermost state that encloses both ends (Mermaid cannot draw a transition declared inside one
// composite state to a state inside another).
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { chartEdges, chartStates, type ChartEdge } from './graph';
import { edgeDescription, stateDescription, type MachineDescriptions } from './describe';

const sanitize = (s: string) => s.replace(/[^A-Za-z0-9_]/g, '_');
const labelText = (s: string) => s.replace(/[:;#\n]/g, ' ').trim();

export function mermaidIds(machine: AnyStateMachine): Map<AnyStateNode, string> {
  const states = chartStates(machine);
  const byKey = new Map<string, number>();
  for (const s of states) byKey.set(sanitize(s.key), (byKey.get(sanitize(s.key)) ?? 0) + 1);
  const reserved = new Set(['state', 'end', 'direction', 'note', 'classDef', 'class', 'style', 'default']);
  const ids = new Map<AnyStateNode, string>();
  const used = new Set<string>();
  for (const s of states) {
    let id = sanitize(s.key);
    if (byKey.get(id)! > 1 || reserved.has(id) || /^\d/.test(id)) id = sanitize(s.path.join('_'));
    if (/^\d/.test(id) || reserved.has(id)) id = `s_${id}`;
    while (used.has(id)) id = `${id}_`;
    used.add(id);
    ids.set(s, id);
  }
  return ids;
}

/** The proper ancestor of both ends that is deepest: the block the transition is written in. */
function edgeScope(e: ChartEdge): AnyStateNode {
  const chain = (n: AnyStateNode) => {
    const out: AnyStateNode[] = [];
    for (let p = n.parent; p; p = p.parent) out.unshift(p);
    return out; // root first, proper ancestors only
  };
  if (!e.source.parent || !e.target.parent) return e.source.machine.root;
  const a = chain(e.source);
  const b = chain(e.target);
  let scope = a[0];
  for (let i = 0; i < Math.min(a.length, b.length) && a[i] === b[i]; i++) scope = a[i];
  return scope;
}

/** With `descriptions`, simple states show theirs (`id : text`) and arrows add the event's after a dash. */
export function toMermaid(machine: AnyStateMachine, descriptions?: MachineDescriptions): string {
  const edgeText = (e: ChartEdge) => {
    const d = edgeDescription(descriptions, e);
    return labelText(d ? `${e.label} — ${d}` : e.label);
  };
  const ids = mermaidIds(machine);
  const edges = chartEdges(machine);
  const byScope = new Map<AnyStateNode, ChartEdge[]>();
  for (const e of edges) {
    const scope = edgeScope(e);
    byScope.set(scope, [...(byScope.get(scope) ?? []), e]);
  }
  const lines: string[] = ['stateDiagram-v2'];
  const name = (n: AnyStateNode) => ids.get(n)!;

  const writeBody = (node: AnyStateNode, depth: number) => {
    const pad = '  '.repeat(depth);
    const children = Object.values(node.states) as AnyStateNode[];
    if (node.type === 'parallel') {
      children.forEach((region, i) => {
        if (i > 0) lines.push(`${pad}--`);
        writeState(region, depth);
      });
    } else {
      const initial = node.initial?.target?.[0] as AnyStateNode | undefined;
      if (initial) lines.push(`${pad}[*] --> ${name(initial)}`);
      for (const child of children) writeState(child, depth);
    }
    for (const e of byScope.get(node) ?? []) {
      if (!node.parent && (e.source === node || e.target === node)) continue; // the machine's own: outside its box
      lines.push(`${pad}${name(e.source)} --> ${name(e.target)}: ${edgeText(e)}`);
    }
  };

  const writeState = (node: AnyStateNode, depth: number) => {
    const pad = '  '.repeat(depth);
    const id = name(node);
    const shown = sanitize(node.key) !== id;
    if (shown) lines.push(`${pad}state "${node.key.replace(/"/g, "'")}" as ${id}`);
    if (node.type === 'compound' || node.type === 'parallel') {
      lines.push(`${pad}state ${id} {`);
      writeBody(node, depth + 1);
      lines.push(`${pad}}`);
    } else if (!shown) {
      lines.push(`${pad}${id}`);
    }
    const described = node.type === 'compound' || node.type === 'parallel' ? undefined : stateDescription(descriptions, node);
    if (described) lines.push(`${pad}${id} : ${labelText(described)}`);
    if (node.type === 'final') lines.push(`${pad}${id} --> [*]`);
  };

  const root = machine.root;
  const rootEdges = edges.filter((e) => e.source === root);
  if (root.type === 'parallel' || rootEdges.length) {
    // `--` is only allowed inside a composite state, and transitions of the machine itself (global events)
    // need a box to start from: draw the machine as one composite state.
    const id = sanitize(machine.id);
    ids.set(root, id);
    lines.push(`  state ${id} {`);
    writeBody(root, 2);
    lines.push('  }');
    for (const e of byScope.get(root) ?? []) {
      if (e.source === root || e.target === root) lines.push(`  ${name(e.source)} --> ${name(e.target)}: ${edgeText(e)}`);
    }
  } else {
    writeBody(root, 1);
  }
  return lines.join('\n') + '\n';
}
