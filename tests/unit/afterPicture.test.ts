// Picture first: on a page with the server's picture, src/afterPicture.ts starts the app once the
// picture's photos are decoded and painted (a frame later), after PICTURE_WAIT_MAX_MS at the latest, and preloads
// the modules the server listed for that moment. The browser side (which requests go when) is in
// tests/e2e/first-paint.spec.ts; the served page in tests/api/http.test.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AFTER_PICTURE_META } from '../../contract/after-picture';
import { afterPicture, PICTURE_WAIT_MAX_MS } from '../../src/afterPicture';

const PHOTOS = ['/media/offers/a.jpg', '/media/offers/b.jpg'];
const MODULES = ['/assets/main-1.js', '/assets/OfferPage-2.js', '/assets/pl-3.js'];

/** The page's <head> as the server writes it under a picture: the photos' preloads and the listed modules. */
function page({ photos = PHOTOS, hidden = false } = {}) {
  document.head.replaceChildren();
  for (const href of photos) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', 'image');
    link.href = href;
    document.head.append(link);
  }
  const meta = document.createElement('meta');
  meta.name = AFTER_PICTURE_META;
  meta.content = MODULES.join(' ');
  document.head.append(meta);
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(hidden ? 'hidden' : 'visible');
}

const preloads = () =>
  [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => ({ href: l.getAttribute('href'), crossOrigin: l.crossOrigin }));

/** HTMLImageElement.decode per photo (jsdom has none), resolved when the test says so. */
function decodes() {
  const asked: string[] = [];
  const resolvers: (() => void)[] = [];
  HTMLImageElement.prototype.decode = function decode(this: HTMLImageElement) {
    asked.push(new URL(this.src).pathname);
    return new Promise<void>((resolve) => resolvers.push(resolve));
  };
  return { asked, resolveAll: () => resolvers.forEach((r) => r()) };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.head.replaceChildren();
  delete (HTMLImageElement.prototype as Partial<HTMLImageElement>).decode;
});

describe('afterPicture', () => {
  it('starts the app a frame after every photo is decoded, and only then preloads the listed modules', async () => {
    page();
    const d = decodes();
    const start = vi.fn();
    afterPicture(start);
    expect(d.asked).toEqual(PHOTOS);
    await vi.advanceTimersByTimeAsync(100);
    expect(start).not.toHaveBeenCalled();
    expect(preloads()).toEqual([]);

    d.resolveAll();
    await vi.advanceTimersByTimeAsync(0);
    expect(start).not.toHaveBeenCalled(); // the frame with the photos is not painted yet
    await vi.advanceTimersByTimeAsync(20);
    expect(start).toHaveBeenCalledTimes(1);
    expect(preloads()).toEqual(MODULES.map((href) => ({ href, crossOrigin: '' })));

    await vi.advanceTimersByTimeAsync(PICTURE_WAIT_MAX_MS);
    expect(start).toHaveBeenCalledTimes(1);
    expect(preloads()).toHaveLength(MODULES.length);
  });

  it('waits at most PICTURE_WAIT_MAX_MS for photos that do not come', async () => {
    page();
    const d = decodes();
    const start = vi.fn();
    afterPicture(start);
    await vi.advanceTimersByTimeAsync(PICTURE_WAIT_MAX_MS - 1);
    expect(start).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(start).toHaveBeenCalledTimes(1);
    expect(preloads()).toHaveLength(MODULES.length);

    d.resolveAll(); // the photos arrive later: nothing starts twice
    await vi.advanceTimersByTimeAsync(50);
    expect(start).toHaveBeenCalledTimes(1);
    expect(preloads()).toHaveLength(MODULES.length);
  });

  it('a photo that fails to load is nothing to wait for', async () => {
    page({ photos: [PHOTOS[0]] });
    HTMLImageElement.prototype.decode = () => Promise.reject(new DOMException('broken', 'EncodingError'));
    const start = vi.fn();
    afterPicture(start);
    await vi.advanceTimersByTimeAsync(20);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('waits one frame when the page preloads no photo', async () => {
    page({ photos: [] });
    const d = decodes();
    const start = vi.fn();
    afterPicture(start);
    expect(d.asked).toEqual([]);
    expect(start).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(20);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts at once in a hidden page, where nothing is painted to wait for', () => {
    page({ hidden: true });
    const d = decodes();
    const start = vi.fn();
    afterPicture(start);
    expect(start).toHaveBeenCalledTimes(1);
    expect(d.asked).toEqual([]);
    expect(preloads()).toHaveLength(MODULES.length);
  });
});
