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
// The server rendered this page (server/pages/spaHtml.ts) as an anonymous visitor's, with the header of one who
// holds a session when their cookie says so: the hydrating render draws the same (src/system/useSession.ts), then
// the visitor's own frame. What the server read from the cookies is what the hydration must draw, so it is read
// before the cookies are brought up to date.
const serverLoads = readServerLoads();
const preferences = readRenderPreferences(document.cookie);
const hydrate = serverLoads !== null && container.firstElementChild !== null;

syncListViewCookie();
writeSignedInCookie(readStoredTokens() !== null);

const system = createAppSystem();
system.start();

const app = (firstLoads: Parameters<typeof App>[0]['firstLoads']) => (
  <StrictMode>
    <App system={system} firstLoads={firstLoads} />
  </StrictMode>
);

function render() {
  // The server's HTML, if any (a page whose actors did not settle in time), stays on screen until the app's own
  // first render replaces it (React clears the container when that render commits): never an empty page between.
  // A transition: the first render is time-sliced.
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
        hydrateRoot(container, app({ side: 'client', loads: serverLoads, preferences }));
      });
    },
    () => render(),
  );
} else {
  render();
}
