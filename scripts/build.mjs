#!/usr/bin/env node
// `npm run build`: the SPA for the browser (dist/, or --outDir), then the server's renderer of the public pages
// (src/entry-server.tsx) into that folder's `.ssr/`, so a served build always carries the renderer of the very
// components it ships (server/pages/spaHtml.ts imports it from there).
import { build } from 'vite';
import path from 'node:path';

const args = process.argv.slice(2);
const at = args.indexOf('--outDir');
const outDir = path.resolve(at >= 0 ? args[at + 1] : 'dist');
// `--mode development`: React's development build on both sides (its full error and hydration messages)
const modeAt = args.indexOf('--mode');
const mode = modeAt >= 0 ? args[modeAt + 1] : undefined;

await build({ mode, build: { outDir, emptyOutDir: true } });
// Its dependencies bundled in: the renderer is imported from wherever the build lies (SPA_DIR), where no
// node_modules may be found.
await build({ mode, ssr: { noExternal: true }, build: { ssr: 'src/entry-server.tsx', outDir: path.join(outDir, '.ssr'), emptyOutDir: true } });
