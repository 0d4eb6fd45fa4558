#!/usr/bin/env node
// The JavaScript budget, a ratchet: prints the gzip size of every JS and CSS file in dist/assets, the initial JS of
// the entry (what index.html loads: its module script, the chunks it preloads, and their static imports) and of every
// public route (the entry plus the route's screen chunk with its static imports, which the page preloads), and fails
// when one is larger than its figure in budgets.json. A route that got smaller is reported, so the figure can come
// down in the same commit. Raising a figure is a change to budgets.json in the commit that needs it, with the
// reason beside the figure (budgets.json's "why"), reviewed like code.
// A route's biggest modules are named from dist/.vite/bundle-modules.json (scripts/bundle-report.mjs, at build).
//   node scripts/budget.mjs [distDir] [--budgets budgets.json]
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const budgetsFlag = args.indexOf('--budgets');
const budgetsPath = budgetsFlag >= 0 ? path.resolve(args[budgetsFlag + 1]) : fileURLToPath(new URL('../budgets.json', import.meta.url));
const dist = path.resolve(args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--budgets') || 'dist');
const kb = (bytes) => (bytes / 1000).toFixed(2).padStart(8) + ' kB';

const htmlPath = path.join(dist, 'index.html');
if (!existsSync(htmlPath)) {
  console.error(`budget: ${htmlPath} not found — run npm run build first`);
  process.exit(1);
}
if (!existsSync(budgetsPath)) {
  console.error(`budget: ${budgetsPath} not found`);
  process.exit(1);
}
/** { "<route>": { "kB": number, "why": string } }, kB of gzip (1000 bytes) */
const budgets = JSON.parse(readFileSync(budgetsPath, 'utf8')).routes;

const gz = new Map();
const sizeOf = (rel) => {
  if (!gz.has(rel)) {
    const buf = readFileSync(path.join(dist, rel));
    gz.set(rel, { raw: buf.length, gzip: gzipSync(buf).length });
  }
  return gz.get(rel);
};
/** '/assets/x.js' or './assets/x.js' or 'assets/x.js' -> 'assets/x.js' (local files only) */
const local = (ref) => (/^[a-z]+:\/\//i.test(ref) || ref.startsWith('//') ? null : ref.replace(/^\.?\//, '').split(/[?#]/)[0]);

const html = readFileSync(htmlPath, 'utf8');
const attr = (tag, name) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
const initialJs = new Set();
const initialCss = new Set();
for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
  const src = attr(tag, 'src');
  if (src && local(src)) initialJs.add(local(src));
}
for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
  const rel = (attr(tag, 'rel') || '').toLowerCase();
  const href = attr(tag, 'href');
  if (!href || !local(href)) continue;
  if (rel === 'modulepreload') initialJs.add(local(href));
  if (rel === 'stylesheet') initialCss.add(local(href));
}
// Follow static imports of the initial chunks (dynamic `import()` chunks load later, so they don't count).
function closure(start) {
  const set = new Set(start);
  const queue = [...start];
  while (queue.length) {
    const rel = queue.shift();
    if (!existsSync(path.join(dist, rel))) continue;
    const code = readFileSync(path.join(dist, rel), 'utf8');
    for (const m of code.matchAll(/(?:^|[;\s}])import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      const dep = path.posix.normalize(path.posix.join(path.posix.dirname(rel), m[1]));
      if (!set.has(dep)) {
        set.add(dep);
        queue.push(dep);
      }
    }
  }
  return set;
}
for (const rel of closure(initialJs)) initialJs.add(rel);

const assetsDir = path.join(dist, 'assets');
const assets = existsSync(assetsDir)
  ? readdirSync(assetsDir).filter((n) => /\.(js|css)$/.test(n) && statSync(path.join(assetsDir, n)).isFile()).sort()
  : [];
console.log('gzip size of dist/assets (* = loaded initially by index.html):');
for (const name of assets) {
  const rel = `assets/${name}`;
  const s = sizeOf(rel);
  const mark = initialJs.has(rel) || initialCss.has(rel) ? '*' : ' ';
  console.log(`  ${mark} ${kb(s.gzip)} gzip  ${kb(s.raw)} raw  ${rel}`);
}
const total = (set) => [...set].filter((r) => existsSync(path.join(dist, r))).reduce((sum, r) => sum + sizeOf(r).gzip, 0);
if (!initialJs.size) {
  console.error('budget: index.html loads no local module script — is this a Vite build?');
  process.exit(1);
}
console.log(`initial CSS: ${kb(total(initialCss))} gzip (${initialCss.size} file(s))`);

// The public routes' screens (src/app/Routes.tsx and the features' screens.ts): route -> the screen's module.
const ROUTES = [
  ['home', 'src/features/public/HomePage.tsx'],
  ['offers list', 'src/features/public/OffersPage.tsx'],
  ['offer', 'src/features/offer/OfferPage.tsx'],
  ['static page', 'src/features/offer/StaticPage.tsx'],
  ['faq', 'src/features/public/FaqPage.tsx'],
  ['about us', 'src/features/public/AboutPage.tsx'],
  ['contact', 'src/features/offer/ContactPage.tsx'],
  ['login', 'src/features/auth/LoginPage.tsx'],
  ['register', 'src/features/account/RegisterPage.tsx'],
];
const reportPath = path.join(dist, '.vite', 'bundle-modules.json');
const report = existsSync(reportPath) ? JSON.parse(readFileSync(reportPath, 'utf8')).chunks : null;
const chunkOf = (moduleId) => report && Object.entries(report).find(([, c]) => c.modules.some((m) => m.id === moduleId))?.[0];
const pkg = (id) => (id.includes('node_modules/') ? id.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, '$1') : id);

/** The biggest modules (by rendered bytes, packages summed) of the given chunks. */
function contributors(files, n = 12) {
  if (!report) return ['  (no dist/.vite/bundle-modules.json: build with vite.config.ts to name modules)'];
  const sum = new Map();
  for (const f of files) for (const m of report[f]?.modules ?? []) sum.set(pkg(m.id), (sum.get(pkg(m.id)) ?? 0) + m.bytes);
  return [...sum.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([id, bytes]) => `      ${(bytes / 1000).toFixed(1).padStart(7)} kB rendered  ${id}`);
}

const measured = [{ name: 'entry', files: [...initialJs], total: total(initialJs), own: [] }];
for (const [name, moduleId] of ROUTES) {
  const chunk = chunkOf(moduleId);
  if (!chunk) {
    console.error(`budget: the screen ${moduleId} of route "${name}" is not in the build report`);
    process.exit(1);
  }
  const files = new Set([...initialJs, ...closure([chunk])]);
  measured.push({ name, files: [...files], total: total(files), own: [...files].filter((r) => !initialJs.has(r)) });
}

const over = [];
const under = [];
console.log(`initial JS (gzip) against ${path.relative(process.cwd(), budgetsPath) || budgetsPath}:`);
for (const m of measured) {
  const budget = budgets[m.name];
  if (!budget) {
    console.error(`budget: no figure for "${m.name}" in ${budgetsPath}`);
    process.exit(1);
  }
  const limit = budget.kB * 1000;
  const flag = m.total > limit ? '  OVER' : limit - m.total >= 1000 ? `  (${((limit - m.total) / 1000).toFixed(1)} kB under: lower the figure)` : '';
  const own = m.own.length ? ` (entry + ${kb(total(m.own)).trim()})` : '';
  console.log(`  ${m.name.padEnd(12)}${kb(m.total)}  budget ${String(budget.kB).padStart(6)} kB${own}${flag}`);
  if (m.total > limit) over.push(m);
  else if (limit - m.total >= 1000) under.push(m);
}
if (over.length) {
  for (const o of over) {
    const files = o.own.length ? o.own : o.files;
    console.error(`OVER BUDGET: ${o.name}: initial JS ${(o.total / 1000).toFixed(2)} kB gzip, budget ${budgets[o.name].kB} kB. ${o.own.length ? 'Its chunks besides the entry' : 'Chunks'} (gzip):`);
    for (const f of [...files].filter((r) => existsSync(path.join(dist, r))).sort((a, b) => sizeOf(b).gzip - sizeOf(a).gzip)) {
      console.error(`    ${kb(sizeOf(f).gzip)}  ${f}`);
    }
    console.error('  biggest modules in them (rendered size, before minifying and gzip):');
    for (const line of contributors(files)) console.error(line);
  }
  console.error('Load what the first screen does not draw on demand, or raise the figure in budgets.json with the reason.');
  process.exit(1);
}
console.log(under.length ? `within budget; ${under.length} figure(s) could come down` : 'within budget');
