import { z } from 'zod';

// The one answer shape of docs/api.md: { data, errors: [{ code, context, message }], status }.
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

export interface Envelope<T> {
  data: T;
  errors: ErrorItem[];
  status: number;
}

export const ok = <T>(data: T, status = 200): Envelope<T> => ({ data, errors: [], status });

export const failure = (status: number, errors: ErrorItem[]): Envelope<null> => ({ data: null, errors, status });

/** Route `response` schemas: the success envelope plus error envelopes for the given statuses. */
export function responses<T extends z.ZodType>(data: T, errorStatuses: number[] = [400]) {
  const result: Record<number, z.ZodType> = { 200: envelopeSchema(data) };
  for (const status of errorStatuses) result[status] = errorEnvelopeSchema;
  return result;
}
