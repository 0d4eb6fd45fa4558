// npm run storyboard [-- --machines a,b] [--out reports/storyboard] [--base-url http://127.0.0.1:PORT [--mail-dir DIR]] [--lang en]
//                    [--states s1,s2 (only these states of the given machines; the others' screenshots are kept)]
//
// For designers: walks each screen-driving machine through the real app (the built SPA and the API, started
// like the browser suite does: scripts/e2e-server.mjs on a free port with a fresh PGlite folder; it builds
// first when dist/ is missing), brings it into each state by the recipe of scripts/storyboard/recipes.ts and
// saves a screenshot of the screen in that state at desktop size and at 390 px (mobile). Then writes one
// page per machine (<out>/<machine>.html: its diagram beside the screenshots of its states, linked both
// ways; states without a recipe are listed with the reason) and an index of every flow with its counts
// (<out>/index.html: states shown / total per machine and in all). The output is generated: reports/ is
// gitignored. Not part of npm test (one e2e spec runs it on the disclosure machine).
//
// A recipe runs once per state in a desktop-sized page and answers the element that proves the state (a
// data attribute or text the view shows only then); the storyboard waits for it, takes the desktop shot,
// narrows the page to 390 px, checks the element again and takes the mobile shot (when the state does not
// survive the resize, the recipe runs again in a 390 px page). A compound state is shown by the screenshots
// of the child it rests in (`sameAs`); an eventless state (only an unguarded `always` out, no invoke, no
// timer) is found from the chart and listed as transient: the machine never rests there, nothing renders.
// A state the app leaves with nothing to wait for (a mount effect, a settled promise, the same render as a
// navigation) is listed as fleeting with the recipe file's reason (`fleeting`): no screenshot could prove it,
// and holding it would mean stopping the app's own code, so it is counted apart from the states not shown.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Browser, type Locator, type Page } from '@playwright/test';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { discoverMachineFiles, machinesOf } from './statecharts/generate';
import { chartEdges, chartStates } from './statecharts/graph';
import { loadDescriptions, stateDescription, stateKey, type MachineDescriptions } from './statecharts/describe';
import { machinePaths } from './paths/paths';
import { RECIPES, type RecipeContext } from './storyboard/recipes';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const only = opt('--machines')?.split(',').filter(Boolean);
/** only these states (fixing a recipe): the others keep their screenshots from an earlier run */
const onlyStates = opt('--states')?.split(',').filter(Boolean);
const outDir = path.resolve(root, opt('--out') ?? 'reports/storyboard');
const lang = (opt('--lang') ?? 'en') as 'en' | 'pl';
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 390, height: 844 },
] as const;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const fileKey = (key: string) => key.replace(/[^A-Za-z0-9_.-]/g, '_');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function startApp(): Promise<{ baseUrl: string; child: ChildProcess; mailDir: string }> {
  if (!existsSync(path.join(root, 'dist', 'index.html'))) {
    console.log('[storyboard] dist/ is missing: npm run build');
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('build failed');
  }
  const port = await freePort();
  const dataDir = path.join(os.tmpdir(), `estate-shares-storyboard-${port}`);
  // a snapshot of dist/ (E2E_SPA_DIR): a rebuild during the run (npm test, another terminal) must not swap the app
  const spaDir = path.join(os.tmpdir(), `estate-shares-storyboard-spa-${port}`);
  cpSync(path.join(root, 'dist'), spaDir, { recursive: true });
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'e2e-server.mjs')], {
    cwd: root,
    env: { ...process.env, E2E_PORT: String(port), E2E_SKIP_BUILD: '1', E2E_DATA_DIR: dataDir, E2E_SPA_DIR: spaDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.once('exit', () => rmSync(spaDir, { recursive: true, force: true }));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited (${child.exitCode}) before it answered`);
    try {
      const res = await fetch(`${baseUrl}/`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the app did not answer within 240 s');
    await new Promise((r) => setTimeout(r, 500));
  }
  return { baseUrl, child, mailDir: path.join(dataDir, 'mail') };
}

interface Flow {
  base: string;
  machine: AnyStateMachine;
  descriptions: MachineDescriptions | undefined;
  states: string[];
  transitions: number;
  paths: number;
  shots: Map<string, string[]>;
  /** state -> what proved the state on screen (the recipe's locator), or the state whose screenshots it shares */
  proof: Map<string, string>;
  notShown: Map<string, string>;
  /** eventless states: the machine never rests there */
  transient: Set<string>;
  /** states the app leaves with nothing to wait for (recipes' `fleeting`): state -> why no screenshot can prove it */
  fleeting: Map<string, string>;
}

/** An eventless state: left at once by an unguarded `always` transition, with nothing to wait for. */
function isTransient(node: AnyStateNode): boolean {
  const always = (node as unknown as { always?: { guard?: unknown }[] }).always ?? [];
  return always.some((t) => !t.guard) && node.invoke.length === 0 && node.after.length === 0;
}

async function loadFlows(): Promise<Flow[]> {
  const flows: Flow[] = [];
  const importModule = (abs: string) => import(pathToFileURL(abs).href) as Promise<Record<string, unknown>>;
  for (const name of discoverMachineFiles(root)) {
    const base = name.replace(/\.machine\.ts$/, '');
    const [first] = machinesOf(await importModule(path.join(root, 'machines', name)));
    if (!first) continue;
    const descriptions = await loadDescriptions(importModule, path.join(root, 'machines', 'descriptions', `${base}.ts`));
    const states = chartStates(first.machine).filter((n) => n.type !== 'history').map(stateKey);
    const transient = new Set(chartStates(first.machine).filter(isTransient).map(stateKey));
    const fleeting = new Map(Object.entries(RECIPES[base]?.fleeting ?? {}).filter(([s]) => states.includes(s) && !transient.has(s) && !RECIPES[base]?.states[s]));
    flows.push({
      base,
      machine: first.machine,
      descriptions,
      states,
      transient,
      fleeting,
      transitions: chartEdges(first.machine).length,
      paths: machinePaths(first.machine).length,
      shots: new Map(),
      proof: new Map(),
      notShown: new Map(),
    });
  }
  return flows;
}

const TRANSIENT_REASON = 'transient: an eventless state (an unguarded `always` leads on at once), the machine never rests here and nothing is rendered for it';

async function visible(proof: Locator | void, attached = false) {
  if (proof) await proof.first().waitFor({ state: attached ? 'attached' : 'visible', timeout: 15_000 });
}

async function shoot(browser: Browser, baseUrl: string, mailDir: string | undefined, flow: Flow): Promise<void> {
  const recipes = RECIPES[flow.base];
  if (!recipes) {
    for (const s of flow.states) flow.notShown.set(s, 'no storyboard recipe for this machine yet (scripts/storyboard/recipes.ts)');
    return;
  }
  mkdirSync(path.join(outDir, flow.base), { recursive: true });
  const newPage = async (vp: (typeof VIEWPORTS)[number]) => {
    // baseURL: the page objects the recipes share with the browser suite (tests/e2e/pages) go to the app's paths
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: vp.width, height: vp.height }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    return page;
  };
  const ctxOf = (page: Page): RecipeContext => ({ page, baseUrl, lang, mailDir });
  const save = async (page: Page, state: string, vp: (typeof VIEWPORTS)[number], proof: Locator | void) => {
    // the proving element in view (a message below the fold, a row far down a form)
    if (proof) await proof.first().scrollIntoViewIfNeeded({ timeout: 2_000 }).catch(() => {});
    await page.waitForTimeout(300); // let transitions settle
    const rel = `${flow.base}/${fileKey(state)}-${vp.name}.png`;
    await page.screenshot({ path: path.join(outDir, rel) });
    flow.shots.set(state, [...(flow.shots.get(state) ?? []), rel]);
    console.log(`[storyboard] ${flow.base} ${state} ${vp.name}`);
  };
  const [desktop, mobile] = VIEWPORTS;
  for (const state of flow.states) {
    const recipe = recipes.states[state];
    if (onlyStates && !onlyStates.includes(state)) {
      if (existsSync(path.join(outDir, flow.base, `${fileKey(state)}-desktop.png`)))
        flow.shots.set(state, VIEWPORTS.map((vp) => `${flow.base}/${fileKey(state)}-${vp.name}.png`));
      else if (state in recipes.states) flow.notShown.set(state, 'not run this time (--states)');
      else if (!recipes.sameAs?.[state] && !flow.fleeting.has(state)) flow.notShown.set(state, recipes.notShown?.[state] ?? (flow.transient.has(state) ? TRANSIENT_REASON : 'no recipe yet'));
      continue;
    }
    if (!recipe) {
      if (recipes.sameAs?.[state]) continue; // after the others
      if (flow.fleeting.has(state)) continue; // its reason is on the page
      flow.notShown.set(state, recipes.notShown?.[state] ?? (flow.transient.has(state) ? TRANSIENT_REASON : 'no recipe yet'));
      continue;
    }
    let page = await newPage(desktop);
    try {
      const proof = await recipe(ctxOf(page));
      await visible(proof);
      await save(page, state, desktop, proof);
      if (proof) flow.proof.set(state, `confirmed on screen by <code>${esc(String(proof))}</code>`);
      // the same state at 390 px: the page narrowed, or (when the state does not survive that) the recipe again
      await page.setViewportSize({ width: mobile.width, height: mobile.height });
      let mobileProof = proof;
      try {
        if (proof) await proof.first().waitFor({ state: 'attached', timeout: 3_000 });
      } catch {
        await page.context().close();
        page = await newPage(mobile);
        mobileProof = await recipe(ctxOf(page));
        await visible(mobileProof, true);
      }
      await save(page, state, mobile, mobileProof);
    } catch (error) {
      // what the page showed instead (for whoever fixes the recipe; not counted as a screenshot of the state)
      await page.screenshot({ path: path.join(outDir, flow.base, `${fileKey(state)}-recipe-failed.png`) }).catch(() => {});
      flow.shots.delete(state);
      flow.notShown.set(state, `the recipe failed: ${(error as Error).message.split('\n')[0]}`);
      console.warn(`[storyboard] ${flow.base} ${state}: ${(error as Error).message.split('\n')[0]}`);
    } finally {
      await page.context().close();
    }
  }
  // A state shown by another's screenshots (a compound state by the child it rests in, a region by the
  // state of the whole): the files are copied, so the index counts them from disk like the others.
  for (const [state, other] of Object.entries(recipes.sameAs ?? {})) {
    if (!flow.states.includes(state)) continue;
    const shots = flow.shots.get(other);
    if (!shots) {
      flow.notShown.set(state, `shown by ${other}, which has no screenshot`);
      continue;
    }
    for (const rel of shots) {
      const mine = rel.replace(`/${fileKey(other)}-`, `/${fileKey(state)}-`);
      cpSync(path.join(outDir, rel), path.join(outDir, mine));
      flow.shots.set(state, [...(flow.shots.get(state) ?? []), mine]);
    }
    flow.proof.set(state, `the screen of <a href="#state-${esc(other)}">${esc(other)}</a>${flow.proof.has(other) ? `, ${flow.proof.get(other)}` : ''}`);
  }
}

const STYLE = `body{font:14px/1.4 system-ui,sans-serif;margin:0;color:#222}header{padding:1rem 2rem;border-bottom:1px solid #ddd}
main{display:grid;grid-template-columns:minmax(320px,45%) 1fr;gap:1.5rem;padding:1rem 2rem}
#diagram{position:sticky;top:0;align-self:start;max-height:100vh;overflow:auto;border:1px solid #eee}
#diagram svg{max-width:100%;height:auto}#diagram g.node,#diagram g.cluster{cursor:pointer}
#diagram g.current polygon,#diagram g.current path{stroke:#d33;stroke-width:3}
section.state{border-top:1px solid #ddd;padding:.5rem 0 1rem}section.state:target{background:#fff8e0}
.shots{display:flex;gap:1rem;align-items:flex-start;flex-wrap:wrap}.shots img{border:1px solid #ccc;max-width:100%}
.shots figure{margin:0}.proof{color:#555;font-size:12px}.fleeting{color:#555}.shots .desktop img{width:560px}.shots .mobile img{width:195px}.missing{color:#a33}
table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:.3rem .6rem;text-align:left}td.n{text-align:right}`;

function flowPage(flow: Flow): string {
  const svgFile = path.join(root, 'docs', 'statecharts', `${flow.base}.svg`);
  const svg = existsSync(svgFile) ? readFileSync(svgFile, 'utf8').replace(/^<\?xml[^>]*>\s*/, '').replace(/<!DOCTYPE[^>]*>\s*/, '') : '<p>(no diagram: run npm run statecharts)</p>';
  const node = (key: string) => flow.machine.getStateNodeById(`${flow.machine.id}.${key}`);
  const sections = flow.states
    .map((key) => {
      const shots = flow.shots.get(key) ?? [];
      const d = (l: 'en' | 'pl') => esc(stateDescription(flow.descriptions, node(key), l) ?? '');
      const body = shots.length
        ? `<div class="shots">${shots
            .map((rel) => `<figure class="${rel.endsWith('-mobile.png') ? 'mobile' : 'desktop'}"><a href="${esc(rel)}"><img src="${esc(rel)}" alt="${esc(`${flow.base}: ${key} (${rel.endsWith('-mobile.png') ? 'mobile' : 'desktop'})`)} — ${d('en')}"></a><figcaption>${rel.endsWith('-mobile.png') ? 'mobile 390 px' : 'desktop 1280 px'}</figcaption></figure>`)
            .join('')}</div>${flow.proof.has(key) ? `<p class="proof">${flow.proof.get(key)}</p>` : ''}`
        : flow.fleeting.has(key)
          ? `<p class="fleeting">Fleeting, no screenshot can prove it: ${esc(flow.fleeting.get(key)!)}</p>`
          : `<p class="missing">Not shown: ${esc(flow.notShown.get(key) ?? 'no recipe')}</p>`;
      return `<section class="state" id="state-${esc(key)}"><h3><code>${esc(key)}</code> — ${d('en')} <small>/ ${d('pl')}</small> <a href="#diagram" data-state="${esc(key)}" class="to-diagram">↑ diagram</a></h3>${body}</section>`;
    })
    .join('\n');
  const shown = flow.states.filter((s) => flow.shots.has(s)).length;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Storyboard: ${esc(flow.base)}</title><style>${STYLE}</style></head><body>
<header><a href="index.html">← all flows</a><h1>Storyboard: ${esc(flow.base)}</h1>
<p>${esc(flow.descriptions?.summary[0] ?? '')} <small>/ ${esc(flow.descriptions?.summary[1] ?? '')}</small></p>
<p>${flow.states.length} states (${shown} shown${flow.transient.size ? `, ${flow.transient.size} transient` : ''}${flow.fleeting.size ? `, ${flow.fleeting.size} fleeting` : ''}), ${flow.transitions} transitions, ${flow.paths} paths ·
<a href="../../docs/statecharts/${esc(flow.base)}.md">chart</a> · <a href="../../docs/paths/${esc(flow.base)}.md">test paths</a>.
Click a state in the diagram to see its screen; “↑ diagram” marks the state in the diagram.</p></header>
<main><div id="diagram">${svg}</div><div>${sections}</div></main>
<script>
const machineId = ${JSON.stringify(flow.machine.id)};
const keyOf = (g) => { const t = g.querySelector('title'); if (!t) return null; let s = t.textContent.replace(/^cluster_/, '').replace(/\\.__anchor$/, ''); return s.startsWith(machineId + '.') ? s.slice(machineId.length + 1) : null; };
const byKey = new Map();
for (const g of document.querySelectorAll('#diagram g.node, #diagram g.cluster')) {
  const key = keyOf(g); if (!key || !document.getElementById('state-' + key)) continue;
  byKey.set(key, g);
  g.addEventListener('click', () => { location.hash = 'state-' + key; });
}
const mark = (key) => { for (const g of byKey.values()) g.classList.remove('current'); byKey.get(key)?.classList.add('current'); };
for (const a of document.querySelectorAll('a.to-diagram')) a.addEventListener('click', () => mark(a.dataset.state));
addEventListener('hashchange', () => { if (location.hash.startsWith('#state-')) mark(location.hash.slice(7)); });
</script></body></html>
`;
}

/** Screenshots on disk (a run with --machines leaves the other flows' screenshots as they were). */
function shownOnDisk(f: Flow): number {
  return f.states.filter((s) => existsSync(path.join(outDir, f.base, `${fileKey(s)}-desktop.png`))).length;
}

function indexPage(flows: Flow[]): string {
  const pct = (a: number, b: number) => (b ? `${Math.round((a / b) * 100)}%` : '–');
  let total = 0;
  let shownAll = 0;
  let transientAll = 0;
  let fleetingAll = 0;
  const rows = flows
    .map((f) => {
      const shown = shownOnDisk(f);
      total += f.states.length;
      shownAll += shown;
      transientAll += f.transient.size;
      fleetingAll += f.fleeting.size;
      const missing = f.states.length - shown - f.transient.size - f.fleeting.size;
      return `<tr><td><a href="${esc(f.base)}.html">${esc(f.base)}</a></td><td>${esc(f.descriptions?.summary[0] ?? '')}</td><td>${esc(f.descriptions?.screens.join(', ') ?? '')}</td><td class="n">${f.states.length}</td><td class="n">${f.transitions}</td><td class="n">${f.paths}</td><td class="n">${shown} / ${f.states.length} (${pct(shown, f.states.length)})</td><td class="n">${f.transient.size}</td><td class="n">${f.fleeting.size}</td><td class="n${missing > 0 ? ' missing' : ''}">${missing}</td></tr>`;
    })
    .join('\n');
  const left = total - shownAll - transientAll - fleetingAll;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Storyboard: every flow</title><style>${STYLE} body{padding:1rem 2rem}</style></head><body>
<h1>Storyboard: every flow</h1>
<p>One page per machine: its diagram beside a screenshot of the real app in each state (desktop and 390 px mobile).
Generated by <code>npm run storyboard</code> on ${esc(new Date().toISOString())}, language ${lang}.
${shownAll} of ${total} states shown (${pct(shownAll, total)}); ${transientAll} transient (eventless: the machine never rests there); ${fleetingAll} fleeting (the app leaves them with nothing to wait for, before a screenshot could prove them; each machine's page says why); ${left} not shown (each machine's page gives the reason).</p>
<table><thead><tr><th>Flow</th><th>What it is for</th><th>Screens</th><th>States</th><th>Transitions</th><th>Paths</th><th>States shown / total</th><th>Transient</th><th>Fleeting</th><th>Not shown</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot><tr><th colspan="3">All flows</th><td class="n">${total}</td><td class="n">${flows.reduce((n, f) => n + f.transitions, 0)}</td><td class="n">${flows.reduce((n, f) => n + f.paths, 0)}</td><td class="n">${shownAll} / ${total} (${pct(shownAll, total)})</td><td class="n">${transientAll}</td><td class="n">${fleetingAll}</td><td class="n">${left}</td></tr></tfoot></table></body></html>
`;
}

const allFlows = await loadFlows();
const flows = only ? allFlows.filter((f) => only.includes(f.base)) : allFlows;
if (!flows.length) {
  console.error(`no machine matches ${only?.join(', ')}`);
  process.exit(2);
}
let app: { baseUrl: string; child?: ChildProcess; mailDir?: string } | undefined;
let browser: Browser | undefined;
let code = 0;
try {
  const given = opt('--base-url');
  app = given ? { baseUrl: given.replace(/\/$/, ''), mailDir: opt('--mail-dir') } : await startApp();
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined),
    args: ['--no-sandbox', '--disable-gpu'],
  });
  if (!only) rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  for (const flow of flows) {
    if (RECIPES[flow.base] && !onlyStates) rmSync(path.join(outDir, flow.base), { recursive: true, force: true });
    const began = Date.now();
    await shoot(browser, app.baseUrl, app.mailDir, flow);
    console.log(`[storyboard] ${flow.base}: ${flow.shots.size} / ${flow.states.length} states shown, ${flow.transient.size} transient, ${flow.fleeting.size} fleeting, in ${Math.round((Date.now() - began) / 1000)} s`);
    writeFileSync(path.join(outDir, `${flow.base}.html`), flowPage(flow));
  }
  writeFileSync(path.join(outDir, 'index.html'), indexPage(allFlows));
  const shots = flows.reduce((n, f) => n + [...f.shots.values()].flat().length, 0);
  const shown = allFlows.reduce((n, f) => n + shownOnDisk(f), 0);
  const total = allFlows.reduce((n, f) => n + f.states.length, 0);
  console.log(`[storyboard] ${shots} screenshot(s) of ${flows.length} flow(s); ${shown} / ${total} states of all flows shown -> ${path.relative(root, path.join(outDir, 'index.html'))}`);
} catch (error) {
  console.error(`[storyboard] ${(error as Error).stack ?? error}`);
  code = 1;
} finally {
  await browser?.close();
  if (app?.child && app.child.exitCode === null) {
    const exited = new Promise((r) => app!.child!.once('exit', r));
    app.child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  }
}
process.exit(code);
