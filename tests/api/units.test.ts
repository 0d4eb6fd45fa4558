import { describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../../server/config';
import { resolveLanguage } from '../../server/lib/language';
import { paged, pageWindow } from '../../server/lib/pagination';
import { parseQueryString } from '../../server/lib/querystring';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: './data',
      defaultLanguage: 'pl',
      jwtSecret: undefined,
      accessTokenTtl: 900,
      refreshTokenTtl: 2_592_000,
      oauthClientId: 'web-spa',
      oauthClientSecret: 'web-spa-secret',
      logLevel: 'info',
      bodyLimit: 1_048_576,
      trustProxy: false,
      seedDemo: true,
      spaDir: 'dist',
      serveSpa: true,
      serverRendering: true,
    });
    expect(loadConfig({}).databaseUrl).toBeUndefined();
    expect(loadConfig({}).jwtSecret).toBeUndefined();
  });

  it('reads values and falls back to pl for an unknown language', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@h:5432/db',
      DEFAULT_LANGUAGE: 'de',
      SEED_DEMO: 'false',
      SERVER_RENDERING: 'false',
      TRUST_PROXY: '1',
      ACCESS_TOKEN_TTL: '60',
      JWT_SECRET: 's'.repeat(32),
    });
    expect(config).toMatchObject({ port: 8080, databaseUrl: 'postgres://u@h:5432/db', defaultLanguage: 'pl', seedDemo: false, serverRendering: false, trustProxy: true, accessTokenTtl: 60 });
    expect(loadConfig({ DEFAULT_LANGUAGE: 'en' }).defaultLanguage).toBe('en');
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ ACCESS_TOKEN_TTL: '0' }, 'ACCESS_TOKEN_TTL'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
  ])('rejects %o naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});

describe('parseQueryString', () => {
  it('nests bracket keys', () => {
    expect(parseQueryString('pagination[pageSize]=5&pagination[pageNumber]=2&q=x')).toEqual({
      pagination: { pageSize: '5', pageNumber: '2' },
      q: 'x',
    });
    expect(parseQueryString('a[b][c]=1')).toEqual({ a: { b: { c: '1' } } });
    expect(parseQueryString('pagination%5BpageSize%5D=7')).toEqual({ pagination: { pageSize: '7' } });
  });

  it('collects arrays from [] and repeated keys', () => {
    expect(parseQueryString('ids[]=1&ids[]=2')).toEqual({ ids: ['1', '2'] });
    expect(parseQueryString('t=a&t=b&t=c')).toEqual({ t: ['a', 'b', 'c'] });
  });

  it('drops prototype keys and keeps malformed keys flat', () => {
    const parsed = parseQueryString('__proto__[x]=1&a[__proto__]=2&constructor=3&b[=4&c]x[=5');
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(parsed).toEqual({ 'b[': '4', 'c]x[': '5' });
  });

  it('bounds the depth and resolves clashes', () => {
    expect(parseQueryString('a[1][2][3][4][5][6]=x')).toEqual({ 'a[1][2][3][4][5][6]': 'x' });
    expect(parseQueryString('a=1&a[b]=2')).toEqual({ a: '1' });
    expect(parseQueryString('a[b]=2&a=1')).toEqual({ a: { b: '2' } });
  });
});

describe('pagination helpers', () => {
  it('computes the window and the totals', () => {
    expect(pageWindow({ pageSize: 10, pageNumber: 3 })).toEqual({ limit: 10, offset: 20 });
    expect(paged([1, 2], 12, { pageSize: 10, pageNumber: 2 }).pagination).toEqual({
      pageSize: 10,
      pageNumber: 2,
      totalItems: 12,
      totalPages: 2,
    });
    expect(paged([], 0, { pageSize: 10, pageNumber: 1 }).pagination.totalPages).toBe(0);
  });
});

describe('resolveLanguage', () => {
  it.each([
    [{ 'content-language': 'en-US' }, 'en'],
    [{ 'content-language': 'PL' }, 'pl'],
    [{ 'content-language': 'de', 'accept-language': 'en' }, 'en'],
    [{ 'accept-language': 'fr;q=1, pl;q=0.2, en;q=0.9' }, 'en'],
    [{ 'accept-language': 'en;q=0, pl;q=0.1' }, 'pl'],
    [{ 'accept-language': '*' }, 'pl'],
    [{}, 'pl'],
  ])('%o → %s', (headers, expected) => {
    expect(resolveLanguage(headers, 'pl')).toBe(expected);
  });
});
