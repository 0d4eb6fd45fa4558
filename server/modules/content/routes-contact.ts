import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isSupportedCountry, isValidPhoneNumber, type CountryCode } from 'libphonenumber-js';
import { z } from 'zod';
import { envelopeSchema, errorEnvelopeSchema, ok } from '../../lib/envelope';
import { ApiError, type ApiErrorItem } from '../../lib/errors';
import { pick } from '../../lib/translated';
import { validationErrors } from '../../lib/validation-errors';
import { submitContactMessage } from './service';
import { agreementsByContext } from '../offers/repository';

// POST /contact-form (docs/api.md "Public site"). Every field error is reported at once: the schema's issues
// and the unaccepted required agreements (which need the database) come back together in one 400.

const required = (code: 'FULLNAME_IS_EMPTY' | 'EMAIL_IS_EMPTY' | 'MESSAGE_IS_EMPTY', max: number) =>
  z
    .string({ error: (issue) => (issue.input == null ? code : 'VALUE_NOT_VALID') })
    .trim()
    .min(1, code)
    .max(max, 'VALUE_NOT_VALID');

const countryOk = (value: unknown) => value == null || (typeof value === 'string' && isSupportedCountry(value.trim().toUpperCase()));

export const contactFormBody = z
  .object({
    fullName: required('FULLNAME_IS_EMPTY', 200),
    email: required('EMAIL_IS_EMPTY', 254).pipe(z.email('EMAIL_INVALID_FORMAT')),
    phoneNumber: z
      .string()
      .trim()
      .max(40, 'VALUE_NOT_VALID')
      .nullish()
      .transform((value) => value ?? ''),
    phoneCountry: z
      .string()
      .trim()
      .toUpperCase()
      .refine((value) => isSupportedCountry(value), 'VALUE_NOT_VALID')
      .nullish()
      .transform((value): CountryCode => (value ?? 'PL') as CountryCode),
    message: required('MESSAGE_IS_EMPTY', 5000),
    agreements: z
      .array(z.object({ id: z.number().int(), isAccepted: z.boolean() }))
      .max(50, 'VALUE_NOT_VALID')
      .nullish()
      .transform((value) => value ?? []),
  })
  .refine((value) => value.phoneNumber === '' || isValidPhoneNumber(value.phoneNumber, value.phoneCountry), {
    error: 'PHONE_NUMBER_NOT_VALID',
    path: ['phoneNumber'],
    // Checked even when other fields are wrong, as long as the phone and its country can be read.
    when: (payload) => {
      const raw = payload.value as { phoneNumber?: unknown; phoneCountry?: unknown } | undefined;
      return typeof raw?.phoneNumber === 'string' && raw.phoneNumber.length <= 40 && countryOk(raw.phoneCountry);
    },
  });

/** The accepted agreement ids of a body that may have failed validation (read leniently). */
function acceptedIds(body: unknown): Set<number> {
  const list = (body as { agreements?: unknown } | null | undefined)?.agreements;
  const ids = new Set<number>();
  if (!Array.isArray(list)) return ids;
  for (const item of list) {
    if (item && typeof item === 'object' && (item as { isAccepted?: unknown }).isAccepted === true) {
      const id = (item as { id?: unknown }).id;
      if (typeof id === 'number') ids.add(id);
    }
  }
  return ids;
}

const contactFormRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.post('/contact-form', {
    attachValidation: true,
    schema: {
      body: contactFormBody,
      response: { 201: envelopeSchema(z.null()), 400: errorEnvelopeSchema, 429: errorEnvelopeSchema },
    },
    handler: async (request, reply) => {
      const lang = request.language;
      const contactAgreements = await agreementsByContext(fastify.db, 'contact');
      const accepted = acceptedIds(request.body);
      const errors: ApiErrorItem[] = request.validationError ? validationErrors(request.validationError.validation ?? []) : [];
      for (const agreement of contactAgreements) {
        if (agreement.required && !accepted.has(agreement.id)) errors.push({ code: 'IS_EMPTY', context: `agreements.${agreement.id}` });
      }
      if (errors.length) throw new ApiError(400, errors);

      const body = request.body;
      await submitContactMessage(fastify.db, {
        fullName: body.fullName,
        email: body.email,
        phoneNumber: body.phoneNumber,
        phoneCountry: body.phoneCountry,
        message: body.message,
        language: lang,
        agreements: contactAgreements.map((a) => ({ id: a.id, isAccepted: accepted.has(a.id), content: pick(a.content, lang) })),
        ip: request.ip,
      });

      return reply.code(201).send(ok(null, 201));
    },
  });
};

export default contactFormRoutes;
