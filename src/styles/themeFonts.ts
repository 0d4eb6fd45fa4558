// Lato, the theme font (SPEC: "theme font Lato"), self-hosted (@fontsource/lato files, 400 and 700, the Latin and
// Latin Extended subsets for Polish letters), declared through the CSS Font Loading API instead of @font-face
// rules in the first stylesheet (issue 11).
//
// Why: with @font-face rules in the page, the browser fetches the four files (62 kB) as soon as text is laid
// out, side by side with the entry script, while `font-display: optional` then leaves this visit in the fallback
// face anyway when they come late (a first visit over a phone link). Side by side in Lighthouse (mobile,
// median of 5), leaving them out of the first load drew the first content 230-480 ms and the LCP element
// 270-730 ms sooner on home, list and offer.
// So: a visit whose browser has fetched the files before (a flag in localStorage) declares the faces at start,
// `display: optional` as before: from the HTTP cache (the files are immutable, hashed assets) they are there in
// time. A first visit draws in the metric-matched 'Lato Fallback' face (./fallbackFonts.ts, declared in
// index.html) and, a few seconds after the page's load, fetches the files for the next visits (when, is
// ./startThemeFonts.ts: the entry holds only that; this module is a chunk of its own); it does not switch faces
// while the visitor reads (nothing moves, no second layout).
// The flag can outlive the files (a cache cleared without the site's data, or evicted; Lighthouse empties the
// cache before each run and keeps localStorage): so the returning path first asks the cache itself (`fetch` with
// `cache: 'only-if-cached'`, which never goes to the network) and declares the faces only when every file is
// there; else that visit is a first visit again. The first visit does not ask: in Lighthouse's simulation each
// probe counts as a request on the first screen's path (LCP 300-500 ms later, measured).
import latin400 from '@fontsource/lato/files/lato-latin-400-normal.woff2?url';
import latin700 from '@fontsource/lato/files/lato-latin-700-normal.woff2?url';
import latinExt400 from '@fontsource/lato/files/lato-latin-ext-400-normal.woff2?url';
import latinExt700 from '@fontsource/lato/files/lato-latin-ext-700-normal.woff2?url';
import { STORAGE_KEYS, writeStorage } from '../config/storage';
import { inHttpCache } from './startThemeFonts';

const LATIN =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';
const LATIN_EXT =
  'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF';

export const THEME_FONT_FAMILY = 'Lato';

/** The theme font's faces: file, weight and the characters each file covers. */
export const THEME_FONT_FACES = [
  { url: latin400, weight: '400', unicodeRange: LATIN },
  { url: latin700, weight: '700', unicodeRange: LATIN },
  { url: latinExt400, weight: '400', unicodeRange: LATIN_EXT },
  { url: latinExt700, weight: '700', unicodeRange: LATIN_EXT },
] as const;

/** What the theme font touches in the browser (tests provide their own). */
export interface FontEnvironment {
  /** `document.fonts`, or undefined where the Font Loading API is missing (then the fallback face stays) */
  fonts: Pick<FontFaceSet, 'add'> | undefined;
  createFace(family: string, source: string, descriptors: FontFaceDescriptors): Pick<FontFace, 'load'>;
  markFetched(): void;
  /** whether every file is in the HTTP cache (no network request is made to find out) */
  cached(urls: readonly string[]): Promise<boolean>;
}

function faces(env: FontEnvironment) {
  return THEME_FONT_FACES.map((face) =>
    env.createFace(THEME_FONT_FAMILY, `url(${face.url}) format('woff2')`, {
      weight: face.weight,
      style: 'normal',
      display: 'optional',
      unicodeRange: face.unicodeRange,
    }),
  );
}

/** Declares every face (`display: optional`) for this page's text; false where the Font Loading API is missing. */
export function declareThemeFonts(env: FontEnvironment = browserFontEnvironment()): boolean {
  const fonts = env.fonts;
  if (!fonts) return false;
  for (const face of faces(env)) fonts.add(face as FontFace);
  return true;
}

/** Declares the faces when every file is in the browser's cache; resolves to whether it did. */
export async function declareThemeFontsIfCached(env: FontEnvironment = browserFontEnvironment()): Promise<boolean> {
  if (!env.fonts || !(await env.cached(THEME_FONT_FACES.map((face) => face.url)))) return false;
  return declareThemeFonts(env);
}

/**
 * Fetches every face's file for the next visits without declaring it (a face outside document.fonts changes no
 * text) and remembers that they were fetched. Resolves to whether they all arrived.
 */
export async function fetchThemeFonts(env: FontEnvironment = browserFontEnvironment()): Promise<boolean> {
  if (!env.fonts) return false;
  try {
    await Promise.all(faces(env).map((face) => face.load()));
  } catch {
    return false;
  }
  env.markFetched();
  return true;
}

function browserFontEnvironment(): FontEnvironment {
  return {
    fonts: typeof document !== 'undefined' && typeof FontFace !== 'undefined' ? document.fonts : undefined,
    createFace: (family, source, descriptors) => new FontFace(family, source, descriptors),
    // storage full or blocked: the next visit fetches them again after its load
    markFetched: () => writeStorage(STORAGE_KEYS.themeFontsFetched, '1'),
    cached: (urls) => Promise.all(urls.map(inHttpCache)).then((found) => found.every(Boolean)),
  };
}
