// Every state and every event of every machine has a short description in English and Polish
// (machines/descriptions/<machine>.ts, convention in machines/descriptions/types.ts), and every machine
// carries the English ones itself (`described` in machines/descriptions/describe.ts fills each state node's
// and each transition's XState `description`): the diagrams, the QA path scripts and the storyboard read
// them. A new state, event or machine without one fails here.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoverMachineFiles, machinesOf } from '../../scripts/statecharts/generate';
import { descriptionProblems, edgeDescription, loadDescriptions, machineDescriptionProblems, stateDescription } from '../../scripts/statecharts/describe';
import { chartEdges, chartStates } from '../../scripts/statecharts/graph';
import { described } from '../../machines/descriptions/describe';
import type { MachineDescriptions } from '../../machines/descriptions/types';
import { createActor } from 'xstate';
import { exampleMachine } from '../support/fixtures/example.machine';

const root = path.resolve(__dirname, '../..');
const importModule = (abs: string) => import(/* @vite-ignore */ abs) as Promise<Record<string, unknown>>;

describe('machine descriptions (machines/descriptions)', () => {
  it('describe every state and event of every machine in en and pl', { timeout: 60_000 }, async () => {
    const problems: string[] = [];
    const files = discoverMachineFiles(root);
    expect(files.length).toBeGreaterThan(10);
    for (const name of files) {
      const base = name.replace(/\.machine\.ts$/, '');
      const d = await loadDescriptions(importModule, path.join(root, 'machines', 'descriptions', `${base}.ts`));
      for (const { machine } of machinesOf(await importModule(path.join(root, 'machines', name)))) {
        problems.push(...descriptionProblems(machine, d).map((p) => `${base}.ts: ${p}`));
      }
    }
    expect(problems, `add them to machines/descriptions/<machine>.ts:\n${problems.join('\n')}`).toEqual([]);
  });

  it('are carried by every machine: its root, every state node and every transition have a description', { timeout: 60_000 }, async () => {
    const problems: string[] = [];
    let states = 0;
    let transitions = 0;
    for (const name of discoverMachineFiles(root)) {
      const base = name.replace(/\.machine\.ts$/, '');
      const d = await loadDescriptions(importModule, path.join(root, 'machines', 'descriptions', `${base}.ts`));
      for (const { machine } of machinesOf(await importModule(path.join(root, 'machines', name)))) {
        problems.push(...machineDescriptionProblems(machine).map((p) => `${name}: ${p}`));
        states += chartStates(machine).length;
        transitions += chartEdges(machine).length;
        // the machine carries the same English text as the file (written once, there)
        if (!d) continue;
        for (const n of chartStates(machine).filter((x) => x.type !== 'history' && x.description)) {
          expect(n.description, `${name}: ${n.id}`).toBe(d.states[n.path.join('.')]?.[0]);
        }
      }
    }
    expect(states).toBeGreaterThan(50);
    expect(transitions).toBeGreaterThan(100);
    expect(
      problems,
      `wrap the machine in described(…, descriptions) (machines/descriptions/describe.ts) and describe what is missing:\n${problems.join('\n')}`,
    ).toEqual([]);
  });

  it('described() fills state nodes and every kind of transition, keeps hand-written ones and the behaviour', async () => {
    const d: MachineDescriptions = {
      summary: ['Example', 'Przykład'],
      screens: [],
      states: {
        checking: ['Checking', 'Sprawdzanie'],
        app: ['The app', 'Aplikacja'],
        'app.ui': ['UI', 'UI'],
        'app.ui.form': ['Form', 'Formularz'],
        'app.ui.form.editing': ['Editing', 'Edycja'],
        'app.ui.form.saving': ['Saving', 'Zapis'],
        'app.ui.form.idle': ['Saved', 'Zapisano'],
        'app.ui.done': ['Done', 'Gotowe'],
        'app.banner': ['Banner', 'Baner'],
        'app.banner.shown': ['Banner shown', 'Baner widoczny'],
        'app.banner.idle': ['Banner hidden', 'Baner ukryty'],
      },
      events: {
        'app.reset': ['the app resets', 'aplikacja się zeruje'],
        always: ['at once', 'od razu'],
        'form.submitted': ['the form is sent', 'formularz wysłany'],
        'form.edited': ['the form is edited', 'formularz edytowany'],
        'save done': ['saving succeeds', 'zapis się udaje'],
        'save failed': ['saving fails', 'zapis się nie udaje'],
        'after 1.5 s': ['1.5 s pass', 'mija 1,5 s'],
        completed: ['the form is done', 'formularz gotowy'],
        'after 6 s': ['6 s pass', 'mija 6 s'],
        'panel.toggled': ['the panel is toggled', 'panel przełączony'],
      },
    };
    const { exampleMachine } = await import('../support/fixtures/example.machine');
    expect(machineDescriptionProblems(exampleMachine).length).toBeGreaterThan(10);
    const m = described(exampleMachine, d);
    expect(machineDescriptionProblems(m)).toEqual([]);
    expect(m.root.description).toBe('Example');
    expect(m.getStateNodeById('example.app.ui.form.saving').description).toBe('Saving');
    const byLabel = new Map(chartEdges(m).map((e) => [e.label, e]));
    // the named delay `bannerTimeout` (6000 in setup) is keyed `after 6 s`; the invoke results by its id
    expect(edgeDescription(undefined, byLabel.get('after 6 s')!)).toBe('6 s pass');
    expect(edgeDescription(undefined, byLabel.get('save failed')!)).toBe('saving fails');
    expect(edgeDescription(undefined, byLabel.get('always [hasSession]')!)).toBe('at once');
    expect(edgeDescription(undefined, byLabel.get('always')!)).toBe('at once');
    expect(stateDescription(undefined, m.getStateNodeById('example.checking'), 'en')).toBe('Checking');
    // Polish stays in the file
    expect(stateDescription(d, m.getStateNodeById('example.checking'), 'pl')).toBe('Sprawdzanie');
    // the same behaviour: guard, invoke and delays kept
    const a = createActor(m).start();
    expect(a.getSnapshot().matches({ app: { ui: { form: 'editing' }, banner: 'shown' } })).toBe(true);
    a.send({ type: 'form.submitted' });
    expect(a.getSnapshot().matches({ app: { ui: { form: 'saving' } } })).toBe(true);
    a.stop();
    // no descriptions (the production build): the machine as it is
    expect(described(exampleMachine, undefined)).toBe(exampleMachine);
  });

  it('report a missing state, a missing event and a description of nothing', () => {
    const problems = descriptionProblems(exampleMachine, {
      summary: ['x', 'x'],
      screens: [],
      states: { nowhere: ['a', 'b'] },
      events: {},
    });
    expect(problems.some((p) => /state "checking" has no en\/pl description/.test(p))).toBe(true);
    expect(problems.some((p) => /event "always" has no en\/pl description/.test(p))).toBe(true);
    expect(problems.some((p) => /described state "nowhere" does not exist/.test(p))).toBe(true);
    expect(descriptionProblems(exampleMachine, undefined)[0]).toMatch(/no descriptions file/);
  });
});
