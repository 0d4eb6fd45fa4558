// Every state and every event of every machine has a short description in English and Polish
// (machines/descriptions/<machine>.ts, convention in machines/descriptions/types.ts): the diagrams, the QA
// path scripts and the storyboard read them. A new state or event without one fails here.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoverMachineFiles, machinesOf } from '../../scripts/statecharts/generate';
import { descriptionProblems, loadDescriptions } from '../../scripts/statecharts/describe';
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
