// The small rules of the public pages (SPEC §2): homepage slice, slider button for guests and investors,
// content links, the offers list's URL rules, and the empty-after-stripping rule.
import { describe, expect, it } from 'vitest';
import { isBlankHtml, stripHtml } from '../../../src/components/offers/html';
import { listHref, readPage, readPageSize } from '../../../contract/paging';
import { pageWindow } from '../../../src/components/offers/Pagination';
import { resolveContentUrl } from '../../../src/config/contentLinks';
import { pluralKey } from '../../../lib/format';
import { homepageSlice, slideButton } from '../../../src/features/public/rules';

describe('homepage slice', () => {
  it('takes the first three offers that have a thumbnail, in order', () => {
    const offers = [
      { id: 'a', thumbUrl: '/a.jpg' },
      { id: 'b', thumbUrl: null },
      { id: 'c', thumbUrl: '' },
      { id: 'd', thumbUrl: '/d.jpg' },
      { id: 'e', thumbUrl: '  ' },
      { id: 'f', thumbUrl: '/f.jpg' },
      { id: 'g', thumbUrl: '/g.jpg' },
    ];
    expect(homepageSlice(offers).map((o) => o.id)).toEqual(['a', 'd', 'f']);
  });
  it('gives fewer when fewer have a thumbnail, and nothing for nothing', () => {
    expect(homepageSlice([{ thumbUrl: null }, { thumbUrl: '/x.jpg' }])).toEqual([{ thumbUrl: '/x.jpg' }]);
    expect(homepageSlice([])).toEqual([]);
    expect(homepageSlice(null)).toEqual([]);
  });
});

describe('slider button', () => {
  const item = {
    guestButtonLabel: 'Create an account',
    guestButtonUrl: 'register',
    loggedUserButtonLabel: 'See investments',
    loggedUserButtonUrl: 'offers',
  };
  it('guests see only the guest button', () => {
    expect(slideButton(item, false)).toEqual({ label: 'Create an account', url: 'register' });
    expect(slideButton({ ...item, guestButtonLabel: null }, false)).toBeNull();
    expect(slideButton({ ...item, guestButtonUrl: '' }, false)).toBeNull();
  });
  it('a logged-in user sees the logged-in label and URL', () => {
    expect(slideButton(item, true)).toEqual({ label: 'See investments', url: 'offers' });
  });
  it("a logged-in user's URL falls back to the guest URL", () => {
    expect(slideButton({ ...item, loggedUserButtonUrl: null }, true)).toEqual({ label: 'See investments', url: 'register' });
    expect(slideButton({ ...item, loggedUserButtonUrl: '  ' }, true)).toEqual({ label: 'See investments', url: 'register' });
  });
  it('a logged-in user never sees the guest label', () => {
    expect(slideButton({ ...item, loggedUserButtonLabel: null }, true)).toBeNull();
    expect(slideButton({ ...item, loggedUserButtonUrl: null, guestButtonUrl: null }, true)).toBeNull();
  });
});

describe('content links', () => {
  it('external http(s) links stay as they are', () => {
    expect(resolveContentUrl('pl', 'https://example.com/x')).toEqual({ kind: 'external', to: 'https://example.com/x' });
    expect(resolveContentUrl('en', 'HTTP://example.com')).toEqual({ kind: 'external', to: 'HTTP://example.com' });
  });
  it('a route name resolves to its path in the language', () => {
    expect(resolveContentUrl('pl', 'offers')).toEqual({ kind: 'internal', to: '/pl/inwestycje' });
    expect(resolveContentUrl('en', 'offers')).toEqual({ kind: 'internal', to: '/en/investments' });
    expect(resolveContentUrl('pl', 'aboutUs')).toEqual({ kind: 'internal', to: '/pl/o-nas' });
    expect(resolveContentUrl('en', 'home')).toEqual({ kind: 'internal', to: '/en/' });
  });
  it('other links are internal; a route needing parameters or nothing gives no link', () => {
    expect(resolveContentUrl('en', '/en/faq')).toEqual({ kind: 'internal', to: '/en/faq' });
    expect(resolveContentUrl('en', 'some-page')).toEqual({ kind: 'internal', to: '/en/some-page' });
    expect(resolveContentUrl('en', 'offer')).toBeNull();
    expect(resolveContentUrl('en', '')).toBeNull();
    expect(resolveContentUrl('en', null)).toBeNull();
  });
});

describe('offers list URL rules', () => {
  it('the first page uses the first-page route, others the page route', () => {
    expect(listHref('en', 1, 6)).toBe('/en/investments');
    expect(listHref('en', 2, 6)).toBe('/en/investments/page/2');
    expect(listHref('pl', 3, 6)).toBe('/pl/inwestycje/strona/3');
  });
  it('items carries the page size and is left out at the smallest option', () => {
    expect(listHref('en', 1, 9)).toBe('/en/investments?items=9');
    expect(listHref('en', 2, 15, '?items=9')).toBe('/en/investments/page/2?items=15');
    expect(listHref('en', 1, 6, '?items=12')).toBe('/en/investments');
    expect(listHref('en', 2, 12, 'sort=new')).toBe('/en/investments/page/2?sort=new&items=12');
  });
  it('reads the page size from items (6/9/12/15, else 6) and the page number (else 1)', () => {
    expect(readPageSize('')).toBe(6);
    expect(readPageSize('?items=9')).toBe(9);
    expect(readPageSize('items=15')).toBe(15);
    expect(readPageSize('?items=10')).toBe(6);
    expect(readPageSize('?items=abc')).toBe(6);
    expect(readPage(undefined)).toBe(1);
    expect(readPage('4')).toBe(4);
    expect(readPage('0')).toBe(1);
    expect(readPage('x')).toBe(1);
  });
  it('shows all page numbers up to 7, else a window with gaps', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 'gap', 10]);
  });
  it('counts in Polish take three forms', () => {
    expect([1, 2, 5, 22, 25].map((n) => pluralKey('offers.count', 'pl', n))).toEqual([
      'offers.count.one',
      'offers.count.few',
      'offers.count.many',
      'offers.count.few',
      'offers.count.many',
    ]);
    expect(pluralKey('offers.count', 'en', 1)).toBe('offers.count.one');
    expect(pluralKey('offers.count', 'en', 3)).toBe('offers.count.other');
  });
});

describe('empty after stripping HTML', () => {
  it('strips tags, comments and non-breaking spaces', () => {
    expect(stripHtml('<p>Hello <strong>world</strong></p>')).toBe('Hello world');
    expect(stripHtml('<p>&nbsp;</p><!-- x --><br/>')).toBe('');
    expect(stripHtml(null)).toBe('');
  });
  it('is blank only when every part is blank', () => {
    expect(isBlankHtml('<p> </p>', '', null, undefined, '<div><br></div>')).toBe(true);
    expect(isBlankHtml('<p> </p>', '<p>x</p>')).toBe(false);
    expect(isBlankHtml('<img src="a.png">')).toBe(true);
  });
});
