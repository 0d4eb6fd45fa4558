import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppSystem } from './app/system';
import { unregisterServiceWorkers } from './components/layout/serviceWorkers';

// SPEC §2: service workers are unregistered at startup.
unregisterServiceWorkers();

const system = createAppSystem();
system.start();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App system={system} />
  </StrictMode>,
);
