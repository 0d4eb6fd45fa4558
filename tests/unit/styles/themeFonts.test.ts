// The theme font is declared at start only when this browser has fetched its files before; a first visit
// fetches them a while after the page's load without declaring them, and remembers that (issue 11: nothing competes with the first screen's files, and
// nothing switches faces while the visitor reads).
import { describe, expect, it } from 'vitest';
import { loadThemeFonts, THEME_FONT_FACES, type FontEnvironment } from '../../../src/styles/themeFonts';

function fakeEnvironment(fetched: boolean, options: { failLoad?: boolean; noApi?: boolean } = {}) {
  const added: unknown[] = [];
  const created: { family: string; source: string; descriptors: FontFaceDescriptors }[] = [];
  const loads: string[] = [];
  let afterLoad: (() => void) | null = null;
  let marked = false;
  const env: FontEnvironment = {
    fonts: options.noApi ? undefined : { add: (face) => (added.push(face), undefined as never) },
    createFace: (family, source, descriptors) => {
      created.push({ family, source, descriptors });
      return { load: () => (loads.push(source), options.failLoad ? Promise.reject(new Error('offline')) : Promise.resolve({} as FontFace)) };
    },
    fetched: () => fetched,
    markFetched: () => {
      marked = true;
    },
    afterLoad: (task) => {
      afterLoad = task;
    },
  };
  return { env, added, created, loads, runAfterLoad: () => afterLoad?.(), wasMarked: () => marked, hasAfterLoad: () => afterLoad !== null };
}

describe('loadThemeFonts', () => {
  it('declares every Lato face at start, optional, when this browser has fetched the files before', () => {
    const f = fakeEnvironment(true);
    expect(loadThemeFonts(f.env)).toBe('declared');
    expect(f.added).toHaveLength(THEME_FONT_FACES.length);
    expect(f.created.every((c) => c.family === 'Lato' && c.descriptors.display === 'optional')).toBe(true);
    expect(f.created.map((c) => c.descriptors.weight).sort()).toEqual(['400', '400', '700', '700']);
    expect(f.created.every((c) => /^url\(.+\.woff2\) format\('woff2'\)$/.test(c.source))).toBe(true);
    expect(f.hasAfterLoad()).toBe(false);
  });

  it('on a first visit declares nothing and fetches the files only after the load, then remembers them', async () => {
    const f = fakeEnvironment(false);
    expect(loadThemeFonts(f.env)).toBe('fetching');
    expect(f.added).toHaveLength(0);
    expect(f.loads).toHaveLength(0);
    f.runAfterLoad();
    expect(f.loads).toHaveLength(THEME_FONT_FACES.length);
    await new Promise((r) => setTimeout(r, 0));
    expect(f.wasMarked()).toBe(true);
    expect(f.added).toHaveLength(0);
  });

  it('does not remember files that failed to arrive, and changes nothing on the page', async () => {
    const f = fakeEnvironment(false, { failLoad: true });
    loadThemeFonts(f.env);
    f.runAfterLoad();
    await new Promise((r) => setTimeout(r, 0));
    expect(f.wasMarked()).toBe(false);
    expect(f.added).toHaveLength(0);
  });

  it('leaves the fallback face where the Font Loading API is missing', async () => {
    const f = fakeEnvironment(true, { noApi: true });
    expect(loadThemeFonts(f.env)).toBe('unsupported');
    expect(f.created).toHaveLength(0);
  });
});
