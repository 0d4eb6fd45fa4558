// npm run statecharts [-- --check] [--machines <dir>] [--out <dir>]
// Writes docs/statecharts/<base>.md (Mermaid) and <base>.svg (Graphviz) for every machines/*.machine.ts,
// and removes diagrams whose machine file is gone. With --check, writes nothing and exits 1 when a
// committed diagram differs or is missing (what tests/unit/statecharts.test.ts checks too).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { syncGeneratedFiles } from './generated-files';
import { GENERATED_MARKER, generateAll } from './statecharts/generate';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const check = args.includes('--check');
const machinesDir = opt('--machines', 'machines');
const outDir = opt('--out', 'docs/statecharts');

const files = await generateAll({
  root,
  machinesDir,
  outDir,
  importModule: (abs) => import(pathToFileURL(abs).href),
});

const wanted = new Set(files.map((f) => f.path));
const outAbs = path.resolve(root, outDir);
const stale = existsSync(outAbs)
  ? readdirSync(outAbs)
      .filter((n) => n.endsWith('.md') && readFileSync(path.join(outAbs, n), 'utf8').includes(GENERATED_MARKER))
      .flatMap((n) => [n, n.replace(/\.md$/, '.svg')])
      .map((n) => `${outDir}/${n}`)
      .filter((p) => !wanted.has(p) && existsSync(path.resolve(root, p)))
  : [];

const problems = syncGeneratedFiles(root, files, stale, { check, logUnchanged: true });
if (!files.length) console.log(`no machines found in ${machinesDir}/*.machine.ts`);
if (check && problems) {
  console.error(`${problems} diagram file(s) differ: run npm run statecharts`);
  process.exit(1);
}
