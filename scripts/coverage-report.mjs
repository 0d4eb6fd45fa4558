#!/usr/bin/env node
// Model coverage report: merges what each test file measured (reports/coverage/model/*.json,
// written by tests/support/model.ts after every web test file) and what the browser walks measured
// (reports/coverage/browser-*.json, written by the Playwright specs that walk a chart) into
// reports/coverage/coverage.json and reports/coverage/index.html, with a total.
//
//   node scripts/coverage-report.mjs [--clean]
// --clean only deletes the model fragments (npm test does it before the web stage, so a report holds one run).
// Exit 1 when a machine's model tests left a state, a transition or a path not run (as each file's own
// check does), or when no fragment exists. Browser figures are reported, not enforced: a browser walk covers
// what the real server can produce (see its spec for what it leaves to the jsdom model test).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, 'reports/coverage');
const modelDir = path.join(dir, 'model');

if (process.argv.includes('--clean')) {
  rmSync(modelDir, { recursive: true, force: true });
  process.exit(0);
}

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const fragments = existsSync(modelDir)
  ? readdirSync(modelDir).filter((n) => n.endsWith('.json')).sort().map((n) => readJson(path.join(modelDir, n)))
  : [];
const browser = existsSync(dir)
  ? readdirSync(dir).filter((n) => /^browser-.*\.json$/.test(n)).sort().map((n) => ({ file: n, ...readJson(path.join(dir, n)) }))
  : [];
const machineFiles = readdirSync(path.join(root, 'machines')).filter((n) => n.endsWith('.machine.ts')).map((n) => n.replace(/\.machine\.ts$/, ''));

/** Union of what several fragments of one machine covered: a state is missing only if every file missed it. */
function merge(list) {
  const missingOf = (key) => list.slice(1).reduce((m, f) => m.filter((x) => f[key].missing.includes(x)), list[0][key].missing);
  const fig = (key) => {
    const missing = missingOf(key);
    return { covered: list[0][key].total - missing.length, total: list[0][key].total, missing };
  };
  return { states: fig('states'), transitions: fig('transitions'), notRun: [...new Set(list.flatMap((f) => f.notRun ?? []))] };
}

const byMachine = new Map();
for (const f of fragments) byMachine.set(f.machine, [...(byMachine.get(f.machine) ?? []), f]);
const machines = [...new Set([...byMachine.keys(), ...machineFiles, ...browser.map((b) => b.machine)])].sort();
const rows = machines.map((machine) => {
  const list = byMachine.get(machine);
  const model = list ? { files: list.map((f) => f.file), ...merge(list) } : undefined;
  const walk = browser.find((b) => b.machine === machine);
  return {
    machine,
    model,
    browser: walk
      ? { spec: walk.spec, states: walk.states, transitions: walk.transitions, paths: walk.paths, writtenAt: walk.writtenAt }
      : undefined,
  };
});
const sum = (key) =>
  rows.reduce((t, r) => (r.model ? { covered: t.covered + r.model[key].covered, total: t.total + r.model[key].total } : t), { covered: 0, total: 0 });
const pct = (f) => (f.total === 0 ? 100 : Math.floor((f.covered / f.total) * 1000) / 10);
const total = { states: sum('states'), transitions: sum('transitions') };
const incomplete = rows.filter((r) => r.model && (r.model.states.missing.length || r.model.transitions.missing.length || r.model.notRun.length));
const report = {
  generatedAt: new Date().toISOString(),
  total: { ...total, statesPercent: pct(total.states), transitionsPercent: pct(total.transitions), machines: rows.filter((r) => r.model).length },
  withoutModelTest: rows.filter((r) => !r.model).map((r) => r.machine),
  machines: rows,
};
mkdirSync(dir, { recursive: true });
writeFileSync(path.join(dir, 'coverage.json'), `${JSON.stringify(report, null, 2)}\n`);

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const figure = (f) => (f ? `${f.covered}/${f.total} <small>(${pct(f)}%)</small>` : '—');
const cls = (f) => (!f ? '' : f.covered === f.total ? 'full' : 'gap');
const missingList = (r) => {
  const items = [
    ...(r.model?.states.missing ?? []).map((m) => `state ${m}`),
    ...(r.model?.transitions.missing ?? []).map((m) => `transition ${m}`),
    ...(r.model?.notRun ?? []).map((m) => `path not run: ${m}`),
  ];
  return items.length ? `<ul>${items.map((i) => `<li>${esc(i)}</li>`).join('')}</ul>` : '';
};
const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Model coverage</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:2rem;color:#222}table{border-collapse:collapse}
th,td{border:1px solid #ccc;padding:.3rem .6rem;text-align:left;vertical-align:top}td.n{text-align:right}
.full{background:#e8f6e8}.gap{background:#fde8e8}small{color:#666}tfoot td{font-weight:bold}
</style></head><body>
<h1>Model coverage</h1>
<p>Measured from the model-test paths that ran to the end in a passing test (tests/model, one fragment per
test file and machine), and from the browser walks where they exist (figures from their last run).
Generated ${esc(report.generatedAt)} by <code>scripts/coverage-report.mjs</code>.</p>
<p><strong>Total (model tests): states ${figure(total.states)}, transitions ${figure(total.transitions)}</strong>
over ${report.total.machines} machines${incomplete.length ? ` — <strong>${incomplete.length} not full</strong>` : ''}.</p>
<table><thead><tr><th>Machine</th><th>States</th><th>Transitions</th><th>Model test files</th><th>Browser walk (states / transitions)</th><th>Not covered</th></tr></thead>
<tbody>
${rows
  .map(
    (r) => `<tr><td><a href="../../docs/statecharts/${esc(r.machine)}.md">${esc(r.machine)}</a></td>
<td class="n ${cls(r.model?.states)}">${figure(r.model?.states)}</td><td class="n ${cls(r.model?.transitions)}">${figure(r.model?.transitions)}</td>
<td>${r.model ? r.model.files.map(esc).join('<br>') : '<em>no model test</em>'}</td>
<td>${r.browser ? `${figure(r.browser.states)} / ${figure(r.browser.transitions)}<br><small>${esc(r.browser.spec ?? '')}, ${esc(r.browser.writtenAt ?? '')}</small>` : '—'}</td>
<td>${missingList(r)}</td></tr>`,
  )
  .join('\n')}
</tbody>
<tfoot><tr><td>Total</td><td class="n">${figure(total.states)}</td><td class="n">${figure(total.transitions)}</td><td colspan="3"></td></tr></tfoot>
</table></body></html>
`;
writeFileSync(path.join(dir, 'index.html'), html);

console.log(
  `coverage report: states ${total.states.covered}/${total.states.total} (${pct(total.states)}%), ` +
    `transitions ${total.transitions.covered}/${total.transitions.total} (${pct(total.transitions)}%) over ${report.total.machines} machines` +
    ` -> ${path.relative(root, path.join(dir, 'index.html'))}`,
);
for (const b of browser) console.log(`  browser walk ${b.machine}: states ${b.states.covered}/${b.states.total}, transitions ${b.transitions.covered}/${b.transitions.total} (${b.spec})`);
if (report.withoutModelTest.length) console.log(`  no model test: ${report.withoutModelTest.join(', ')}`);
if (!fragments.length) {
  console.error('no coverage fragments in reports/coverage/model: did the web tests run?');
  process.exit(1);
}
if (incomplete.length) {
  console.error(`model coverage below 100% for: ${incomplete.map((r) => r.machine).join(', ')}`);
  process.exit(1);
}
