import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../server/lib/log-url';
import { buildApp, describeEachDatabase } from './helpers';

// Request log lines held the whole URL, and links carry tokens (the mailed activation,
// reset and e-mail-confirmation links in the path, previews and PayPal's return in the query).

const TOKEN = 'tok3n-Secret-0123456789abcdef';

describe('redactUrl', () => {
  it('replaces the token segment of the mailed links, in both languages', () => {
    expect(redactUrl(`/en/activate/${TOKEN}`)).toBe('/en/activate/[redacted]');
    expect(redactUrl(`/pl/aktywuj/${TOKEN}`)).toBe('/pl/aktywuj/[redacted]');
    expect(redactUrl(`/en/reset-password/${TOKEN}?x=1`)).toBe('/en/reset-password/[redacted]?x=1');
    expect(redactUrl(`/pl/ustaw-haslo/${TOKEN}`)).toBe('/pl/ustaw-haslo/[redacted]');
    expect(redactUrl(`/en/confirm-email/${TOKEN}`)).toBe('/en/confirm-email/[redacted]');
    expect(redactUrl(`/en/revoke-order/${TOKEN}`)).toBe('/en/revoke-order/[redacted]');
    expect(redactUrl(`/pl/odwolaj-zamowienie/${TOKEN}`)).toBe('/pl/odwolaj-zamowienie/[redacted]');
  });

  it('replaces token-like query values and keeps the rest', () => {
    expect(redactUrl(`/api/user/reset-password?resetPasswordToken=${TOKEN}`)).toBe('/api/user/reset-password?resetPasswordToken=[redacted]');
    expect(redactUrl(`/api/order-revocation?token=${TOKEN}`)).toBe('/api/order-revocation?token=[redacted]');
    expect(redactUrl(`/api/offers/villa?previewToken=${TOKEN}&lang=en`)).toBe('/api/offers/villa?previewToken=[redacted]&lang=en');
    expect(redactUrl(`/pl/inwestuj/villa/42?token=${TOKEN}&PayerID=P1`)).toBe('/pl/inwestuj/villa/42?token=[redacted]&PayerID=P1');
    expect(redactUrl('/en/investor/orders/page/2?items=25&status=new')).toBe('/en/investor/orders/page/2?items=25&status=new');
  });

  it('leaves paths that only look alike', () => {
    expect(redactUrl('/en/investments/page/2')).toBe('/en/investments/page/2');
    expect(redactUrl('/en/activate')).toBe('/en/activate');
    expect(redactUrl('/api/offers/activate')).toBe('/api/offers/activate');
  });
});

describeEachDatabase('request log lines', {}, (t) => {
  it('carry the URL without its tokens (query and mailed-link paths)', async () => {
    const lines: string[] = [];
    const app = await buildApp({
      config: { ...t.config, logLevel: 'info' },
      database: t.database,
      logStream: { write: (line: string) => void lines.push(line) },
    });
    try {
      await app.ready();
      await app.inject({ method: 'GET', url: `/api/user/reset-password?resetPasswordToken=${TOKEN}` });
      await app.inject({ method: 'GET', url: `/api/offers/some-offer?previewToken=${TOKEN}` });
      await app.inject({ method: 'GET', url: `/en/activate/${TOKEN}` });
      await app.inject({ method: 'GET', url: '/api/offers?pagination[pageSize]=2' });
    } finally {
      await app.close();
    }
    const urls = lines
      .map((line) => JSON.parse(line))
      .filter((entry) => entry.req)
      .map((entry) => entry.req.url);
    expect(urls).toEqual([
      '/api/user/reset-password?resetPasswordToken=[redacted]',
      '/api/offers/some-offer?previewToken=[redacted]',
      '/en/activate/[redacted]',
      '/api/offers?pagination[pageSize]=2',
    ]);
    expect(lines.join('\n')).not.toContain(TOKEN);
    // one line per request, written when it is answered: with its status and time
    const answered = lines.map((line) => JSON.parse(line)).filter((entry) => entry.req);
    expect(answered.every((entry) => typeof entry.res?.statusCode === 'number' && typeof entry.responseTime === 'number')).toBe(true);
    expect(lines.filter((line) => line.includes('incoming request'))).toEqual([]);
  });
});
