// The committed diagrams in docs/statecharts must match the machines: every diagram is regenerated in
// memory and compared. When this fails, run `npm run statecharts` and commit the result.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED_MARKER, generateAll } from '../../scripts/statecharts/generate';
import { toMermaid } from '../../scripts/statecharts/mermaid';
import { toDot } from '../../scripts/statecharts/dot';
import { renderSvg } from '../../scripts/statecharts/svg';
import { exampleMachine } from '../support/fixtures/example.machine';

const root = path.resolve(__dirname, '../..');
const importModule = (abs: string) => import(/* @vite-ignore */ abs) as Promise<Record<string, unknown>>;

describe('committed statecharts (docs/statecharts)', () => {
  it('match the machines in machines/*.machine.ts', { timeout: 60_000 }, async () => {
    const files = await generateAll({ root, importModule });
    const problems: string[] = [];
    for (const f of files) {
      const abs = path.join(root, f.path);
      if (!existsSync(abs)) problems.push(`missing: ${f.path}`);
      else if (readFileSync(abs, 'utf8') !== f.content) problems.push(`out of date: ${f.path}`);
    }
    const outDir = path.join(root, 'docs/statecharts');
    const wanted = new Set(files.map((f) => f.path));
    if (existsSync(outDir)) {
      for (const n of readdirSync(outDir).filter((x) => x.endsWith('.md')).sort()) {
        const p = `docs/statecharts/${n}`;
        if (!wanted.has(p) && readFileSync(path.join(outDir, n), 'utf8').includes(GENERATED_MARKER)) {
          problems.push(`stale (its machine is gone): ${p}`);
        }
      }
    }
    if (problems.length) {
      throw new Error(`Statechart diagrams differ from the machines — run npm run statecharts:\n  ${problems.join('\n  ')}`);
    }
  });
});

describe('statechart exporter (fixture machine)', () => {
  it('writes Mermaid with nesting, parallel regions, initial states, guards, always, after and finals', () => {
    const text = toMermaid(exampleMachine);
    const lines = text.split('\n').map((l) => l.trim());
    expect(lines[0]).toBe('stateDiagram-v2');
    for (const line of [
      'state example {', // the machine is a box because it has a transition of its own
      '[*] --> checking',
      'state app {',
      '--', // between the parallel regions
      'state ui {',
      '[*] --> form',
      'state "idle" as app_ui_form_idle', // same key twice: path as id, key as name
      'state "idle" as app_banner_idle',
      'app_ui_form_idle --> [*]',
      'editing --> saving: form.submitted [isValid]',
      'editing --> editing: form.edited',
      'saving --> app_ui_form_idle: save done',
      'saving --> editing: save failed',
      'saving --> editing: after 1.5 s',
      'shown --> app_banner_idle: after 6 s', // a named delay from setup({ delays })
      'checking --> app: always [hasSession]',
      'checking --> editing: always',
      'form --> done: completed',
      'example --> checking: app.reset',
    ]) {
      expect(lines, line).toContain(line);
    }
  });

  it('renders Graphviz clusters to SVG deterministically', async () => {
    const dot = toDot([exampleMachine], 'example');
    expect(dot).toContain('subgraph "cluster_example.app" {');
    expect(dot).toContain('label="app (parallel)"; style="rounded";');
    expect(dot).toContain('subgraph "cluster_example.app.banner" {');
    expect(dot).toContain('style="dashed,rounded"');
    expect(dot).toContain('"example.app.ui.form.idle" [label="idle", peripheries=2];');
    expect(dot).toMatch(/"example.checking" -> "example.app.__anchor" \[label="always \[hasSession\]", style=dashed, lhead="cluster_example.app"\];/);
    const a = await renderSvg(dot);
    const b = await renderSvg(toDot([exampleMachine], 'example'));
    expect(a).toBe(b);
    expect(a).toContain('<svg');
    expect(a).toContain('after 6 s');
  });

  it('generates a markdown and an svg per machine file', async () => {
    const files = await generateAll({ root, machinesDir: 'tests/support/fixtures', importModule });
    expect(files.map((f) => f.path)).toEqual(['docs/statecharts/example.md', 'docs/statecharts/example.svg']);
    expect(files[0].content).toContain(GENERATED_MARKER);
    expect(files[0].content).toContain('```mermaid\nstateDiagram-v2\n');
  });
});
