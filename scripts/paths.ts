// npm run paths [-- --check]
// Writes docs/paths/<machine>.md (numbered test scripts in English and Polish, one per path of the chart)
// and docs/paths/paths.csv (every path: id, machine, title, steps, expected result, plus Polish columns),
// removing files of machines that are gone. With --check, writes nothing and exits 1 when a committed file
// differs (what tests/unit/paths-docs.test.ts checks too).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generatePaths } from './paths/generate';
import { PATHS_MARKER } from './paths/paths';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');
const outDir = 'docs/paths';
const files = await generatePaths({ root, outDir, importModule: (abs) => import(pathToFileURL(abs).href) });
const wanted = new Set(files.map((f) => f.path));
let problems = 0;
for (const f of files) {
  const abs = path.resolve(root, f.path);
  const current = existsSync(abs) ? readFileSync(abs, 'utf8') : undefined;
  if (current === f.content) continue;
  if (check) {
    problems++;
    console.error(`${current === undefined ? 'missing' : 'out of date'}: ${f.path}`);
  } else {
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, f.content);
    console.log(`${current === undefined ? 'created' : 'updated'} ${f.path}`);
  }
}
const outAbs = path.resolve(root, outDir);
for (const n of existsSync(outAbs) ? readdirSync(outAbs).filter((x) => x.endsWith('.md')) : []) {
  const p = `${outDir}/${n}`;
  if (wanted.has(p) || !readFileSync(path.join(outAbs, n), 'utf8').includes(PATHS_MARKER)) continue;
  if (check) {
    problems++;
    console.error(`stale (its machine is gone): ${p}`);
  } else {
    rmSync(path.join(outAbs, n));
    console.log(`removed ${p}`);
  }
}
console.log(`${files.length} path file(s) ${check ? 'checked' : 'written'}`);
if (check && problems) {
  console.error(`${problems} path file(s) differ: run npm run paths`);
  process.exit(1);
}
