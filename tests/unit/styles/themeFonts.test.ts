// The theme font (issue 11): declared at start only on a browser that fetched its files before; a first visit
// fetches them a while after the page's load without declaring them, and remembers that. The faces' module is
// loaded only for one or the other (the entry holds src/styles/startThemeFonts.ts alone).
import { describe, expect, it } from 'vitest';
import { declareThemeFonts, declareThemeFontsIfCached, fetchThemeFonts, THEME_FONT_FACES, type FontEnvironment } from '../../../src/styles/themeFonts';
import { startThemeFonts, type FontStart } from '../../../src/styles/startThemeFonts';

function fakeEnvironment(options: { failLoad?: boolean; noApi?: boolean; cached?: boolean } = {}) {
  const added: unknown[] = [];
  const created: { family: string; source: string; descriptors: FontFaceDescriptors }[] = [];
  const loads: string[] = [];
  let marked = false;
  const asked: string[][] = [];
  const env: FontEnvironment = {
    fonts: options.noApi ? undefined : { add: (face) => (added.push(face), undefined as never) },
    createFace: (family, source, descriptors) => {
      created.push({ family, source, descriptors });
      return { load: () => (loads.push(source), options.failLoad ? Promise.reject(new Error('offline')) : Promise.resolve({} as FontFace)) };
    },
    markFetched: () => {
      marked = true;
    },
    cached: async (urls) => {
      asked.push([...urls]);
      return options.cached ?? false;
    },
  };
  return { env, added, created, loads, asked, wasMarked: () => marked };
}

describe('declareThemeFonts / fetchThemeFonts', () => {
  it('declares every Lato face, optional, with its file and characters', () => {
    const f = fakeEnvironment();
    expect(declareThemeFonts(f.env)).toBe(true);
    expect(f.added).toHaveLength(THEME_FONT_FACES.length);
    expect(f.created.every((c) => c.family === 'Lato' && c.descriptors.display === 'optional')).toBe(true);
    expect(f.created.map((c) => c.descriptors.weight).sort()).toEqual(['400', '400', '700', '700']);
    expect(f.created.every((c) => /^url\(.+\.woff2\) format\('woff2'\)$/.test(c.source) && !!c.descriptors.unicodeRange)).toBe(true);
    expect(f.loads).toHaveLength(0);
  });

  it('declares the faces on a returning visit only when every file is still in the cache', async () => {
    const kept = fakeEnvironment({ cached: true });
    expect(await declareThemeFontsIfCached(kept.env)).toBe(true);
    expect(kept.asked).toEqual([THEME_FONT_FACES.map((face) => face.url)]);
    expect(kept.added).toHaveLength(THEME_FONT_FACES.length);
    const lost = fakeEnvironment({ cached: false });
    expect(await declareThemeFontsIfCached(lost.env)).toBe(false);
    expect(lost.added).toHaveLength(0);
    expect(lost.loads).toHaveLength(0);
  });

  it('fetches every file without declaring a face, then remembers them', async () => {
    const f = fakeEnvironment();
    expect(await fetchThemeFonts(f.env)).toBe(true);
    expect(f.loads).toHaveLength(THEME_FONT_FACES.length);
    expect(f.added).toHaveLength(0);
    expect(f.wasMarked()).toBe(true);
  });

  it('does not remember files that failed to arrive', async () => {
    const f = fakeEnvironment({ failLoad: true });
    expect(await fetchThemeFonts(f.env)).toBe(false);
    expect(f.wasMarked()).toBe(false);
    expect(f.added).toHaveLength(0);
  });

  it('leaves the fallback face where the Font Loading API is missing', async () => {
    const f = fakeEnvironment({ noApi: true });
    expect(declareThemeFonts(f.env)).toBe(false);
    expect(await fetchThemeFonts(f.env)).toBe(false);
    expect(f.created).toHaveLength(0);
  });
});

describe('startThemeFonts', () => {
  function fakeStart(fetched: boolean, cached = true, probeFound = cached) {
    const calls: string[] = [];
    let later: (() => void) | null = null;
    const start: FontStart = {
      fetched: () => fetched,
      probe: async () => (calls.push(probeFound ? 'probe: found' : 'probe: missing'), probeFound),
      afterLoad: (task) => {
        later = task;
      },
      load: async () => {
        calls.push('load');
        return {
          declareThemeFontsIfCached: async () => (calls.push(cached ? 'declare' : 'not cached'), cached),
          fetchThemeFonts: async () => (calls.push('fetch'), true),
        };
      },
    };
    return { start, calls, runLater: () => later?.(), hasLater: () => later !== null };
  }
  const settle = () => new Promise((r) => setTimeout(r, 0));

  it('declares the faces at start on a browser that fetched them before', async () => {
    const s = fakeStart(true);
    expect(startThemeFonts(s.start)).toBe('declare if cached');
    await settle();
    expect(s.calls).toEqual(['probe: found', 'load', 'declare']);
    expect(s.hasLater()).toBe(false);
  });

  it('loads nothing at start when the cache lost the first file, and fetches the files after the load', async () => {
    const s = fakeStart(true, false);
    startThemeFonts(s.start);
    await settle();
    expect(s.calls).toEqual(['probe: missing']);
    s.runLater();
    await settle();
    expect(s.calls).toEqual(['probe: missing', 'load', 'fetch']);
  });

  it('fetches the files again after the load when the cache kept the first file but lost another', async () => {
    const s = fakeStart(true, false, true);
    startThemeFonts(s.start);
    await settle();
    expect(s.calls).toEqual(['probe: found', 'load', 'not cached']);
    s.runLater();
    await settle();
    expect(s.calls).toEqual(['probe: found', 'load', 'not cached', 'load', 'fetch']);
  });

  it('on a first visit loads nothing at start and fetches the files after the load', async () => {
    const s = fakeStart(false);
    expect(startThemeFonts(s.start)).toBe('fetch later');
    await settle();
    // not even the cache is asked
    expect(s.calls).toEqual([]);
    s.runLater();
    await settle();
    expect(s.calls).toEqual(['load', 'fetch']);
  });
});
