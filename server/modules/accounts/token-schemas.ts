import { z } from 'zod';

// Request bodies of POST /token. The issue messages are the envelope codes of docs/api.md.
const requiredString = (emptyCode: string) =>
  z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? emptyCode : 'VALUE_NOT_VALID') });

export const passwordGrantSchema = z.object({
  grantType: z.literal('password'),
  email: requiredString('EMAIL_EMPTY')
    .trim()
    .toLowerCase()
    .min(1, { error: 'EMAIL_EMPTY', abort: true })
    .max(254, { error: 'EMAIL_INVALID_FORMAT', abort: true })
    .pipe(z.email({ error: 'EMAIL_INVALID_FORMAT' })),
  password: requiredString('PASSWORD_EMPTY').min(1, 'PASSWORD_EMPTY').max(1024, 'VALUE_NOT_VALID'),
  clientId: z.string().optional(),
  clientSecret: z.string().optional(),
});

export const refreshGrantSchema = z.object({
  grantType: z.literal('refresh_token'),
  refreshToken: requiredString('IS_EMPTY').min(1, 'IS_EMPTY').max(512, 'INVALID_GRANT'),
});

export const tokenRequestSchema = z.discriminatedUnion('grantType', [passwordGrantSchema, refreshGrantSchema], {
  error: 'VALUE_NOT_VALID',
});

export const tokenDataSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number().int(),
  currentLocale: z.enum(['pl', 'en']),
});

export const revokeRequestSchema = z
  .object({ refreshToken: z.string().max(512).optional() })
  .nullish();
