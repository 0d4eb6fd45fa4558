// Account numbers stripped of non-alphanumerics and grouped in fours (money itself: tests/unit/format/format.test.ts).
import { describe, expect, it } from 'vitest';
import { compactAccountNumber, groupAccountNumber } from '../../../src/components/format/accountNumber';

describe('account numbers', () => {
  it('strips everything but letters and digits and groups in fours from the end', () => {
    expect(groupAccountNumber('61109010140000071219812874')).toBe('61 1090 1014 0000 0712 1981 2874');
    expect(groupAccountNumber('61 1090-1014 0000/0712 1981 2874')).toBe('61 1090 1014 0000 0712 1981 2874');
    expect(groupAccountNumber('PL61109010140000071219812874')).toBe('PL61 1090 1014 0000 0712 1981 2874');
    expect(groupAccountNumber('1234')).toBe('1234');
    expect(groupAccountNumber('')).toBe('');
  });

  it('copies the compact form', () => {
    expect(compactAccountNumber('61 1090 1014 0000 0712 1981 2874')).toBe('61109010140000071219812874');
  });
});
