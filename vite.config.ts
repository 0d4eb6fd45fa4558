import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress.mjs';
import { bundleReport } from './scripts/bundle-report.mjs';
import { stripMachineDescriptions } from './scripts/strip-descriptions.mjs';
import { compileHints } from './scripts/compile-hints.mjs';
import { FALLBACK_FONT_FACES } from './src/styles/fallbackFonts';

// The fallback face's @font-face rules sit in a <style> of their own in index.html, never in styled-components'
// sheet: Chrome re-reads a sheet's @font-face rules whenever the sheet changes, and styled-components adds rules
// to its sheet each time a component is first drawn, so with the faces there every lazily drawn section restyled
// and laid out the whole page again ("Fonts changed": 8 full layouts of 30-250 ms on a throttled phone while the
// offer page loaded, traced).
const fallbackFontFaces = (): Plugin => ({
  name: 'fallback-font-faces',
  transformIndexHtml: () => [
    { tag: 'style', attrs: { 'data-fallback-fonts': '' }, children: FALLBACK_FONT_FACES.replace(/\s+/g, ' ').trim(), injectTo: 'head' },
  ],
});

// The SPA's configuration is fixed at build time from the same variables the server reads
// (see README "Configuration"); src/config/env.ts checks it once at start.
export default defineConfig(({ mode }) => {
  const env = { ...loadEnv(mode, process.cwd(), ''), ...process.env };
  const apiPort = env.API_PORT || '3001';
  return {
    // precompress: brotli + gzip copies of dist/ written once at build (served as files by server/routes/spa.ts).
    // bundleReport: dist/.vite/bundle-modules.json, read by scripts/budget.mjs to name a chunk's biggest modules.
    // stripMachineDescriptions: the machines' descriptions (for diagrams and QA scripts) stay out of the SPA bundle.
    // compileHints: V8's compile hint on the first line of every chunk (scripts/compile-hints.mjs).
    plugins: [react(), fallbackFontFaces(), stripMachineDescriptions(), bundleReport(), compileHints(), precompress()],
    define: {
      __APP_CONFIG__: JSON.stringify({
        apiUrl: env.VITE_API_URL || '/api',
        defaultLanguage: env.DEFAULT_LANGUAGE || 'pl',
        clientId: env.OAUTH_CLIENT_ID || 'web-spa',
        clientSecret: env.OAUTH_CLIENT_SECRET || 'web-spa-secret',
      }),
    },
    build: {
      outDir: 'dist',
      sourcemap: false,
      // dist/.vite/manifest.json: server/routes/spaHtml.ts preloads a page's screen chunk and dictionary from it.
      manifest: true,
      chunkSizeWarningLimit: 600,
      rolldownOptions: {
        // src/afterPicture.ts: the first script of a page with the server's picture (server/routes/spaHtml.ts), a
        // file of its own that loads the app's entry (index.html's) once the picture is on screen.
        input: { index: 'index.html', afterPicture: 'src/afterPicture.ts' },
        output: {
          codeSplitting: {
            // Everything the entry imports statically is one file (issue 11): on a slow mobile link each extra file
            // of the first screen costs a request slot and a round trip. The screens stay chunks of their own.
            // src/afterPicture.ts stays out of it: it must not load the app before its time.
            groups: [{ name: 'app', tags: ['$initial'], test: (id) => !/[\\/]src[\\/]afterPicture\.ts$/.test(id) }],
            // Small chunks that several screens share (a formatter, a hook, a card) are copied into each screen's
            // chunk instead of being files of their own: the home page's code was 16 files, now 2 (Lighthouse
            // side by side: first paint 140-250 ms earlier). Rolldown marks it experimental; it needs
            // preserveEntrySignatures: false and turns on strictExecutionOrder (module bodies run in source order).
            experimentalInlineCommonChunks: { maxSize: 12000 },
          },
        },
        preserveEntrySignatures: false,
      },
    },
    server: {
      port: Number(env.VITE_PORT || 5173),
      proxy: {
        '/api': `http://127.0.0.1:${apiPort}`,
        '/media': `http://127.0.0.1:${apiPort}`,
        // The local PayPal peer's approval page (PAYPAL_MODE=local), when PUBLIC_URL is Vite's address.
        '/paypal-peer': `http://127.0.0.1:${apiPort}`,
      },
    },
  };
});
