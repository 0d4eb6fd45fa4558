// npm run lcp-graph -- [page path] [runs]: what Lighthouse's simulation (Lantern) puts into a page's LCP. One
// Lighthouse run (mobile, first visit) per run on the build in dist/ (or SPA_DIR), served as `npm run lighthouse`
// does; prints the simulated LCP, the observed one (the unthrottled load Lighthouse simulates from), and every node
// of the optimistic and pessimistic LCP graphs with its simulated start-end, and for requests the observed
// start-end. Lantern's rule: every request (script, font, data) that ended before the observed LCP is in the
// graph, so its download counts into the simulated LCP whether or not the paint needed it. Through the production
// front (HAProxy, TLS, HTTP/2) as `npm run lighthouse`; LIGHTHOUSE_VIA=node: straight to the node over HTTP/1.1.
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { CHROME_PATH, FRONT_CHROME_FLAGS, LIGHTHOUSE_CHROME_FLAGS, lighthouseConfig, root, startFront, startMeasureServer } from './measure-server.mjs';

const spaDir = path.resolve(root, process.env.SPA_DIR || 'dist');
const pagePath = process.argv[2] || '/pl/inwestycja/zielone-tarasy';
const runs = Number(process.argv[3] || 3);
// LIGHTHOUSE_KEEP_STORAGE=1: Lighthouse's own storage reset, as `npm run lighthouse` (runs 2… a returning browser).
const keepStorage = process.env.LIGHTHOUSE_KEEP_STORAGE === '1';
const node = await startMeasureServer(spaDir, { name: 'lcp-graph' });
const front = process.env.LIGHTHOUSE_VIA === 'node' ? null : await startFront(node.origin, { name: 'lcp-graph' }).catch(async (error) => {
  await node.stop();
  throw error;
});
const server = front ?? node;
const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: [...LIGHTHOUSE_CHROME_FLAGS, ...FRONT_CHROME_FLAGS] });
const ms = (value) => String(Math.round(value)).padStart(5);
try {
  for (let i = 0; i < runs; i++) {
    const { artifacts, lhr } = await lighthouse(
      `${server.origin}${pagePath}`,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      lighthouseConfig(keepStorage),
    );
    const data = { trace: artifacts.Trace, devtoolsLog: artifacts.DevtoolsLog, gatherContext: artifacts.GatherContext, settings: lhr.configSettings, URL: artifacts.URL, SourceMaps: artifacts.SourceMaps, simulator: null };
    const lcp = await LanternLargestContentfulPaint.request(data, { settings: lhr.configSettings, computedCache: new Map() });
    const events = artifacts.Trace.traceEvents;
    const navigationStart = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame)?.ts ?? 0;
    const observed = events.filter((e) => e.name === 'largestContentfulPaint::Candidate').at(-1);
    console.log(
      `\n${pagePath}, run ${i + 1}: simulated LCP ${Math.round(lcp.timing)} ms (optimistic ${Math.round(lcp.optimisticEstimate.timeInMs)}, pessimistic ${Math.round(lcp.pessimisticEstimate.timeInMs)}); observed LCP ${observed ? Math.round((observed.ts - navigationStart) / 1000) : '?'} ms`,
    );
    for (const [label, estimate] of [['optimistic', lcp.optimisticEstimate], ['pessimistic', lcp.pessimisticEstimate]]) {
      console.log(`  ${label} graph (simulated start-end · observed start-end for requests):`);
      for (const [node, t] of [...estimate.nodeTimings.entries()].sort((a, b) => a[1].startTime - b[1].startTime)) {
        if (node.type === 'network') {
          const r = node.request;
          const seen = `${ms(r.rendererStartTime - navigationStart / 1000)}-${ms(r.networkEndTime - navigationStart / 1000)}`;
          console.log(`    request ${ms(t.startTime)}-${ms(t.endTime)} · ${seen}  ${r.resourceType} ${r.priority} ${r.transferSize} B ${r.url.replace(server.origin, '')}`);
        } else {
          console.log(`    task    ${ms(t.startTime)}-${ms(t.endTime)} · at ${ms((node.startTime - navigationStart) / 1000)}  ${Math.round((node.endTime - node.startTime) / 1000)} ms of main thread`);
        }
      }
    }
  }
} finally {
  await chrome.kill();
  await front?.stop();
  await node.stop();
}
process.exit(0);
