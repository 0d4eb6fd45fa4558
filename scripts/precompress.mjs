// Build-time compression of the built SPA: next to every text file of
// dist/ worth compressing, `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9). The server sends
// them as they are (@fastify/static `preCompressed`), so no static file is compressed per request.
//
// Used as a Vite plugin (vite.config.ts: runs after every `vite build`) and runnable on its own:
//   node scripts/precompress.mjs [dir]     (default dist)
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map|ttf|otf|eot|ico|wasm)$/i;
/** Below this a compressed copy saves less than its own request overhead. */
const MIN_BYTES = 512;

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

/** Compresses every eligible file under `dir`; returns { files, bytes, br, gz } totals. */
export async function precompressDir(dir) {
  const totals = { files: 0, bytes: 0, br: 0, gz: 0 };
  const jobs = [];
  for await (const file of walk(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    jobs.push(
      (async () => {
        const { size } = await stat(file);
        if (size < MIN_BYTES) return;
        const source = await readFile(file);
        const size_hint = source.length;
        const [b, g] = await Promise.all([
          brotli(source, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: size_hint,
              [constants.BROTLI_PARAM_MODE]: /\.(ttf|otf|eot|ico|wasm)$/i.test(file) ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
            },
          }),
          gz(source, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        // Keep a copy only when it is clearly smaller than the file itself.
        if (b.length < size * 0.95) {
          await writeFile(`${file}.br`, b);
          totals.br += b.length;
        }
        if (g.length < size * 0.95) {
          await writeFile(`${file}.gz`, g);
          totals.gz += g.length;
        }
        totals.files += 1;
        totals.bytes += size;
      })(),
    );
  }
  await Promise.all(jobs);
  return totals;
}

/** Vite plugin: precompress the output folder once the bundle is written. */
export function precompress() {
  let outDir = 'dist';
  return {
    name: 'estate-shares:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const t = await precompressDir(outDir);
      const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
      console.log(`precompress: ${t.files} files, ${kb(t.bytes)} → brotli ${kb(t.br)}, gzip ${kb(t.gz)}`);
    },
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? 'dist');
  const t = await precompressDir(dir);
  console.log(`precompress: ${t.files} files in ${dir}: ${t.bytes} bytes → brotli ${t.br}, gzip ${t.gz}`);
}
