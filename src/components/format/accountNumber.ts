// Bank account numbers as investors see them (SPEC §2): grouped in fours for reading, compact for copying. Money and
// other figures are formatted by lib/format.ts.
/**
 * A bank account number without anything but letters and digits, grouped in fours (SPEC §2), counted
 * from the end: a 26-digit NRB reads `61 1090 1014 0000 0712 1981 2874` and an IBAN `PL61 1090 …`, as
 * Polish banks print them.
 */
export function groupAccountNumber(value: string): string {
  const compact = value.replace(/[^0-9a-z]/gi, '');
  return compact.replace(/\B(?=(.{4})+$)/g, ' ');
}

/** Only letters and digits: what a copy of an account number puts on the clipboard. */
export function compactAccountNumber(value: string): string {
  return value.replace(/[^0-9a-z]/gi, '');
}
