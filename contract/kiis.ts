import { z } from 'zod';
import { reasonSchema } from './operator';

// The key investment information sheet in the back office (docs/api.md "Back office"): every version of an
// offer's sheet per language, and the operator's edit of its text (a new version).

/** Longest operator's text: the sheet stays a short document (the regulation's KIIS is a few pages). */
export const KIIS_TEXT_MAX = 6000;

export const kiisVersionSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  language: z.enum(['pl', 'en']),
  operatorText: z.string(),
  hash: z.string(),
  createdAt: z.string(),
  /** The operator who changed the text; null when the platform made the version (the offer's data changed). */
  createdBy: z.string().nullable(),
  /** The version's PDF (operators only). */
  url: z.string(),
});
export type KiisVersion = z.infer<typeof kiisVersionSchema>;

export const operatorKiisSchema = z.object({
  offerId: z.number().int(),
  title: z.object({ pl: z.string(), en: z.string() }),
  /** Per language, newest first: the first is the current sheet. */
  versions: z.object({ pl: z.array(kiisVersionSchema), en: z.array(kiisVersionSchema) }),
});
export type OperatorKiis = z.infer<typeof operatorKiisSchema>;

// Line breaks are kept (blank lines part paragraphs); invisible format characters and other control
// characters are not (they could make the sheet say something else than it shows).
const FORMAT_OR_CONTROL = /\p{Cf}|[^\P{Cc}\n]/gu;

export const kiisEditBodySchema = z.object({
  text: z
    .string({ error: 'IS_EMPTY' })
    .max(KIIS_TEXT_MAX, 'VALUE_NOT_VALID')
    .transform((v) => v.normalize('NFC').replace(/\r\n?/g, '\n').replace(FORMAT_OR_CONTROL, '').trim()),
  reason: reasonSchema,
});
export type KiisEditBody = z.infer<typeof kiisEditBodySchema>;
