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

describeEachDatabase('CSP by default', {}, (t) => {
  it('allows no third party and no frames', async () => {
    const policy = csp((await t.app.inject({ method: 'GET', url: '/api/slider' })).headers['content-security-policy']);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(policy['frame-src']).toEqual(["'none'"]);
    expect(policy['script-src']).toEqual(["'self'"]);
  });
  it('says DENY to old browsers too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/slider' });
    expect(res.headers['x-frame-options']).toBe('DENY');
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
    it('adds exactly the configured origins', async () => {
      const policy = csp((await t.app.inject({ method: 'GET', url: '/api/slider' })).headers['content-security-policy']);
      expect(policy['img-src']).toContain('https://tiles.example.com');
      expect(policy['frame-src']).toEqual(['https://www.mixcloud.com']);
      expect(policy['script-src']).toEqual(["'self'", 'https://analytics.example.com']);
      expect(policy['connect-src']).toEqual(["'self'", 'https://analytics.example.com']);
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
    });
  },
);
