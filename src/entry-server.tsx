// The server's renderer of a public page (built by `npm run build` into the build's `.ssr/` folder and imported by
// server/pages/spaHtml.ts). It creates the app-wide actors the browser creates, on the page's first API answers
// (the same ones the page carries as initial data), lets them settle (the language's dictionary, boot's loads),
// and renders <App/> with React's streaming renderer: each view's first load suspends until its data is there
// (src/ssr/firstLoads.tsx), styled-components' ServerStyleSheet collects the styles the page uses, and wouter
// reads the address from the request. The browser hydrates that HTML (src/main.tsx).
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';
import { Router } from 'wouter';
import type { InitialData, RenderPreferences } from '../contract/page-data';
import { App } from './app/App';
import { preloadRoute } from './app/Routes';
import { settledLoads, type ServerLoad } from './ssr/firstLoads';
import { sendLocation, settleSystem } from './ssr/settle';
import { createAppSystem } from './system/system';
import { setServerHtmlCleaner } from './components/ui/ServerHtml';
import { cleanHtmlWithoutDom } from './ssr/cleanHtml';

setServerHtmlCleaner(cleanHtmlWithoutDom);

export interface RenderInput {
  /** the address with its query, as requested */
  url: string;
  /** the page's first answers, as the page carries them */
  initialData: InitialData;
  /** the whole render's limit; past it the render is abandoned (the server sends the shell) */
  timeoutMs: number;
  /** the visitor's choices the page draws (from the request's cookies) */
  preferences: RenderPreferences;
}

export interface Rendered {
  /** the app's HTML, for #root */
  html: string;
  /** the styles it uses: `<style data-styled …>` elements for the head */
  styles: string;
  /** the loads the views settled, for the page's `#server-loads` */
  loads: Record<string, unknown>;
}

// The server asks the API nothing: every answer the page needs is in its initial data; anything else the
// browser asks itself once it runs.
const noFetch = (() => Promise.reject(new Error('no requests while rendering on the server'))) as unknown as typeof fetch;

export async function render({ url, initialData, timeoutMs, preferences }: RenderInput): Promise<Rendered> {
  const started = Date.now();
  const address = new URL(url, 'http://localhost');
  const system = createAppSystem({
    navigate: () => {},
    reload: () => {},
    fetchImpl: noFetch,
    // a copy: the client takes each answer once, and the page's own copy goes to the browser
    initialData: { language: initialData.language, answers: { ...initialData.answers }, notFound: { ...initialData.notFound } },
  });
  system.start();
  const sheet = new ServerStyleSheet();
  try {
    sendLocation(system, { pathname: address.pathname, search: address.search, hash: '' });
    const screen = preloadRoute(address.pathname);
    await Promise.all([settleSystem(system, timeoutMs), screen]);
    const loads = new Map<string, ServerLoad>();
    const html = await new Promise<string>((resolve, reject) => {
      let failed: unknown = null;
      const stream = renderToPipeableStream(
        sheet.collectStyles(
          <Router ssrPath={address.pathname} ssrSearch={address.search.replace(/^\?/, '')}>
            <App system={system} firstLoads={{ side: 'server', loads, preferences }} />
          </Router>,
        ),
        {
          // Every boundary inline, however large: React otherwise sends a large finished boundary's content apart
          // (hidden), its fallback in place, and moves it in with an inline script, which the page's CSP (script-src
          // 'self') refuses: the visitor would see the fallback, and the browser would find a pending boundary when
          // hydrating and render it anew ("The server could not finish this Suspense boundary").
          progressiveChunkSize: Number.POSITIVE_INFINITY,
          // The whole page at once: it is cached and sent as one document with its head.
          onAllReady() {
            if (failed) return;
            let out = '';
            const sink = new Writable({
              write(chunk: Buffer, _encoding, done) {
                out += chunk.toString('utf8');
                done();
              },
            });
            sink.on('finish', () => resolve(out));
            stream.pipe(sink);
          },
          onShellError: reject,
          onError(error) {
            failed = error;
            reject(error instanceof Error ? error : new Error(String(error)));
          },
        },
      );
      setTimeout(() => {
        stream.abort(new Error(`render took more than ${timeoutMs} ms`));
        reject(new Error(`render took more than ${timeoutMs} ms`));
      }, Math.max(1, timeoutMs - (Date.now() - started))).unref();
    });
    // A boundary the renderer could not finish is marked for the browser to render (`<!--$!-->`), and one sent
    // apart (`<!--$?-->`) needs an inline script the CSP refuses: the browser reports either as an error when
    // hydrating, so such a page is sent as the shell instead.
    if (/<!--\$[!?]-->|<script/.test(html)) throw new Error('a part of the page could not be rendered on the server inline');
    return { html, styles: sheet.getStyleTags(), loads: settledLoads(loads) };
  } finally {
    sheet.seal();
    system.stop();
  }
}
