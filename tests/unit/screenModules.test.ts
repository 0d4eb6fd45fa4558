// The server preloads each route's screen module with the page (server/pages/screenModules.ts), so the browser
// downloads it beside the entry. A route missing from that list, or naming another module than the one its screen
// loads, costs the page a round trip after the entry has run: checked here against the browser's route table.
import path from 'node:path';
import { existsSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { ROUTES } from '../../contract/routes';
import { NOT_FOUND_MODULE, SCREEN_MODULES } from '../../server/pages/screenModules';

const root = path.resolve(import.meta.dirname, '../..');

describe('screen modules the server preloads', () => {
  // Each listed module, when imported, says so; then every screen is loaded and the import it made is read.
  const imported = new Set<string>();
  const watchImports = () => {
    imported.clear();
    for (const file of new Set([...Object.values(SCREEN_MODULES), NOT_FOUND_MODULE])) {
      vi.doMock(path.join(root, file), async (importOriginal) => {
        imported.add(file);
        return importOriginal();
      });
    }
  };

  it('name, for every route but the back office, the module its lazy screen loads', async () => {
    for (const file of Object.values(SCREEN_MODULES)) expect(existsSync(path.join(root, file)), file).toBe(true);
    const { SCREENS } = await import('../../src/app/Routes');
    const lazy = ROUTES.filter((route) => route.access !== 'operator').filter((route) => {
      const screen = SCREENS[route.name] as { preload?: unknown } | undefined;
      return typeof screen?.preload === 'function';
    });
    expect(lazy.length).toBeGreaterThan(20);
    expect(Object.keys(SCREEN_MODULES).sort()).toEqual(lazy.map((route) => route.name).sort());
    for (const route of lazy) {
      // a fresh module graph per route: a module several routes share is imported again by each
      vi.resetModules();
      watchImports();
      const fresh = (await import('../../src/app/Routes')).SCREENS;
      await (fresh[route.name] as unknown as { preload: () => Promise<void> }).preload();
      expect([...imported], route.name).toContain(SCREEN_MODULES[route.name]);
    }
  });

  it('name the not-found page for an address no route matches, as the browser preloads it', async () => {
    vi.resetModules();
    watchImports();
    const { preloadRoute } = await import('../../src/app/Routes');
    await preloadRoute('/pl/nie-ma-takiej-strony/ani-takiej');
    expect([...imported]).toEqual([NOT_FOUND_MODULE]);
  });
});
