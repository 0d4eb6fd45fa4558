import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadRoute } from './app/Routes';
import { expireFirstPaint } from './app/firstPaint';
import { createAppSystem } from './app/system';
import { unregisterServiceWorkers } from './components/layout/serviceWorkers';
import { startThemeFonts } from './styles/startThemeFonts';

// SPEC §2: service workers are unregistered at startup.
unregisterServiceWorkers();

// The theme font: declared now when this browser has its files, else fetched after the load (issue 11).
startThemeFonts();

// The server's picture of the page's top, if it drew one, goes when the app draws the page, or after a while.
expireFirstPaint();

// Boot in parallel (issue 11): the page's own code starts loading now, side by side with the dictionary and
// boot's loads (which the app system starts), instead of after them.
preloadRoute(window.location.pathname);

const system = createAppSystem();
system.start();

// A transition: the first render is time-sliced (issue 11, total blocking time).
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App system={system} />
    </StrictMode>,
  );
});
