// Picture first (the offer page's LCP): a page's first script where the server drew its picture of the
// page's top (server/routes/firstPaint.ts). It fetches the app once the picture's photos are on screen, not side by
// side with them. The photos are that page's largest content; on a slow mobile link every byte of script that
// downloads at the same time delays them (and Lighthouse's simulation counts every script that finished before the
// photo was painted into the LCP). The page is already drawn, by the picture, while the code downloads; what waits
// is the moment it becomes interactive, by the photos' own download time and never more than PICTURE_WAIT_MAX_MS.
//
// A build entry of its own (vite.config.ts) that imports only the meta's name (contract/after-picture.ts): it must
// not pull any of the app in. The server (server/routes/spaHtml.ts) serves it instead of the app's entry only on a page with a picture:
//   <script type="module" src="/assets/afterPicture-….js" data-app="/assets/index-….js">
// and lists the modules that page would have preloaded in <meta name="after-picture-modules" content="/a.js /b.js">
// instead of <head>'s modulepreload links. They are preloaded here when the wait is over, side by side, as before.
// Every other page loads the app's entry directly.

import { AFTER_PICTURE_META } from '../contract/after-picture';

export const PICTURE_WAIT_MAX_MS = 1000;

/**
 * Calls `start` once, after starting the preloads of the modules the server listed: when the photos the page
 * preloads (the server preloads exactly the picture's photos) are decoded, or failed, and a frame has been painted
 * with them; after PICTURE_WAIT_MAX_MS at the latest; at once in a hidden page, where nothing is painted.
 * Small on purpose: it is on the offer page's first path, and within that page's script budget (scripts/budget.mjs).
 */
export function afterPicture(start: () => void): void {
  let started = false;
  const go = () => {
    if (started) return;
    started = true;
    clearTimeout(timer);
    const listed = document.querySelector<HTMLMetaElement>(`meta[name="${AFTER_PICTURE_META}"]`)?.content.split(' ');
    for (const href of listed ?? []) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    start();
  };
  // go() reads the timer, so it runs only once the timer is declared: at once in a hidden page
  const timer = document.visibilityState === 'hidden' ? undefined : setTimeout(go, PICTURE_WAIT_MAX_MS);
  if (timer === undefined) return go();
  const photos = [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].map((link) => {
    const image = new Image();
    image.src = link.href;
    return image.decode().catch(() => undefined);
  });
  // requestAnimationFrame runs before the next frame's paint, the timeout after it
  void Promise.all(photos).then(() => requestAnimationFrame(() => setTimeout(go, 0)));
}

const app = typeof document === 'undefined' ? undefined : document.querySelector<HTMLScriptElement>('script[data-app]')?.dataset.app;
if (app) afterPicture(() => void import(/* @vite-ignore */ app));
