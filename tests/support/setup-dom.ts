import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { preloadScreens } from '../../src/screens/lazyScreen';
import { installComputedStyleCache } from './computed-style-cache';
import { forgetStyledSheet } from './styled-sheet';
import { checkMeasuredCoverage } from './model';

// findBy*/waitFor wait up to 5 s (default 1 s): a lazy chunk (lightbox, maps, charts) imported for the first
// time in a worker can take longer than a second on a loaded 2-core machine.
configure({ asyncUtilTimeout: 5_000 });

// Role queries ask for the same computed styles many times between two changes to the page: kept until the next.
installComputedStyleCache();

// Screens load lazily in the app; tests render them at once, as after the chunk has arrived.
// Each file starts with an empty style sheet: it matches only the rules of what it draws (styled-sheet.ts).
beforeAll(async () => {
  forgetStyledSheet();
  await preloadScreens();
});

// The web project shares one jsdom and one module graph per worker between test files (vitest.config.ts):
// nothing a test changes may outlive it.
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});

// Model coverage is measured from the paths that ran: after each file, one line per modelled machine, and
// the file fails when a path did not run or the machine is not fully covered (tests/support/model.ts).
afterAll(() => {
  checkMeasuredCoverage();
});
