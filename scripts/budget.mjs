#!/usr/bin/env node
// Bundle budget: prints the gzip size of every JS and CSS file in dist/assets and the total of what the
// entry HTML loads before anything else (its module script, the chunks it statically imports or
// preloads, its stylesheets), and fails when the initial JS is over budget.
//   node scripts/budget.mjs [distDir]        BUNDLE_BUDGET_KB=250 (gzip, initial JS; kB = 1000 bytes)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(process.argv[2] || 'dist');
const budgetKb = Number(process.env.BUNDLE_BUDGET_KB || 250);
const kb = (bytes) => (bytes / 1000).toFixed(2).padStart(8) + ' kB';

const htmlPath = path.join(dist, 'index.html');
if (!existsSync(htmlPath)) {
  console.error(`budget: ${htmlPath} not found — run npm run build first`);
  process.exit(1);
}

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
const queue = [...initialJs];
while (queue.length) {
  const rel = queue.shift();
  if (!existsSync(path.join(dist, rel))) continue;
  const code = readFileSync(path.join(dist, rel), 'utf8');
  for (const m of code.matchAll(/(?:^|[;\s}])import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)) {
    const dep = path.posix.normalize(path.posix.join(path.posix.dirname(rel), m[1]));
    if (!initialJs.has(dep)) {
      initialJs.add(dep);
      queue.push(dep);
    }
  }
}

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
const js = total(initialJs);
const css = total(initialCss);
console.log(`initial JS:  ${kb(js)} gzip (${initialJs.size} file(s)); budget ${budgetKb} kB`);
console.log(`initial CSS: ${kb(css)} gzip (${initialCss.size} file(s))`);
if (!initialJs.size) {
  console.error('budget: index.html loads no local module script — is this a Vite build?');
  process.exit(1);
}
if (js > budgetKb * 1000) {
  console.error(`OVER BUDGET: initial JS is ${(js / 1000).toFixed(2)} kB gzip, budget ${budgetKb} kB. Lazy-load the heavy parts (charts, map, galleries).`);
  process.exit(1);
}
console.log(`within budget (${((js / (budgetKb * 1000)) * 100).toFixed(0)}% used)`);
