// The phone library loads on demand (src/components/forms/phone.ts): a phone field draws at once with a
// disabled stand-in for the country list, and the real list (with calling codes) replaces it once the library is
// there; a check asked for before that waits for the library instead of passing a number unchecked.
// The test setup preloads every lazy part (the phone library too), so the modules are imported afresh here.
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadTexts, renderView } from '../layout/render';

beforeAll(loadTexts);

describe('the phone library on demand', () => {
  it('draws a stand-in country list, then the real one; a check before the load waits for it', async () => {
    vi.resetModules();
    const { withPhoneLib } = await import('../../../src/components/forms/phone');
    const { PhoneField } = await import('../../../src/components/forms/PhoneField');
    const early = withPhoneLib((l) => l.checkPhone('123', 'PL'), 'unchecked');
    expect(early).toBeInstanceOf(Promise); // not loaded yet: the answer comes when the library is there
    renderView(
      <PhoneField label="Phone" countryLabel="Country" phoneProps={{ name: 'phone' }} countryProps={{ name: 'phoneCountry', defaultValue: 'DE' }} />,
      { language: 'pl' },
    );
    const standIn = screen.getByRole('combobox', { name: 'Country' });
    expect(standIn).toBeDisabled();
    expect(standIn.querySelectorAll('option')).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'Phone' })).toBeEnabled(); // the number can be typed meanwhile

    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Country' })).toBeEnabled());
    const list = screen.getByRole('combobox', { name: 'Country' }) as HTMLSelectElement;
    expect(list.options.length).toBeGreaterThan(200);
    expect(list.value).toBe('DE'); // the field's own value, kept
    expect([...list.options].find((o) => o.value === 'PL')?.textContent).toBe('Polska (+48)');

    expect(await early).toBe('PHONE_NUMBER_NOT_VALID');
    expect(withPhoneLib((l) => l.checkPhone('501 234 567', 'PL'), 'unchecked')).toBeNull(); // loaded: answered at once
  });
});
