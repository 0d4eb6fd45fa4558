// The HTTP client's URLs without a request library: the path under the API's base, once; full URLs
// as they are; defined query parameters only.
import { describe, expect, it } from 'vitest';
import { requestUrl } from '../../src/api/http';

describe('requestUrl', () => {
  it('puts a path under the base once', () => {
    expect(requestUrl('/api', '/offers')).toBe('/api/offers');
    expect(requestUrl('/api/', 'offers')).toBe('/api/offers');
    expect(requestUrl('/api', '/api/offer-documents/3/file')).toBe('/api/offer-documents/3/file');
    expect(requestUrl('https://api.example.com/v1', '/slider')).toBe('https://api.example.com/v1/slider');
  });
  it('leaves a full URL alone', () => {
    expect(requestUrl('/api', 'https://files.example.com/a.pdf')).toBe('https://files.example.com/a.pdf');
  });
  it('adds the defined query parameters, encoded', () => {
    expect(requestUrl('/api', '/offers', { 'pagination[pageSize]': 6, 'pagination[pageNumber]': 2, q: undefined })).toBe(
      '/api/offers?pagination%5BpageSize%5D=6&pagination%5BpageNumber%5D=2',
    );
    expect(requestUrl('/api', '/x?a=1', { b: 'c d' })).toBe('/api/x?a=1&b=c+d');
    expect(requestUrl('/api', '/x', {})).toBe('/api/x');
  });
});
