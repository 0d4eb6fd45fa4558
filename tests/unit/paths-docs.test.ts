// QA path scripts (docs/paths, `npm run paths`): the committed files match the machines and their
// descriptions, and the rendering of a path into numbered steps says what it should.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatePaths } from '../../scripts/paths/generate';
import { PATHS_MARKER, machinePaths, pathsCsv, renderPath, takeEdge } from '../../scripts/paths/paths';
import { chartEdges } from '../../scripts/statecharts/graph';
import { cookieConsentMachine } from '../../machines/cookieConsent.machine';
import cookieTexts from '../../machines/descriptions/cookieConsent';
import { exampleMachine } from '../support/fixtures/example.machine';

const root = path.resolve(__dirname, '../..');
const importModule = (abs: string) => import(/* @vite-ignore */ abs) as Promise<Record<string, unknown>>;

describe('committed path scripts (docs/paths)', () => {
  it('match the machines — run npm run paths when this fails', { timeout: 60_000 }, async () => {
    const files = await generatePaths({ root, importModule });
    const problems: string[] = [];
    for (const f of files) {
      const abs = path.join(root, f.path);
      if (!existsSync(abs)) problems.push(`missing: ${f.path}`);
      else if (readFileSync(abs, 'utf8') !== f.content) problems.push(`out of date: ${f.path}`);
    }
    const wanted = new Set(files.map((f) => f.path));
    for (const n of readdirSync(path.join(root, 'docs/paths')).filter((x) => x.endsWith('.md'))) {
      const p = `docs/paths/${n}`;
      if (!wanted.has(p) && readFileSync(path.join(root, p), 'utf8').includes(PATHS_MARKER)) problems.push(`stale: ${p}`);
    }
    expect(problems, 'run npm run paths').toEqual([]);
  });
});

describe('paths of a chart', () => {
  it('reach every state and take every transition of the chart', () => {
    for (const machine of [cookieConsentMachine, exampleMachine]) {
      const paths = machinePaths(machine);
      const taken = new Set(paths.flatMap((p) => p.steps.map((s) => s.edge.id)));
      expect([...taken].sort()).toEqual(chartEdges(machine).map((e) => e.id).sort());
      expect(new Set(paths.map((p) => p.id)).size).toBe(paths.length);
    }
  });

  it('enter a parallel state in every region and leave the other region alone on a step in one', () => {
    const edges = chartEdges(exampleMachine);
    const paths = machinePaths(exampleMachine);
    const withTwo = paths.find((p) => p.steps.some((s) => s.after.length > 1));
    expect(withTwo, 'a position with both parallel regions active').toBeDefined();
    const step = withTwo!.steps.find((s) => s.after.length > 1)!;
    const inner = edges.find((e) => e.source === step.after[0] && !e.targetless && e.target !== e.source);
    if (inner) {
      const after = takeEdge(exampleMachine, step.after, inner);
      expect(after.length).toBe(step.after.length);
      expect(after).toContain(step.after[1]);
    }
  });

  it('render a path as numbered steps in English and Polish from the descriptions', () => {
    const paths = machinePaths(cookieConsentMachine);
    const accept = paths.find((p) => p.steps.at(-1)?.edge.eventType === 'cookies.accepted')!;
    const en = renderPath(accept, cookieTexts, 'en');
    expect(en.id).toMatch(/^cookieConsent-\d\d$/);
    expect(en.title).toBe('cookieConsent: visible → hidden on cookies.accepted');
    expect(en.steps).toEqual([
      'Start: Reading the consent cookies (checking)',
      'when the cookies are read (consent given earlier or not) (`readConsentCookies done`) → expect: The banner asks for consent (visible)',
      'when the visitor clicks Accept (`cookies.accepted`) → expect: No banner (hidden)',
    ]);
    expect(en.expected).toBe('No banner (hidden)');
    const pl = renderPath(accept, cookieTexts, 'pl');
    expect(pl.steps[2]).toBe('gdy odwiedzający klika Akceptuję (`cookies.accepted`) → oczekiwane: Brak banera (hidden)');
    const csv = pathsCsv([{ path: accept, d: cookieTexts }]).split('\n');
    expect(csv[0]).toBe('id,machine,title,steps,expected result,title (pl),steps (pl),expected result (pl)');
    expect(csv[1]).toMatch(/^cookieConsent-\d\d,cookieConsent,cookieConsent: visible → hidden on cookies.accepted,"1\. Start: /);
  });
});
