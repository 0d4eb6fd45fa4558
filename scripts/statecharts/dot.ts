// Graphviz DOT for one or more machines: compound and parallel states are clusters (parallel regions
// dashed), each cluster has an anchor node that transitions to and from the state attach to (its initial
// dot for a compound state), final states have a double border, eventless transitions are dashed and
// delayed ones dotted. Stable order, no timestamps: the same machine always gives the same text.
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { chartEdges } from './graph';
import { edgeDescription, stateDescription, type MachineDescriptions } from './describe';

/** Wraps a description at about `width` characters (Graphviz does not wrap labels). */
export function wrap(text: string, width = 28): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.join('\n');
}

const q = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;

function machineBody(machine: AnyStateMachine, indent: string, prefix: string, descriptions?: MachineDescriptions): string[] {
  const lines: string[] = [];
  const withState = (node: AnyStateNode, name: string) => {
    const d = stateDescription(descriptions, node);
    return d ? `${name}\n${wrap(d)}` : name;
  };
  const nodeId = (n: AnyStateNode) => q(`${prefix}${n.id}`);
  const anchorId = (n: AnyStateNode) => q(`${prefix}${n.id}.__anchor`);
  const clusterId = (n: AnyStateNode) => q(`cluster_${prefix}${n.id}`);
  const isCluster = (n: AnyStateNode) => n.type === 'compound' || n.type === 'parallel';
  /** the node a transition attaches to */
  const endpoint = (n: AnyStateNode) => (isCluster(n) ? anchorId(n) : nodeId(n));
  const contains = (outer: AnyStateNode, inner: AnyStateNode) => {
    for (let p: AnyStateNode | undefined = inner; p; p = p.parent) if (p === outer) return true;
    return false;
  };

  const writeInner = (node: AnyStateNode, pad: string) => {
    const children = Object.values(node.states) as AnyStateNode[];
    if (node.type === 'parallel') {
      lines.push(`${pad}${anchorId(node)} [shape=point, width=0.05, style=invis];`);
    } else if (node.initial?.target?.length) {
      lines.push(`${pad}${anchorId(node)} [shape=point, width=0.12, label=""];`);
      lines.push(`${pad}${anchorId(node)} -> ${endpoint(node.initial.target[0] as AnyStateNode)};`);
    }
    for (const child of children) writeState(child, pad, node.type === 'parallel');
  };

  const writeState = (node: AnyStateNode, pad: string, isRegion: boolean) => {
    if (isCluster(node)) {
      const style = isRegion ? 'dashed,rounded' : 'rounded';
      lines.push(`${pad}subgraph ${clusterId(node)} {`);
      lines.push(`${pad}  label=${q(withState(node, node.type === 'parallel' ? `${node.key} (parallel)` : node.key))}; style=${q(style)};`);
      writeInner(node, pad + '  ');
      lines.push(`${pad}}`);
    } else {
      const attrs = [`label=${q(withState(node, node.key))}`];
      if (node.type === 'final') attrs.push('peripheries=2');
      lines.push(`${pad}${nodeId(node)} [${attrs.join(', ')}];`);
    }
  };

  writeInner(machine.root, indent);
  const edges = chartEdges(machine);
  // Transitions of the machine itself (global events) start from a plain "any state" label.
  const anyState = q(`${prefix}${machine.root.id}.__any`);
  if (edges.some((e) => e.source === machine.root)) lines.push(`${indent}${anyState} [shape=plaintext, label="any state"];`);
  for (const e of edges) {
    const ed = edgeDescription(descriptions, e);
    const attrs = [`label=${q(ed ? `${e.label}\n${wrap(ed, 32)}` : e.label)}`];
    if (e.kind === 'always') attrs.push('style=dashed');
    if (e.kind === 'after') attrs.push('style=dotted');
    if (isCluster(e.source) && !contains(e.source, e.target)) attrs.push(`ltail=${clusterId(e.source)}`);
    if (isCluster(e.target) && !contains(e.target, e.source)) attrs.push(`lhead=${clusterId(e.target)}`);
    const from = e.source === machine.root ? anyState : endpoint(e.source);
    lines.push(`${indent}${from} -> ${endpoint(e.target)} [${attrs.join(', ')}];`);
  }
  return lines;
}

export function toDot(machines: AnyStateMachine[], title: string, descriptions?: Array<MachineDescriptions | undefined>): string {
  const lines = [
    `digraph ${q(title)} {`,
    '  graph [compound=true, rankdir=LR, fontname="Helvetica", fontsize=12, nodesep=0.4, ranksep=0.6];',
    '  node [shape=box, style=rounded, fontname="Helvetica", fontsize=11];',
    '  edge [fontname="Helvetica", fontsize=9];',
  ];
  if (machines.length === 1) {
    lines.push(...machineBody(machines[0], '  ', '', descriptions?.[0]));
  } else {
    machines.forEach((m, i) => {
      lines.push(`  subgraph ${q(`cluster_machine_${i}`)} {`, `    label=${q(m.id)}; style=bold;`);
      lines.push(...machineBody(m, '    ', `${i}:`, descriptions?.[i]));
      lines.push('  }');
    });
  }
  lines.push('}');
  return lines.join('\n') + '\n';
}
