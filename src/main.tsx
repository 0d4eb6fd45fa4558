import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadRoute } from './app/Routes';
import { readStoredTokens, createAppSystem } from './system/system';
import { unregisterServiceWorkers } from './components/layout/serviceWorkers';
import { readRenderPreferences } from '../contract/page-data';
import { syncListViewCookie, writeSignedInCookie } from './config/storage';
import { readServerLoads } from './ssr/firstLoads';
import { sendLocation, settleSystem } from './ssr/settle';

// SPEC §2: service workers are unregistered at startup.
unregisterServiceWorkers();


// Boot in parallel: the page's own code starts loading now, side by side with the dictionary and
// boot's loads (which the app system starts), instead of after them.
const screen = preloadRoute(window.location.pathname);

const container = document.getElementById('root')!;
// The server rendered this page (server/pages/spaHtml.ts) for an anonymous visitor, or for one whose cookie says
// they hold a session (a frame without the sign-in button): a visitor with a session sees their own frame, so the
// app renders it anew for them rather than hydrating the server's; so does a visitor whose cookie outlived the
// tokens, whose page the server drew without the sign-in button.
const serverLoads = readServerLoads();
const tokens = readStoredTokens();
const hydrate = serverLoads !== null && container.firstElementChild !== null && tokens === null && !readRenderPreferences(document.cookie).signedIn;

syncListViewCookie();
writeSignedInCookie(tokens !== null);

const system = createAppSystem();
system.start();

const app = (firstLoads: Parameters<typeof App>[0]['firstLoads']) => (
  <StrictMode>
    <App system={system} firstLoads={firstLoads} />
  </StrictMode>
);

function render() {
  // The server's HTML stays on screen until the app's own first render replaces it (React clears the container
  // when that render commits): a signed-in visitor sees the page, then their frame, never an empty page between.
  // Without server HTML (the shell) there is nothing to keep. A transition: the first render is time-sliced.
  startTransition(() => {
    createRoot(container).render(app(null));
  });
}

if (hydrate) {
  // Hydration, not a second render: the app-wide actors settle on the same data the server's did (the page's
  // initial data), the screen's code is there, and the views restore the loads the server settled; then React
  // takes over the server's HTML as it is.
  const { pathname, search, hash } = window.location;
  sendLocation(system, { pathname, search, hash });
  Promise.all([settleSystem(system), screen]).then(
    () => {
      startTransition(() => {
        hydrateRoot(container, app({ side: 'client', loads: serverLoads, preferences: readRenderPreferences(document.cookie) }));
      });
    },
    () => render(),
  );
} else {
  render();
}
