import type { FastifySchemaValidationError } from 'fastify';
import { isErrorCode, type ErrorCode } from '../i18n/messages';
import type { ApiErrorItem } from './errors';

// Turns schema validation issues (zod through fastify-type-provider-zod) into envelope errors.
// A schema names the code itself by using it as the issue message (`z.string().min(1, 'EMAIL_EMPTY')`);
// otherwise a missing/empty value is IS_EMPTY and anything else VALUE_NOT_VALID.

function codeFor(issue: FastifySchemaValidationError): ErrorCode {
  if (isErrorCode(issue.message)) return issue.message;
  const params = (issue.params ?? {}) as Record<string, unknown>;
  if (issue.keyword === 'invalid_type' && /received undefined/.test(issue.message ?? '')) return 'IS_EMPTY';
  if (issue.keyword === 'too_small' && params.origin === 'string' && params.minimum === 1) return 'IS_EMPTY';
  return 'VALUE_NOT_VALID';
}

/** `/investmentData/quantity` → `investmentData.quantity`. */
const contextFor = (issue: FastifySchemaValidationError) =>
  (issue.instancePath ?? '')
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');

export function validationErrors(issues: FastifySchemaValidationError[]): ApiErrorItem[] {
  const seen = new Set<string>();
  const result: ApiErrorItem[] = [];
  for (const issue of issues) {
    const item = { code: codeFor(issue), context: contextFor(issue) };
    const key = `${item.code}|${item.context}`;
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(item);
  }
  return result;
}
