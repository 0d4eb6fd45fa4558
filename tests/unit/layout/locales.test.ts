import { describe, expect, it } from 'vitest';
import enCommon from '../../../lib/locales/en/common';
import enLayout from '../../../lib/locales/en/layout';
import plCommon from '../../../lib/locales/pl/common';
import plLayout from '../../../lib/locales/pl/layout';

function keys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('layout and common texts', () => {
  it.each([
    ['common', enCommon, plCommon],
    ['layout', enLayout, plLayout],
  ])('%s has the same keys in pl and en, none empty', (_name, en, pl) => {
    expect(keys(pl).sort()).toEqual(keys(en).sort());
    for (const dict of [en, pl]) {
      for (const key of keys(dict)) {
        const value = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], dict);
        expect(typeof value === 'string' && value.trim().length > 0, key).toBe(true);
      }
    }
  });
});
