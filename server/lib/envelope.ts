import { z } from 'zod';
import { envelopeSchema, errorEnvelopeSchema, type ErrorItem } from '../../contract/envelope';

// The envelope's schemas live in the contract folder (contract/envelope.ts), shared with the SPA's types.
export { envelopeSchema, errorEnvelopeSchema, errorItemSchema, type ErrorItem } from '../../contract/envelope';

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

/**
 * A file answer (CSV, PDF) in a route's `response`: no envelope, the OpenAPI document lists its media types.
 * Fastify sends the string or buffer as it is (no serializer runs for a non-JSON content type).
 */
export const fileResponse = (description: string, mediaTypes: string[]) => ({
  description,
  content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: z.string() }])),
});
