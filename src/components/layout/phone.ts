import { parsePhoneNumberFromString } from 'libphonenumber-js';

export interface FormattedPhone {
  /** what the user reads */
  display: string;
  /** the tel: target, digits and a leading + only; '' when there is nothing to dial */
  tel: string;
}

/**
 * SPEC §2 / §9: the contact phone is shown in international format when it is a valid Polish number
 * (parsed with region PL), else exactly as given.
 */
export function formatContactPhone(raw: string | null | undefined): FormattedPhone {
  const given = (raw ?? '').trim();
  if (!given) return { display: '', tel: '' };
  const parsed = parsePhoneNumberFromString(given, 'PL');
  if (parsed && parsed.isValid() && parsed.country === 'PL') {
    return { display: parsed.formatInternational(), tel: parsed.number };
  }
  const digits = given.replace(/[^\d+]/g, '');
  return { display: given, tel: digits.replace(/(?!^)\+/g, '') };
}
