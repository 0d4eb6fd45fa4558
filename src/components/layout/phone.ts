// The header's contact phone, formatted without a phone library: the top bar is on every first screen, and
// libphonenumber-js (~29 kB gzip) would ride in the entry chunk for this one number.
// Forms that check any country's numbers keep the library (src/components/forms/phone.ts, loaded with them).

export interface FormattedPhone {
  /** what the user reads */
  display: string;
  /** the tel: target, digits and a leading + only; '' when there is nothing to dial */
  tel: string;
}

/** Polish numbering plan (the groups libphonenumber uses for PL): 3-3-3 for these, 2-3-2-2 for fixed lines. */
const GROUPS_OF_THREE = /^(?:39|45|5[0137]|6[0469]|7[02389]|80[014]|88)/;
const FIXED_LINE = /^(?:[12]|4[2-9]|5[24-9]|6[1-57-9]|7[14-7]|8[1-79]|9[145])/;

/** The 9 national digits of a Polish number written as given, or null when it is not one. */
function polishNational(given: string): string | null {
  // Only digits and the usual separators; anything else (letters, "ext.") is not a plain number.
  if (!/^[\d\s()+./-]+$/.test(given)) return null;
  const plus = given.replace(/[^\d+]/g, '');
  if (/\+/.test(plus.slice(1))) return null;
  let digits = plus.replace(/\D/g, '');
  if (plus.startsWith('+')) {
    if (!digits.startsWith('48')) return null;
    digits = digits.slice(2);
  } else if (digits.length === 13 && digits.startsWith('0048')) digits = digits.slice(4);
  else if (digits.length === 11 && digits.startsWith('48')) digits = digits.slice(2);
  return /^[1-9]\d{8}$/.test(digits) ? digits : null;
}

/**
 * SPEC §2 / §9: the contact phone is shown in international format when it is a valid Polish number
 * (region PL), else exactly as given.
 */
export function formatContactPhone(raw: string | null | undefined): FormattedPhone {
  const given = (raw ?? '').trim();
  if (!given) return { display: '', tel: '' };
  const national = polishNational(given);
  if (national && (GROUPS_OF_THREE.test(national) || FIXED_LINE.test(national))) {
    const groups = GROUPS_OF_THREE.test(national)
      ? [national.slice(0, 3), national.slice(3, 6), national.slice(6)]
      : [national.slice(0, 2), national.slice(2, 5), national.slice(5, 7), national.slice(7)];
    return { display: `+48 ${groups.join(' ')}`, tel: `+48${national}` };
  }
  const digits = given.replace(/[^\d+]/g, '');
  return { display: given, tel: digits.replace(/(?!^)\+/g, '') };
}
