// The answers index.html carries: keyed like the server keys them, given out once, only in their language,
// never to a signed-in request or a non-GET.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttp } from '../../src/api/http';
import { INITIAL_DATA_ELEMENT_ID, requestKey } from '../../contract/page-data';
import { createInitialAnswers, readInitialDataElement } from '../../src/api/initialData';

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ data, errors: [], status: 200 }), { status: 200, headers: { 'content-type': 'application/json' } });

describe('requestKey', () => {
  it('is the path with its defined query parameters sorted by name', () => {
    expect(requestKey('/slider')).toBe('/slider');
    expect(requestKey('/offers/a', { previewToken: undefined })).toBe('/offers/a');
    expect(requestKey('/offers', { 'pagination[pageSize]': 6, 'pagination[pageNumber]': 2 })).toBe(
      '/offers?pagination%5BpageNumber%5D=2&pagination%5BpageSize%5D=6',
    );
  });
});

describe('the page element', () => {
  afterEach(() => document.body.replaceChildren());
  it('is read once and removed; anything but the expected JSON is ignored', () => {
    const el = document.createElement('script');
    el.type = 'application/json';
    el.id = INITIAL_DATA_ELEMENT_ID;
    el.textContent = JSON.stringify({ language: 'pl', answers: { '/slider': [1] } });
    document.body.append(el);
    expect(readInitialDataElement()).toEqual({ language: 'pl', answers: { '/slider': [1] } });
    expect(document.getElementById(INITIAL_DATA_ELEMENT_ID)).toBeNull();
    expect(readInitialDataElement()).toBeNull();
    const bad = document.createElement('script');
    bad.type = 'application/json';
    bad.id = INITIAL_DATA_ELEMENT_ID;
    bad.textContent = '{not json';
    document.body.append(bad);
    expect(readInitialDataElement()).toBeNull();
  });
});

describe('the HTTP client with initial answers', () => {
  const setup = (token: string | null = null, language: 'pl' | 'en' = 'pl') => {
    const fetchImpl = vi.fn(async () => envelope('from the API'));
    const auth = token ? ({ getSnapshot: () => ({ context: { tokens: { accessToken: token } } }) } as never) : undefined;
    const http = createHttp({
      baseURL: 'http://localhost/api',
      getLanguage: () => language,
      getAuth: () => auth,
      fetchImpl: fetchImpl as unknown as typeof fetch,
      initialAnswers: createInitialAnswers(() => ({
        language: 'pl',
        answers: { '/slider': 'inline', '/offers?pagination%5BpageNumber%5D=1&pagination%5BpageSize%5D=6': 'inline list' },
      })),
    });
    return { http, fetchImpl };
  };

  it('answers a GET from the page once, then asks the API', async () => {
    const { http, fetchImpl } = setup();
    expect(await http('/slider')).toBe('inline');
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(await http('/offers', { query: { 'pagination[pageSize]': 6, 'pagination[pageNumber]': 1 } })).toBe('inline list');
    expect(await http('/slider')).toBe('from the API');
    expect(await http('/offers', { query: { 'pagination[pageSize]': 9, 'pagination[pageNumber]': 1 } })).toBe('from the API');
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('never for another language, a signed-in user or a POST', async () => {
    const en = setup(null, 'en');
    expect(await en.http('/slider')).toBe('from the API');
    const signedIn = setup('token');
    expect(await signedIn.http('/slider')).toBe('from the API');
    const post = setup();
    expect(await post.http('/slider', { method: 'POST', body: {} })).toBe('from the API');
  });
});

describe('a 404 the page carries', () => {
  it('fails the first GET with that answer, once, then asks the API', async () => {
    const fetchImpl = vi.fn(async () => envelope('from the API'));
    const http = createHttp({
      baseURL: 'http://localhost/api',
      getLanguage: () => 'pl',
      fetchImpl: fetchImpl as unknown as typeof fetch,
      initialAnswers: createInitialAnswers(() => ({
        language: 'pl',
        answers: {},
        notFound: { '/offer/nope': { status: 404, errors: [{ code: 'NOT_FOUND', context: 'slug', message: 'Nie znaleziono' }] } },
      })),
    });
    const error = await http('/offer/nope').catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ApiRequestError', status: 404, code: 'NOT_FOUND' });
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(await http('/offer/nope')).toBe('from the API');
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });
});
