// npm run lighthouse — Lighthouse (mobile, the default simulated throttling) on the home page, the offers list, an
// offer and a static page, each run 3 times, median printed: performance, LCP, CLS, TBT, SEO and accessibility.
// Not part of npm test.
//
// Runs on a fresh machine after `npm install`: builds the SPA if dist/ is missing, starts its own server on a free
// port with a throwaway PGlite database (migrated and seeded), and drives the system Chromium (/usr/bin/chromium,
// or CHROME_PATH) with the flags of STACK-NOTES.
//   npm run lighthouse                 # pl pages
//   LIGHTHOUSE_RUNS=5 LIGHTHOUSE_LANG=en npm run lighthouse
//   SPA_DIR=/tmp/other-build npm run lighthouse   # measure another build (e.g. before/after side by side)
//   LIGHTHOUSE_SKIP=1 npm run lighthouse           # only the desktop first-content timing
//   LIGHTHOUSE_DETAIL=1 npm run lighthouse         # every run: FCP, Speed Index, the LCP element and its phases
//   LIGHTHOUSE_KEEP_STORAGE=1 npm run lighthouse   # Lighthouse's default storage reset (see below)
//   LIGHTHOUSE_PAGES=offer npm run lighthouse      # only some pages (home, offers list, offer, static page)
//   LIGHTHOUSE_BASELINE=/path/to/other/checkout npm run lighthouse   # that checkout's build, run for run beside this one
//   FIRST_CONTENT_THROTTLE=1 npm run lighthouse    # the first-content table on a phone: slow 4G and CPU 4x applied
//   LIGHTHOUSE_VIA=node npm run lighthouse         # straight to the node over plain HTTP/1.1 (both: each page both ways)
//
// Pages are measured as a visitor of the deployed site gets them: through HAProxy with deploy/haproxy/haproxy.cfg,
// TLS and HTTP/2 (a throwaway self-signed certificate), in front of the measuring server (startFront in
// measure-server.mjs). Without HAProxy it says so and measures the node directly.
//
// Every run is a first visit: Lighthouse empties the HTTP cache before each run but by default keeps the origin's
// localStorage, so with its defaults runs 2… would be a visitor who has been here before and whose cache was
// then emptied (the theme font's "fetched" flag set, its files gone: src/styles/themeFonts.ts). This script also
// clears localStorage; LIGHTHOUSE_KEEP_STORAGE=1 measures with Lighthouse's own list instead.
//
// After Lighthouse it prints "first content on localhost, desktop": the system Chromium through Playwright, no
// throttling, a fresh context per load, median of FIRST_CONTENT_RUNS (5): FCP (first paint of anything), the time
// the page's own content (its <h1>) is on screen, LCP, and when the last of the scripts its HTML names had arrived.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright';
import { CHROME_PATH, FRONT_CHROME_FLAGS, LIGHTHOUSE_CHROME_FLAGS, lighthouseConfig, median, root, startFront, startMeasureServer } from './measure-server.mjs';

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const lang = process.env.LIGHTHOUSE_LANG === 'en' ? 'en' : 'pl';
const ALL_PAGES =
  lang === 'pl'
    ? [['home', '/pl/'], ['offers list', '/pl/inwestycje'], ['offer', '/pl/inwestycja/zielone-tarasy'], ['static page', '/pl/regulamin']]
    : [['home', '/en/'], ['offers list', '/en/investments'], ['offer', '/en/investment/green-terraces'], ['static page', '/en/terms-of-use']];
// A baseline checkout's addresses where they differ (none so far).
const BASELINE_PATHS = {};
const only = process.env.LIGHTHOUSE_PAGES?.split(',').map((name) => name.trim());
const PAGES = only ? ALL_PAGES.filter(([name]) => only.includes(name)) : ALL_PAGES;
const keepStorage = process.env.LIGHTHOUSE_KEEP_STORAGE === '1';
const spaDir = path.resolve(root, process.env.SPA_DIR || 'dist');
if (!existsSync(path.join(spaDir, 'index.html'))) {
  if (process.env.SPA_DIR) {
    console.error(`lighthouse: ${spaDir}/index.html missing`);
    process.exit(1);
  }
  console.log('lighthouse: dist/ missing, running npm run build');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = await startMeasureServer(spaDir, { name: 'lighthouse' });
// LIGHTHOUSE_BASELINE=<checkout>: another checkout (its own node_modules and built dist/), served by its own server
// and measured run for run beside this build.
const baselineCheckout = process.env.LIGHTHOUSE_BASELINE ? path.resolve(process.env.LIGHTHOUSE_BASELINE) : null;
if (baselineCheckout && !existsSync(path.join(baselineCheckout, 'dist', 'index.html'))) {
  console.error(`lighthouse: ${baselineCheckout}/dist/index.html missing (build the baseline first)`);
  process.exit(1);
}
const baseline = baselineCheckout ? await startMeasureServer(path.join(baselineCheckout, 'dist'), { name: 'lighthouse-baseline', checkout: baselineCheckout }) : null;
let chrome;
let browser;

// What is measured, in the order runs alternate: each build (the baseline first), through the front, straight to
// the node, or both.
const via = ['node', 'both'].includes(process.env.LIGHTHOUSE_VIA) ? process.env.LIGHTHOUSE_VIA : 'front';
const fronts = [];
const builds = [];
let transport = '';
async function startFronts() {
  for (const [label, measured] of [...(baseline ? [['baseline', baseline]] : []), ['this build', server]]) {
    const isBaseline = measured === baseline;
    const front = via === 'node' ? null : await startFront(measured.origin, { name: `lighthouse-${label.replace(' ', '-')}` });
    if (front) fronts.push(front);
    if (via !== 'front' || !front) builds.push({ label: via === 'both' ? `${label}, h1` : label, origin: measured.origin, isBaseline });
    if (front) builds.push({ label: via === 'both' ? `${label}, h2` : label, origin: front.origin, isBaseline });
  }
  transport = via === 'both' ? 'h1: straight to the node, HTTP/1.1; h2: through HAProxy, TLS and HTTP/2' : fronts.length ? 'through HAProxy, TLS and HTTP/2 as deployed' : 'straight to the node, HTTP/1.1';
}
const pathFor = (build, pagePath) => (build.isBaseline ? (BASELINE_PATHS[pagePath] ?? pagePath) : pagePath);

/**
 * Desktop, unthrottled: FCP, the page's <h1> on screen, LCP; median of FIRST_CONTENT_RUNS fresh loads per page.
 * FIRST_CONTENT_THROTTLE=1: a phone on slow 4G with its CPU 4x slower instead (applied, not simulated).
 */
async function firstContent() {
  const n = Number(process.env.FIRST_CONTENT_RUNS ?? 5);
  const throttled = process.env.FIRST_CONTENT_THROTTLE === '1';
  browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox', '--disable-gpu'] });
  const rows = [];
  for (const [name, pagePath] of PAGES) {
    const samples = new Map(builds.map((b) => [b.label, []]));
    for (let i = 0; i < n; i++) for (const build of builds) {
      const context = await browser.newContext({
        ignoreHTTPSErrors: true,
        ...(throttled ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : { viewport: { width: 1350, height: 940 } }),
      });
      const page = await context.newPage();
      if (throttled) {
        // Lighthouse's mobile conditions applied for real (its "devtools" throttling): slow 4G, CPU 4x slower.
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 });
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      }
      await page.addInitScript(() => {
        window.__lcp = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) window.__lcp = e.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        // the first frame in which the page's own heading is drawn
        const check = () => {
          if (window.__h1) return;
          const h1 = document.querySelector('main h1, h1');
          if (h1 && h1.getBoundingClientRect().height > 0) window.__h1 = performance.now();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      });
      await page.goto(`${build.origin}${pathFor(build, pagePath)}`, { waitUntil: 'load' });
      await page.waitForFunction(() => window.__h1, null, { timeout: 30_000 }).catch(() => {});
      await page.waitForTimeout(300);
      samples.get(build.label).push(
        await page.evaluate(() => ({
          fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
          h1: window.__h1 ?? NaN,
          lcp: window.__lcp || NaN,
          // the last of the scripts the page's HTML names (entry and module preloads) arrived: hydration can start
          scripts: Math.max(...performance.getEntriesByType('resource').filter((e) => e.initiatorType === 'script' || (e.initiatorType === 'link' && e.name.endsWith('.js'))).map((e) => e.responseEnd)),
        })),
      );
      await context.close();
    }
    for (const build of builds) {
      const m = (key) => median(samples.get(build.label).map((s) => s[key]));
      rows.push({ name, pagePath, build: build.label, fcp: m('fcp'), h1: m('h1'), lcp: m('lcp'), scripts: m('scripts') });
    }
  }
  console.log(
    throttled
      ? `\nFirst content on localhost, mobile 390×844, slow 4G (562.5 ms per request, 1.47 Mbit/s) and CPU 4x slower applied, median of ${n}, ${transport}`
      : `\nFirst content on localhost, desktop 1350×940, no throttling, median of ${n}, ${transport}`,
  );
  console.log('page'.padEnd(14) + 'path'.padEnd(34) + 'build'.padEnd(18) + 'FCP ms'.padStart(8) + 'h1 ms'.padStart(8) + 'LCP ms'.padStart(8) + 'scripts in ms'.padStart(15));
  for (const r of rows) console.log(r.name.padEnd(14) + r.pagePath.padEnd(34) + r.build.padEnd(18) + r.fcp.toFixed(0).padStart(8) + r.h1.toFixed(0).padStart(8) + r.lcp.toFixed(0).padStart(8) + r.scripts.toFixed(0).padStart(15));
}
try {
  await startFronts();
  if (process.env.LIGHTHOUSE_SKIP !== '1') {
  chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: [...LIGHTHOUSE_CHROME_FLAGS, ...FRONT_CHROME_FLAGS] });
  const measureOnce = async (origin, pagePath) => {
    const { lhr } = await lighthouse(`${origin}${pagePath}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'seo', 'accessibility'] }, lighthouseConfig(keepStorage));
    const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
    const failed = (category) => lhr.categories[category].auditRefs.filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== 1).map((ref) => ref.id);
    return {
      performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
      lcp: audit('largest-contentful-paint'),
      cls: audit('cumulative-layout-shift'),
      tbt: audit('total-blocking-time'),
      seo: Math.round((lhr.categories.seo.score ?? 0) * 100),
      a11y: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
      fcp: audit('first-contentful-paint'),
      si: audit('speed-index'),
      lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? '',
      lcpPhases: (lhr.audits['largest-contentful-paint-element']?.details?.items?.[1]?.items ?? []).map((p) => `${p.phase} ${Math.round(p.timing)}`).join(', '),
      failedSeo: failed('seo'),
      failedA11y: failed('accessibility'),
      // a run whose trace Lighthouse could not read has no timings (NaN): left out of the medians, and said
      error: lhr.runtimeError?.code ?? lhr.audits['largest-contentful-paint']?.errorMessage ?? lhr.audits['total-blocking-time']?.errorMessage ?? '',
    };
  };
  // With a baseline (or both ways), the runs alternate (baseline, build, baseline, …) so all meet the same load.
  const rows = [];
  for (const [name, pagePath] of PAGES) {
    const results = new Map(builds.map((b) => [b.label, []]));
    for (let i = 0; i < runs; i++) for (const b of builds) results.get(b.label).push(await measureOnce(b.origin, pathFor(b, pagePath)));
    for (const b of builds) {
      const all = results.get(b.label);
      const measured = all.filter((r) => Number.isFinite(r.lcp) && Number.isFinite(r.tbt));
      const m = (key) => median(measured.map((r) => r[key]));
      if (measured.length < all.length)
        console.log(`${name} (${b.label}): ${all.length - measured.length} of ${all.length} runs without timings, left out (${[...new Set(all.filter((r) => !measured.includes(r)).map((r) => r.error || 'no reason given'))].join('; ')})`);
      if (process.env.LIGHTHOUSE_DETAIL === '1')
        for (const r of all) console.log(`${name} (${b.label}): perf ${r.performance} FCP ${Math.round(r.fcp)} SI ${Math.round(r.si)} LCP ${Math.round(r.lcp)} TBT ${Math.round(r.tbt)} · LCP element ${r.lcpElement} · ${r.lcpPhases}`);
      rows.push({
        name,
        pagePath,
        build: b.label,
        performance: m('performance'),
        lcp: m('lcp'),
        cls: m('cls'),
        tbt: m('tbt'),
        seo: m('seo'),
        a11y: m('a11y'),
        failedSeo: [...new Set(all.flatMap((r) => r.failedSeo))],
        failedA11y: [...new Set(all.flatMap((r) => r.failedA11y))],
      });
    }
  }
  console.log(`\nLighthouse ${lang}, mobile, median of ${runs}, ${keepStorage ? "Lighthouse's storage reset (localStorage kept between runs)" : 'every run a first visit'}, ${transport} (${new Date().toISOString()})`);
  console.log('page'.padEnd(14) + 'path'.padEnd(34) + 'build'.padEnd(18) + 'perf'.padStart(6) + 'LCP s'.padStart(8) + 'CLS'.padStart(8) + 'TBT ms'.padStart(8) + 'SEO'.padStart(6) + 'a11y'.padStart(6));
  for (const r of rows) {
    console.log(r.name.padEnd(14) + r.pagePath.padEnd(34) + r.build.padEnd(18) + String(r.performance).padStart(6) + (r.lcp / 1000).toFixed(2).padStart(8) + r.cls.toFixed(3).padStart(8) + r.tbt.toFixed(0).padStart(8) + String(r.seo).padStart(6) + String(r.a11y).padStart(6));
    if (r.failedSeo.length) console.log(`${''.padEnd(14)}SEO audits not passed: ${r.failedSeo.join(', ')}`);
    if (r.failedA11y.length) console.log(`${''.padEnd(14)}accessibility audits not passed: ${r.failedA11y.join(', ')}`);
  }
  }
  await firstContent();
} finally {
  await browser?.close();
  if (chrome) await chrome.kill();
  for (const front of fronts) await front.stop();
  await server.stop();
  await baseline?.stop();
}
process.exit(0);
