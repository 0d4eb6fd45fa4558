import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress.mjs';
import { bundleReport } from './scripts/bundle-report.mjs';
import { stripMachineDescriptions } from './scripts/strip-descriptions.mjs';

/** The theme font's face of the first screen's headings (src/styles/fonts.css), preloaded by every page. */
export const PRELOADED_FONT = 'lato-latin-700-normal.woff2';

// The built file's hashed name is known once the bundle is written: the preload is added then.
const preloadFont = (): Plugin => ({
  name: 'preload-font',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(_html, { bundle }) {
      const asset = Object.values(bundle ?? {}).find(
        (file) => file.type === 'asset' && file.originalFileNames.some((name) => name.endsWith(PRELOADED_FONT)),
      );
      if (!asset) return [];
      return [
        {
          tag: 'link',
          attrs: { rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: '', href: `/${asset.fileName}` },
          injectTo: 'head',
        },
      ];
    },
  },
});

/** The theme font's faces (the reason they are a stylesheet of their own is in the file). */
export const FONT_FACES = 'src/styles/fonts.css';

// The font faces go into every page as a <style> element: linked, their stylesheet blocks the first paint for one
// more round trip after the HTML (figures in docs/benchmarks.md). The file is an entry of the build of its own, not
// imported by the app: CSS that the app imports would be linked again by Vite's loader when a screen's chunk loads.
// The dev server links the source file.
const fontFaces = (): Plugin => ({
  name: 'font-faces',
  transformIndexHtml: {
    order: 'post',
    handler(_html, { bundle }) {
      if (!bundle) return [{ tag: 'link', attrs: { rel: 'stylesheet', href: `/${FONT_FACES}` }, injectTo: 'head' }];
      const sheet = Object.values(bundle).find((file) => file.type === 'asset' && file.originalFileNames.includes(FONT_FACES));
      if (!sheet || sheet.type !== 'asset') throw new Error(`font-faces: ${FONT_FACES} is not in the build`);
      return [{ tag: 'style', children: String(sheet.source).trim(), injectTo: 'head' }];
    },
  },
});

// The SPA's configuration is fixed at build time from the same variables the server reads
// (see README "Configuration"); src/config/env.ts checks it once at start.
export default defineConfig(({ mode, isSsrBuild }) => {
  const env = { ...loadEnv(mode, process.cwd(), ''), ...process.env };
  const apiPort = env.API_PORT || '3001';
  // The server's renderer of the public pages (src/entry-server.tsx), built by scripts/build.mjs into the client
  // build's `.ssr/` folder: the same components, styles and machines the browser runs, bundled for Node; the
  // packages stay in node_modules (Vite's default for SSR), so React and styled-components are the server's own.
  const ssrBuild = isSsrBuild
    ? {
        ssr: 'src/entry-server.tsx',
        outDir: 'dist/.ssr',
        sourcemap: false,
        manifest: false,
        copyPublicDir: false,
      }
    : undefined;
  return {
    // precompress: brotli + gzip copies of dist/ written once at build (served as files by server/pages/spa.ts).
    // bundleReport: dist/.vite/bundle-modules.json, read by scripts/budget.mjs to name a chunk's biggest modules.
    // stripMachineDescriptions: the machines' descriptions (for diagrams and QA scripts) stay out of the SPA bundle.
    // fontFaces: the font faces' stylesheet inside index.html (above).
    // preloadFont: the one theme-font face above the fold, preloaded from index.html.
    // styled-components' Node build is CommonJS, whose default export Node's ESM loader does not unwrap: the
    // server's renderer bundles it (one copy, ServerStyleSheet and the components alike).
    ssr: { noExternal: ['styled-components'] },
    plugins: isSsrBuild ? [react(), stripMachineDescriptions()] : [react(), fontFaces(), preloadFont(), stripMachineDescriptions(), bundleReport(), precompress()],
    // Styled components get a componentId from their file and position (oxc's styled-components transform, as
    // babel-plugin-styled-components does): the server's render and the browser's name their classes alike however
    // many other components either side has created before, so a hydrated page keeps the server's styles.
    oxc: { plugins: { styledComponents: { ssr: true, displayName: false, fileName: false, transpileTemplateLiterals: true, minify: true, pure: true } } },
    define: {
      __APP_CONFIG__: JSON.stringify({
        apiUrl: env.VITE_API_URL || '/api',
        defaultLanguage: env.DEFAULT_LANGUAGE || 'pl',
        clientId: env.OAUTH_CLIENT_ID || 'web-spa',
        clientSecret: env.OAUTH_CLIENT_SECRET || 'web-spa-secret',
      }),
    },
    build: ssrBuild ?? {
      outDir: 'dist',
      sourcemap: false,
      // dist/.vite/manifest.json: server/pages/spaHtml.ts preloads a page's screen chunk and dictionary from it.
      manifest: true,
      chunkSizeWarningLimit: 600,
      rolldownOptions: {
        input: ['index.html', FONT_FACES],
        output: {
          codeSplitting: {
            // Everything the entry imports statically is one file: on a slow mobile link each extra file
            // of the first screen costs a request slot and a round trip. The screens stay chunks of their own,
            // and so do the font faces (an entry of their own, inlined into index.html: fontFaces above).
            groups: [{ name: 'app', tags: ['$initial'], test: (id) => !id.endsWith(FONT_FACES) }],
          },
        },
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
