// Descriptions for people (machines/descriptions/<base>.ts, see machines/descriptions/types.ts for the
// convention): looked up per state (its path below the root) and per edge (its event as the diagrams
// name it), in English or Polish. Shared by the diagrams, the path scripts and the storyboard.
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import type { MachineDescriptions, Text } from '../../machines/descriptions/types';
import { chartEdges, chartStates, eventText, type ChartEdge } from './graph';

export type Lang = 'en' | 'pl';
export type { MachineDescriptions };

export const stateKey = (node: AnyStateNode): string => node.path.join('.');

/** `always`, `after 6 s`, `readConsentCookies done`, `cookies.accepted`, `completed`. */
export function eventKey(edge: ChartEdge): string {
  if (edge.kind === 'always') return 'always';
  if (edge.kind === 'after') return edge.label.replace(/ \[.*\]$/, '');
  return eventText(edge.eventType, edge.source);
}

const pick = (t: Text | undefined, lang: Lang) => (t ? t[lang === 'en' ? 0 : 1] : undefined);

export function stateDescription(d: MachineDescriptions | undefined, node: AnyStateNode, lang: Lang = 'en'): string | undefined {
  return pick(d?.states[stateKey(node)], lang);
}

export function edgeDescription(d: MachineDescriptions | undefined, edge: ChartEdge, lang: Lang = 'en'): string | undefined {
  return pick(d?.events[eventKey(edge)], lang);
}

/** What lacks a description (or has an empty one), and descriptions that name nothing in the machine. */
export function descriptionProblems(machine: AnyStateMachine, d: MachineDescriptions | undefined): string[] {
  if (!d) return [`${machine.id}: no descriptions file (machines/descriptions/<base>.ts)`];
  const problems: string[] = [];
  const ok = (t: Text | undefined) => !!t && t.length === 2 && t.every((s) => typeof s === 'string' && s.trim() !== '');
  if (!ok(d.summary)) problems.push(`${machine.id}: summary missing`);
  const states = chartStates(machine).filter((n) => n.type !== 'history').map(stateKey);
  const events = [...new Set(chartEdges(machine).map(eventKey))];
  for (const s of states) if (!ok(d.states[s])) problems.push(`${machine.id}: state "${s}" has no en/pl description`);
  for (const e of events) if (!ok(d.events[e])) problems.push(`${machine.id}: event "${e}" has no en/pl description`);
  for (const s of Object.keys(d.states)) if (!states.includes(s)) problems.push(`${machine.id}: described state "${s}" does not exist`);
  for (const e of Object.keys(d.events)) if (!events.includes(e)) problems.push(`${machine.id}: described event "${e}" does not exist`);
  return problems;
}

/** The descriptions module of a machine file base, or undefined when there is none. */
export async function loadDescriptions(
  importModule: (abs: string) => Promise<Record<string, unknown>>,
  absolutePath: string,
): Promise<MachineDescriptions | undefined> {
  try {
    const mod = await importModule(absolutePath);
    return mod.default as MachineDescriptions;
  } catch (error) {
    if (/Cannot find module|Failed to load|ERR_MODULE_NOT_FOUND|does not exist/i.test(String(error))) return undefined;
    throw error;
  }
}
