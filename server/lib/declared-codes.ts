import type { ErrorCode } from '../i18n/messages';

// Error codes a zod schema reports from a refinement (`superRefine`), whose code the OpenAPI transform cannot
// read from the schema's definition (it is inside a function): the schema declares them once, where it is
// built (modules/accounts/rules.ts `refineRules`, which also checks at type level that its rules report
// only declared codes), and plugins/api/openapi.ts `schemaErrorCodes` lists them for the route's 400.

const declared = new WeakMap<object, readonly ErrorCode[]>();

/** Records the codes a schema's refinement can report; returns the schema itself. */
export function declareCodes<S extends object>(schema: S, codes: readonly ErrorCode[]): S {
  declared.set(schema, [...(declared.get(schema) ?? []), ...codes]);
  return schema;
}

/** The codes declared for this very schema instance (not its children). */
export const declaredCodes = (schema: unknown): readonly ErrorCode[] =>
  (typeof schema === 'object' && schema !== null && declared.get(schema)) || [];
