#!/usr/bin/env node
// `npm test`: every check the project has, in order, stopping at the first failure.
//   1 typecheck  tsc --noEmit
//   2 lint       eslint . --max-warnings 0 (npm run lint: typescript-eslint, rules of hooks, the layers' boundaries, no cycles;
//                eslint.config.js)
//   3 web        vitest run --project web   (views, machines, model-based tests, diagrams up to date), then
//                scripts/coverage-report.mjs (reports/coverage/coverage.json + index.html; below 100% fails)
//   4 api        vitest run --project api   (PGlite, plus PostgreSQL when TEST_DATABASE_URL is set;
//                                            under CI a missing TEST_DATABASE_URL fails), then
//                scripts/api-conformance.ts (every recorded answer matches docs/openapi.json)
//   5 e2e        npm run build, then playwright test against Chromium, the projects chromium and layout (skipped with
//                a loud warning when no Chromium is installed, except under CI where that fails)
//   6 budget     scripts/budget.mjs on dist/ against budgets.json
//   7 e2e-exclusive  playwright test --project exclusive: the specs that change what the others see, one at a
//                time, on a server of their own; at the same time as stage 8 (each keeps about one core busy)
//   8 deploy     scripts/deploy-check.ts (npm run deploy:check): three nodes behind HAProxy on a throwaway
//                PostgreSQL database, a rolling restart and a database fault under traffic (skipped with a loud
//                warning when HAProxy is not installed, except under CI where that fails)
// The SPA is built once per run, by the first stage that needs it (e2e, budget, e2e-exclusive or deploy).
// Stages with the same `together` run at the same time (typecheck and lint: on two cores about 76 s together
// against 92 s one after the other); their output is held back and printed whole, one after the other, when both end.
// Local use: `npm test -- web api` runs only those stages (names or numbers; `e2e` selects both browser stages and
// also answers to `browser`, `typecheck` to `tsc`/`types`, `lint` to `eslint`, `deploy` to `deploy-check`).
// The last line is always `N passed, N failed`, counting stages.
import { AsyncLocalStorage } from 'node:async_hooks';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const isCI = ['true', '1', 'yes'].includes(String(process.env.CI ?? '').toLowerCase());
const color = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code, s) => (color ? `\x1b[${code}m${s}\x1b[0m` : s);
const bold = (s) => paint('1', s);
const red = (s) => paint('31;1', s);
const green = (s) => paint('32', s);
const yellow = (s) => paint('33;1', s);

const children = new Set(); // the running children, to forward Ctrl-C / SIGTERM
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interrupted = true;
    if (children.size) for (const child of children) child.kill(signal);
    else process.exit(130);
  });
}

/** Where a stage that runs beside another writes: its own buffer, printed when the stages end. */
const heldOutput = new AsyncLocalStorage();

/** console.log, or into the running stage's buffer when it runs beside another. */
function say(line) {
  const held = heldOutput.getStore();
  if (held) held.push(line + '\n');
  else console.log(line);
}

function run(command, args, env = {}) {
  const shown = command.startsWith(root + path.sep) ? path.relative(root, command) : path.basename(command);
  say(paint('2', `$ ${[shown, ...args.map((a) => (a.startsWith(root + path.sep) ? path.relative(root, a) : a))].join(' ')}`));
  const held = heldOutput.getStore();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    if (held) {
      child.stdout.on('data', (chunk) => held.push(chunk));
      child.stderr.on('data', (chunk) => held.push(chunk));
    }
    children.add(child);
    child.on('error', (error) => {
      say(red(`could not start ${command}: ${error.message}`));
      children.delete(child);
      resolve(1);
    });
    child.on('close', (code, signal) => {
      children.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

function loud(lines, paintFn) {
  const width = Math.max(...lines.map((l) => l.length)) + 4;
  const bar = '!'.repeat(width);
  say(paintFn(['', bar, ...lines.map((l) => `! ${l.padEnd(width - 4)} !`), bar, ''].join('\n')));
}

/** The browsers the suite looks for, in its order (tests/e2e/support/env.ts says why the headless shell first). */
const CHROMIUM_CANDIDATES = JSON.parse(readFileSync(new URL('../tests/e2e/support/chromium-paths.json', import.meta.url), 'utf8'));
function findChromium() {
  // An explicit CHROMIUM_PATH is taken at its word: if it does not exist, there is no fallback.
  if (process.env.CHROMIUM_PATH) return existsSync(process.env.CHROMIUM_PATH) ? process.env.CHROMIUM_PATH : undefined;
  return CHROMIUM_CANDIDATES.find((p) => existsSync(p));
}

const HAPROXY_PATHS = ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy', '/usr/bin/haproxy'];
function findHaproxy() {
  if (process.env.HAPROXY_BIN) return existsSync(process.env.HAPROXY_BIN) ? process.env.HAPROXY_BIN : undefined;
  return HAPROXY_PATHS.find((p) => existsSync(p));
}

let building; // the SPA's build of this run, started once, awaited by every stage that needs it
/** `npm run build`, once per run: the browser stages, the budget and the deploy check read dist/. */
function ensureBuilt() {
  building ??= run('npm', ['run', 'build']).then((code) => code === 0);
  return building;
}

let browser; // the browser stages' shared verdict: a Chromium path, or 'failed' / 'skipped' (said once)
/** The Chromium the browser suite runs in, with the SPA built; or why the browser stages cannot run. */
async function browserReady() {
  if (browser === undefined) browser = await findBrowser();
  if (browser === 'failed' || browser === 'skipped') return browser;
  return (await ensureBuilt()) ? browser : 'failed';
}

async function findBrowser() {
  const chromium = findChromium();
  if (chromium) {
    say(`Chromium: ${chromium}`);
    return chromium;
  }
  if (isCI) {
    loud(
      [
        'CI=true but no Chromium was found',
        `(looked at ${['$CHROMIUM_PATH', ...CHROMIUM_CANDIDATES].join(', ')}).`,
        'Install them: apt-get update && apt-get install -y chromium-headless-shell chromium',
        'Failing.',
      ],
      red,
    );
    return 'failed';
  }
  loud(
    [
      'THE BROWSER SUITE WAS SKIPPED: no Chromium found',
      `(looked at ${['$CHROMIUM_PATH', ...CHROMIUM_CANDIDATES].join(', ')}).`,
      'Nothing in tests/e2e ran, so this run proves nothing about the real browser.',
      'Install it (Playwright cannot download browsers here):',
      '  sudo apt-get update && sudo apt-get install -y chromium-headless-shell chromium',
      'or point CHROMIUM_PATH at a Chromium/Chrome binary, then: npm test -- e2e',
    ],
    yellow,
  );
  return 'skipped';
}

/** Each stage resolves to 'passed' | 'failed' | 'skipped'. */
const stages = [
  {
    name: 'typecheck',
    aliases: ['tsc', 'types'],
    together: 'static checks',
    title: 'TypeScript typecheck (tsc --noEmit)',
    run: async () => ((await run(bin('tsc'), ['--noEmit'])) === 0 ? 'passed' : 'failed'),
  },
  {
    name: 'lint',
    aliases: ['eslint'],
    together: 'static checks',
    title: 'ESLint (typescript-eslint, react-hooks, architecture boundaries, no import cycles)',
    run: async () => ((await run(bin('eslint'), ['.', '--max-warnings', '0'])) === 0 ? 'passed' : 'failed'),
  },
  {
    name: 'web',
    aliases: ['unit', 'model'],
    title: 'Vitest, project web (jsdom: tests/unit, tests/model)',
    // Then the model coverage report (scripts/coverage-report.mjs): the fragments each test file wrote,
    // merged into reports/coverage/coverage.json + index.html; below 100% fails the stage.
    run: async () => {
      await run(process.execPath, [path.join(root, 'scripts', 'coverage-report.mjs'), '--clean']);
      if ((await run(bin('vitest'), ['run', '--project', 'web'])) !== 0) return 'failed';
      return (await run(process.execPath, [path.join(root, 'scripts', 'coverage-report.mjs')])) === 0 ? 'passed' : 'failed';
    },
  },
  {
    name: 'api',
    aliases: [],
    title: 'Vitest, project api (node: tests/api on PGlite, and PostgreSQL when TEST_DATABASE_URL is set)',
    run: async () => {
      if (!process.env.TEST_DATABASE_URL) {
        if (isCI) {
          loud(
            [
              'CI=true but TEST_DATABASE_URL is not set.',
              'The API suite must also run against PostgreSQL in CI, e.g.',
              '  TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test',
              '(.ci/run sets it.) Failing.',
            ],
            red,
          );
          return 'failed';
        }
        say(yellow('TEST_DATABASE_URL is not set: the API suite runs on PGlite only (PostgreSQL runs are skipped).'));
      } else {
        say(`PostgreSQL for the API suite: ${process.env.TEST_DATABASE_URL.replace(/\/\/([^:@/]+):[^@]*@/, '//$1:***@')}`);
      }
      // Then every answer the suite received is checked against docs/openapi.json (the suite's
      // tests/api/openapi.test.ts already checked that file is current and valid OpenAPI 3.1). The answers
      // go to a folder of this run's own, so another vitest run in the same tree cannot mix in or clear them.
      const answers = { API_ANSWERS_DIR: path.join(root, 'reports', 'api-conformance', `answers-run-${process.pid}`) };
      if ((await run(bin('vitest'), ['run', '--project', 'api'], answers)) !== 0) return 'failed';
      const conformance = await run(bin('tsx'), [path.join(root, 'scripts', 'api-conformance.ts')], answers);
      rmSync(answers.API_ANSWERS_DIR, { recursive: true, force: true });
      return conformance === 0 ? 'passed' : 'failed';
    },
  },
  {
    name: 'e2e',
    aliases: ['browser', 'playwright'],
    title: 'Browser suite (Playwright + Chromium against the built app; the projects chromium and layout)',
    run: async () => {
      const chromium = await browserReady();
      if (chromium === 'failed' || chromium === 'skipped') return chromium;
      const code = await run(bin('playwright'), ['test', '--project', 'chromium', '--project', 'layout'], { CHROMIUM_PATH: chromium, E2E_SKIP_BUILD: '1' });
      // the report again, now with this run's browser walk figures (informative; the web stage enforced 100%)
      await run(process.execPath, [path.join(root, 'scripts', 'coverage-report.mjs')]);
      return code === 0 ? 'passed' : 'failed';
    },
  },
  {
    name: 'budget',
    aliases: ['bundle', 'size'],
    title: 'JavaScript budget (initial JS of each public route against budgets.json)',
    run: async () => {
      if (!(await ensureBuilt())) return 'failed';
      return (await run(process.execPath, [path.join(root, 'scripts', 'budget.mjs'), path.join(root, 'dist')])) === 0
        ? 'passed'
        : 'failed';
    },
  },
  {
    // The specs that change what every other spec sees, one at a time on a server of their own (playwright.config.ts
    // project `exclusive`), beside the deploy check: each keeps about one core busy, and the two cores have them both.
    name: 'e2e-exclusive',
    aliases: ['e2e', 'browser', 'playwright', 'exclusive'],
    together: 'after the browser suite',
    title: 'Browser suite, the exclusive specs (Playwright project exclusive, one at a time)',
    run: async () => {
      const chromium = await browserReady();
      if (chromium === 'failed' || chromium === 'skipped') return chromium;
      const code = await run(bin('playwright'), ['test', '--project', 'exclusive', '--no-deps'], { CHROMIUM_PATH: chromium, E2E_SKIP_BUILD: '1', E2E_PART: 'exclusive' });
      return code === 0 ? 'passed' : 'failed';
    },
  },
  {
    name: 'deploy',
    aliases: ['deploy-check', 'haproxy'],
    together: 'after the browser suite',
    title: 'Deploy check (three nodes behind HAProxy: rolling restart, database fault; npm run deploy:check)',
    run: async () => {
      const haproxy = findHaproxy();
      if (!haproxy) {
        const lines = [
          `${isCI ? 'CI=true but HAProxy' : 'THE DEPLOY CHECK WAS SKIPPED: HAProxy'} is not installed`,
          `(looked at $HAPROXY_BIN, ${HAPROXY_PATHS.join(', ')}).`,
          'Install it: apt-get update && apt-get install -y haproxy',
        ];
        if (isCI) {
          loud([...lines, 'Failing.'], red);
          return 'failed';
        }
        loud([...lines, 'then: npm test -- deploy'], yellow);
        return 'skipped';
      }
      say(`HAProxy: ${haproxy}`);
      // The check's traffic includes the SPA's pages.
      if (!(await ensureBuilt())) return 'failed';
      return (await run(bin('tsx'), [path.join(root, 'scripts', 'deploy-check.ts')], { HAPROXY_BIN: haproxy })) === 0 ? 'passed' : 'failed';
    },
  },
];

// Stage selection: `npm test -- web api` or `npm test -- 2 3`.
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = wanted.filter(
  (w) => !stages.some((s, i) => s.name === w || s.aliases.includes(w) || String(i + 1) === w),
);
if (unknown.length) {
  console.error(red(`unknown stage(s): ${unknown.join(', ')}. Stages: ${stages.map((s) => s.name).join(', ')}`));
  console.log('0 passed, 1 failed');
  process.exit(2);
}
const selected = wanted.length
  ? stages.filter((s, i) => wanted.some((w) => s.name === w || s.aliases.includes(w) || String(i + 1) === w))
  : stages;

const results = new Map(); // name -> { status, seconds }

function banner(text) {
  const rule = bold('━'.repeat(Math.min(100, text.length + 2)));
  console.log(`\n${rule}\n${bold(text)}\n${rule}`);
}

/** Runs one stage; with `held`, its output goes there instead of the terminal. */
async function runStage(stage, held) {
  const started = Date.now();
  let status;
  try {
    status = await (held ? heldOutput.run(held, stage.run) : stage.run());
  } catch (error) {
    const line = red(`stage ${stage.name} crashed: ${error?.stack ?? error}`);
    if (held) held.push(line + '\n');
    else console.error(line);
    status = 'failed';
  }
  if (interrupted) status = 'failed';
  return { status, seconds: (Date.now() - started) / 1000 };
}

function verdictLine(stage, { status, seconds }, note = '') {
  const verdict = status === 'passed' ? green('passed') : status === 'skipped' ? yellow('SKIPPED') : red('FAILED');
  console.log(`${bold(stage.name)} ${verdict} in ${seconds.toFixed(1)} s${note}`);
}

// Consecutive selected stages that share a `together` run as one batch.
const batches = [];
for (const stage of selected) {
  const last = batches.at(-1);
  if (last && stage.together && last[0].together === stage.together) last.push(stage);
  else batches.push([stage]);
}

const suiteStarted = Date.now();
let failed = false;
let position = 0;
for (const batch of batches) {
  const numbers = batch.map(() => ++position);
  if (batch.length === 1) {
    const [stage] = batch;
    banner(`▶ [${numbers[0]}/${selected.length}] ${stage.name}: ${stage.title}`);
    const result = await runStage(stage);
    results.set(stage.name, result);
    verdictLine(stage, result);
  } else {
    const names = batch.map((s) => s.name).join(' ∥ ');
    console.log(`\n${bold(`▶ [${numbers[0]}–${numbers.at(-1)}/${selected.length}] ${names}, at the same time; the output of each follows when all end`)}`);
    const started = Date.now();
    const outputs = batch.map(() => []);
    const outcomes = await Promise.all(batch.map((stage, i) => runStage(stage, outputs[i])));
    batch.forEach((stage, i) => {
      banner(`▶ [${numbers[i]}/${selected.length}] ${stage.name}: ${stage.title}`);
      for (const chunk of outputs[i]) process.stdout.write(chunk);
      results.set(stage.name, outcomes[i]);
      verdictLine(stage, outcomes[i], paint('2', ` (beside ${batch.filter((o) => o !== stage).map((o) => o.name).join(', ')})`));
    });
    console.log(`${bold(names)}: ${((Date.now() - started) / 1000).toFixed(1)} s together`);
  }
  if (batch.some((stage) => results.get(stage.name).status === 'failed')) {
    failed = true;
    break; // fail fast
  }
}

console.log('\n' + bold('Summary'));
for (const stage of selected) {
  const r = results.get(stage.name);
  const label = !r
    ? paint('2', 'not run (an earlier stage failed)')
    : r.status === 'passed'
      ? green('passed')
      : r.status === 'skipped'
        ? yellow(`SKIPPED (no ${stage.name === 'deploy' ? 'HAProxy' : 'Chromium'}; see the warning above)`)
        : red('FAILED');
  const beside = r && stage.together ? selected.filter((o) => o !== stage && o.together === stage.together && results.has(o.name)) : [];
  const note = beside.length ? ` (beside ${beside.map((o) => o.name).join(', ')})` : '';
  console.log(`  ${stage.name.padEnd(10)} ${label}${r ? paint('2', `  ${r.seconds.toFixed(1)} s${note}`) : ''}`);
}
console.log(paint('2', `  ${'in all'.padEnd(10)} ${((Date.now() - suiteStarted) / 1000).toFixed(1)} s`));
const passedCount = [...results.values()].filter((r) => r.status === 'passed').length;
const failedCount = [...results.values()].filter((r) => r.status === 'failed').length;
console.log(`${passedCount} passed, ${failedCount} failed`);
process.exit(failed || interrupted ? 1 : 0);
