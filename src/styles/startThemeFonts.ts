// When the theme font is declared or fetched (issue 11; what and why: ./themeFonts.ts). The entry holds only
// this: the faces' module is loaded at start on a browser that fetched the files before (to declare them when
// they are still in its cache), and a while after the page's load on a first visit, or when the cache lost them
// (to fetch them for the next visits).
// A browser that fetched them before first asks its cache for one file, from here: only when that one is there is
// the faces' module loaded (it then checks them all). A cache emptied since (Lighthouse empties it before each run
// and keeps localStorage) so costs one cache lookup at start, not a chunk's download on the first screen's path
// (with Lighthouse's storage reset, measured: README "Speed").
import latin400 from '@fontsource/lato/files/lato-latin-400-normal.woff2?url';
import { readStorage, STORAGE_KEYS } from '../config/storage';

/** The face whose file is asked for first: the body text's. */
export const PROBE_FONT_URL = latin400;

/** Whether `url` is in the browser's HTTP cache; no network request is made to find out. */
export function inHttpCache(url: string): Promise<boolean> {
  return fetch(url, { cache: 'only-if-cached', mode: 'same-origin' }).then(
    (response) => {
      void response.body?.cancel();
      return response.ok;
    },
    // not in the cache, or a browser without only-if-cached
    () => false,
  );
}

/** How long after the page's load a first visit fetches the files (when the first screen's work is done). */
export const FETCH_AFTER_LOAD_MS = 4000;

export interface FontStart {
  fetched(): boolean;
  /** whether the first face's file is in the HTTP cache */
  probe(): Promise<boolean>;
  /** runs `task` FETCH_AFTER_LOAD_MS after the page's load */
  afterLoad(task: () => void): void;
  load(): Promise<Pick<typeof import('./themeFonts'), 'declareThemeFontsIfCached' | 'fetchThemeFonts'>>;
}

export function startThemeFonts(start: FontStart = browserFontStart()): 'declare if cached' | 'fetch later' {
  const fetchLater = () => start.afterLoad(() => void start.load().then((fonts) => fonts.fetchThemeFonts(), () => {}));
  if (start.fetched()) {
    void start.probe().then((cached) => {
      if (!cached) return fetchLater();
      return start.load().then(
        (fonts) => fonts.declareThemeFontsIfCached().then((declared) => declared || fetchLater()),
        () => {},
      );
    });
    return 'declare if cached';
  }
  fetchLater();
  return 'fetch later';
}

function browserFontStart(): FontStart {
  return {
    fetched: () => readStorage(STORAGE_KEYS.themeFontsFetched) === '1',
    probe: () => inHttpCache(PROBE_FONT_URL),
    afterLoad: (task) => {
      const later = () => setTimeout(task, FETCH_AFTER_LOAD_MS);
      if (document.readyState === 'complete') later();
      else window.addEventListener('load', later, { once: true });
    },
    load: () => import('./themeFonts'),
  };
}
