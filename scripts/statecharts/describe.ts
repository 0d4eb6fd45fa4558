// Descriptions for people, shared by the diagrams, the path scripts and the storyboard. English is read from
// the machine itself (`StateNode.description`, each transition's `description`, filled from
// machines/descriptions/<base>.ts by `described` in machines/descriptions/describe.ts); Polish, which the
// machines do not carry, from the descriptions file (see machines/descriptions/types.ts for the convention),
// looked up per state (its path below the root) and per edge (its event as the diagrams name it). The file
// is also the fallback for English when a machine does not carry a description.
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

const nonEmpty = (s: unknown): string | undefined => (typeof s === 'string' && s.trim() !== '' ? s : undefined);

export function stateDescription(d: MachineDescriptions | undefined, node: AnyStateNode, lang: Lang = 'en'): string | undefined {
  if (lang === 'en') return nonEmpty(node.description) ?? pick(d?.states[stateKey(node)], lang);
  return pick(d?.states[stateKey(node)], lang);
}

export function edgeDescription(d: MachineDescriptions | undefined, edge: ChartEdge, lang: Lang = 'en'): string | undefined {
  if (lang === 'en') return nonEmpty(edge.transition.description) ?? pick(d?.events[eventKey(edge)], lang);
  return pick(d?.events[eventKey(edge)], lang);
}

/** What the machine itself lacks: a `description` on its root, on a state node or on a transition. */
export function machineDescriptionProblems(machine: AnyStateMachine): string[] {
  const problems: string[] = [];
  if (!nonEmpty(machine.root.description)) problems.push(`${machine.id}: the machine (root state node) has no description`);
  for (const n of chartStates(machine).filter((x) => x.type !== 'history')) {
    if (!nonEmpty(n.description)) problems.push(`${machine.id}: state node "${stateKey(n)}" has no description`);
  }
  for (const e of chartEdges(machine)) {
    if (!nonEmpty(e.transition.description)) problems.push(`${machine.id}: transition "${e.id}" has no description`);
  }
  return problems;
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
