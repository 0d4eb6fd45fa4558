// npm run longtasks -- [build dir …] — the main thread's long tasks while a page loads in the system Chromium with
// its CPU slowed 4× (as Lighthouse's mobile run), for one or more builds side by side: the loads alternate between
// the builds, so a noisy machine slows them alike (TBT). Not part of npm test.
//
// For each page and build it prints the median of LONGTASKS_RUNS (7) loads of the blocking time: the sum over the
// long tasks that end after the first contentful paint of what each lasts beyond 50 ms, counted until 2.5 s after
// the load event. This is the observed figure Lighthouse's simulated TBT is built from, without its network model.
//   npm run longtasks                                   # dist/, the offer pages
//   npm run longtasks -- /tmp/before dist               # two builds side by side
//   LONGTASKS_PAGES=/pl,/en/investments LONGTASKS_SHOW=1 npm run longtasks   # other pages; every task's start+length
// Each build gets its own server on a free port with a throwaway PGlite database (as scripts/lighthouse.mjs).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright';
import { CHROME_PATH, median, root, startMeasureServer } from './measure-server.mjs';

const builds = (process.argv.slice(2).length ? process.argv.slice(2) : ['dist']).map((dir) => path.resolve(root, dir));
const runs = Number(process.env.LONGTASKS_RUNS ?? 7);
const pages = (process.env.LONGTASKS_PAGES ?? '/pl/inwestycja/zielone-tarasy,/en/investment/green-terraces').split(',');
const SETTLE_MS = 2500;

for (const dir of builds) {
  if (!existsSync(path.join(dir, 'index.html'))) {
    console.error(`longtasks: ${dir}/index.html missing (npm run build first)`);
    process.exit(1);
  }
}

const servers = [];
let browser;
try {
  for (const dir of builds) servers.push({ dir, ...(await startMeasureServer(dir, { name: 'longtasks' })) });
  browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox', '--disable-gpu'] });
  const results = new Map();
  for (const pagePath of pages) {
    for (let i = 0; i < runs; i++) {
      for (const server of servers) {
        const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, deviceScaleFactor: 2 });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await page.addInitScript(() => {
          window.__longTasks = [];
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
          }).observe({ type: 'longtask', buffered: true });
        });
        await page.goto(`${server.origin}${pagePath}`, { waitUntil: 'load' });
        await page.waitForTimeout(SETTLE_MS);
        const { tasks, fcp } = await page.evaluate(() => ({
          tasks: window.__longTasks,
          fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
        }));
        const blocking = tasks.reduce((sum, [start, length]) => sum + (start + length > fcp ? Math.max(0, length - 50) : 0), 0);
        const key = `${pagePath}\t${server.dir}`;
        if (!results.has(key)) results.set(key, []);
        results.get(key).push({ blocking, tasks });
        await context.close();
      }
    }
  }
  console.log(`\nLong tasks, CPU 4× slower, 390 px, median of ${runs} loads per page and build (${new Date().toISOString()})`);
  for (const [key, samples] of results) {
    const [pagePath, dir] = key.split('\t');
    const values = samples.map((s) => s.blocking);
    console.log(`${pagePath.padEnd(34)} ${dir.startsWith(root) ? path.relative(root, dir) || '.' : dir}`.padEnd(70) + `blocking ${median(values).toFixed(0).padStart(5)} ms   runs: ${values.map((v) => v.toFixed(0)).join(' ')}`);
    if (process.env.LONGTASKS_SHOW === '1')
      for (const s of samples) console.log(`    ${s.tasks.map(([start, length]) => `${start.toFixed(0)}+${length.toFixed(0)}`).join(' ')}`);
  }
} finally {
  await browser?.close();
  await Promise.all(servers.map((server) => server.stop()));
}
