import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { describeEachDatabase } from './helpers';

const csp = (header: string | string[] | number | undefined) =>
  Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );

describe('CSP sources from the environment', () => {
  it('parses space-separated https origins per directive, none by default', () => {
    expect(loadConfig({}).csp).toEqual({ imgSrc: [], frameSrc: [], scriptSrc: [], connectSrc: [] });
    expect(loadConfig({ CSP_IMG_SRC: 'https://tiles.example.com  https://*.maps.example.org' }).csp.imgSrc).toEqual([
      'https://tiles.example.com',
      'https://*.maps.example.org',
    ]);
  });

  it('refuses anything but https origins', () => {
    expect(() => loadConfig({ CSP_SCRIPT_SRC: "'unsafe-inline'" })).toThrow(/CSP_SCRIPT_SRC/);
    expect(() => loadConfig({ CSP_IMG_SRC: 'http://tiles.example.com' })).toThrow(/CSP_IMG_SRC/);
  });
});

// The operator's sources are in the pages' policy: read off a document answer (the non-API 404 page) and the API
// reference's page. The API's JSON answers carry a data policy that loads nothing (tests/api/http.test.ts).
const DOCUMENTS = ['/nope', '/api/docs'];

describeEachDatabase('CSP by default', {}, (t) => {
  it('allows no third party and no frames', async () => {
    for (const url of DOCUMENTS) {
      const policy = csp((await t.app.inject({ method: 'GET', url })).headers['content-security-policy']);
      expect(policy['img-src'], url).toEqual(["'self'", 'data:', 'blob:']);
      expect(policy['frame-src'], url).toEqual(["'none'"]);
      expect(policy['script-src'], url).toEqual(["'self'"]);
    }
  });
  it('says DENY to old browsers too, pages and data alike', async () => {
    for (const url of [...DOCUMENTS, '/api/slider']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });
});

describeEachDatabase(
  'CSP with operator-configured map tiles and embeds',
  {
    config: {
      csp: {
        imgSrc: ['https://tiles.example.com'],
        frameSrc: ['https://www.mixcloud.com'],
        scriptSrc: ['https://analytics.example.com'],
        connectSrc: ['https://analytics.example.com'],
      },
    },
  },
  (t) => {
    it('adds exactly the configured origins to the pages\' policy, none to the data policy', async () => {
      for (const url of DOCUMENTS) {
        const policy = csp((await t.app.inject({ method: 'GET', url })).headers['content-security-policy']);
        expect(policy['img-src'], url).toContain('https://tiles.example.com');
        expect(policy['frame-src'], url).toEqual(['https://www.mixcloud.com']);
        expect(policy['script-src'], url).toEqual(["'self'", 'https://analytics.example.com']);
        expect(policy['connect-src'], url).toEqual(["'self'", 'https://analytics.example.com']);
        expect(policy['frame-ancestors'], url).toEqual(["'none'"]);
      }
      const data = csp((await t.app.inject({ method: 'GET', url: '/api/slider' })).headers['content-security-policy']);
      expect(data).toEqual({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });
    });
  },
);
