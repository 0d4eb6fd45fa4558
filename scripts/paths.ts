// npm run paths [-- --check]
// Writes docs/paths/<machine>.md (numbered test scripts in English and Polish, one per path of the chart)
// and docs/paths/paths.csv (every path: id, machine, title, steps, expected result, plus Polish columns),
// removing files of machines that are gone. With --check, writes nothing and exits 1 when a committed file
// differs (what tests/unit/paths-docs.test.ts checks too).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { syncGeneratedFiles } from './generated-files';
import { generatePaths } from './paths/generate';
import { PATHS_MARKER } from './paths/paths';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');
const outDir = 'docs/paths';
const files = await generatePaths({ root, outDir, importModule: (abs) => import(pathToFileURL(abs).href) });
const wanted = new Set(files.map((f) => f.path));
const outAbs = path.resolve(root, outDir);
const stale = (existsSync(outAbs) ? readdirSync(outAbs).filter((x) => x.endsWith('.md')) : [])
  .map((n) => `${outDir}/${n}`)
  .filter((p) => !wanted.has(p) && readFileSync(path.resolve(root, p), 'utf8').includes(PATHS_MARKER));
const problems = syncGeneratedFiles(root, files, stale, { check });
console.log(`${files.length} path file(s) ${check ? 'checked' : 'written'}`);
if (check && problems) {
  console.error(`${problems} path file(s) differ: run npm run paths`);
  process.exit(1);
}
