import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './support/test';
import { disclosureMachine } from '../../machines/disclosure.machine';
import { chartStates } from '../../scripts/statecharts/graph';
import { E2E_BASE_URL } from './support/env';

// `npm run storyboard` (scripts/storyboard.ts) once, on one small machine, against this suite's server:
// it writes a desktop and a mobile screenshot for every state of the disclosure chart and a page that shows
// them beside the diagram, plus the index with the states shown / total.
test('storyboard: a screenshot per state of the disclosure chart, its page and the index', async () => {
  test.setTimeout(120_000);
  const out = mkdtempSync(path.join(os.tmpdir(), 'storyboard-'));
  try {
    const run = spawnSync(
      path.resolve('node_modules/.bin/tsx'),
      ['scripts/storyboard.ts', '--machines', 'disclosure', '--base-url', E2E_BASE_URL, '--out', out],
      { encoding: 'utf8', timeout: 110_000 },
    );
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    const states = chartStates(disclosureMachine).map((n) => n.path.join('.'));
    expect(states).toEqual(['closed', 'open']);
    for (const state of states) {
      for (const size of ['desktop', 'mobile']) {
        const file = path.join(out, 'disclosure', `${state}-${size}.png`);
        expect(existsSync(file), file).toBe(true);
        const png = readFileSync(file);
        expect(png.subarray(1, 4).toString()).toBe('PNG');
        expect(statSync(file).size).toBeGreaterThan(5_000);
      }
    }
    const page = readFileSync(path.join(out, 'disclosure.html'), 'utf8');
    expect(page).toContain('<svg'); // the diagram
    for (const state of states) {
      expect(page).toContain(`id="state-${state}"`);
      expect(page).toContain(`src="disclosure/${state}-desktop.png"`);
    }
    expect(page).not.toContain('Not shown');
    // each screenshot says what proved the state on screen (the recipe's element, waited for)
    expect(page.match(/confirmed on screen by/g)).toHaveLength(states.length);
    // the index counts the states shown against the chart's states, per machine and in all
    const index = readFileSync(path.join(out, 'index.html'), 'utf8');
    const row = index.split('<tr>').find((r) => r.includes('href="disclosure.html"'));
    expect(row, index).toContain(`>${states.length} / ${states.length} (100%)<`);
    expect(index).toMatch(/All flows/);
    // states the app leaves with nothing to wait for are counted apart (recipes' `fleeting`), not as missing
    expect(index).toContain('<th>Fleeting</th>');
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
