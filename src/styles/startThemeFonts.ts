// When the theme font is declared or fetched (issue 11; what and why: ./themeFonts.ts). The entry holds only
// this: the faces' module is loaded at start on a browser that fetched the files before (to declare them when
// they are still in its cache), and a while after the page's load on a first visit, or when the cache lost them
// (to fetch them for the next visits).
import { readStorage, STORAGE_KEYS } from '../config/storage';

/** How long after the page's load a first visit fetches the files (when the first screen's work is done). */
export const FETCH_AFTER_LOAD_MS = 4000;

export interface FontStart {
  fetched(): boolean;
  /** runs `task` FETCH_AFTER_LOAD_MS after the page's load */
  afterLoad(task: () => void): void;
  load(): Promise<Pick<typeof import('./themeFonts'), 'declareThemeFontsIfCached' | 'fetchThemeFonts'>>;
}

export function startThemeFonts(start: FontStart = browserFontStart()): 'declare if cached' | 'fetch later' {
  const fetchLater = () => start.afterLoad(() => void start.load().then((fonts) => fonts.fetchThemeFonts(), () => {}));
  if (start.fetched()) {
    void start.load().then(
      (fonts) => fonts.declareThemeFontsIfCached().then((declared) => declared || fetchLater()),
      () => {},
    );
    return 'declare if cached';
  }
  fetchLater();
  return 'fetch later';
}

function browserFontStart(): FontStart {
  return {
    fetched: () => readStorage(STORAGE_KEYS.themeFontsFetched) === '1',
    afterLoad: (task) => {
      const later = () => setTimeout(task, FETCH_AFTER_LOAD_MS);
      if (document.readyState === 'complete') later();
      else window.addEventListener('load', later, { once: true });
    },
    load: () => import('./themeFonts'),
  };
}
