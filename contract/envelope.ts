import { z } from 'zod';

// The one answer shape of docs/api.md: { data, errors: [{ code, context, message }], status }.
// The server validates and serializes with these schemas; the SPA takes its types from them with
// `import type` + `z.infer`, so no zod reaches the browser bundle.

export const errorItemSchema = z.object({
  code: z.string(),
  context: z.string(),
  message: z.string(),
});
export type ErrorItem = z.infer<typeof errorItemSchema>;

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({
    data,
    errors: z.array(errorItemSchema),
    status: z.number().int(),
  });

export const errorEnvelopeSchema = envelopeSchema(z.null());

export const paginationSchema = z.object({
  pageSize: z.number().int(),
  pageNumber: z.number().int(),
  totalItems: z.number().int(),
  totalPages: z.number().int(),
});

export const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    pagination: paginationSchema,
  });

/** ISO 8601 date-time strings in answers. */
export const isoDate = z.string();

/** `{ pl, en }`: slugs are returned in both languages. */
export const slugSchema = z.object({ pl: z.string(), en: z.string() });
