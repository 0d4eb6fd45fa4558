import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { RecordedAnswer } from './recorder';

// The conformance check: every answer the API suite received (recorded by ./recorder.ts) must match the OpenAPI
// document: its status must be documented for its route, its media type listed, a JSON body must validate
// against that status's schema (JSON Schema 2020-12, the dialect of OpenAPI 3.1), and every error code of an
// error envelope must be one the document lists for that route and status (`x-error-codes`).

type Schema = Record<string, unknown>;
interface Response {
  content?: Record<string, { schema?: Schema }>;
  'x-error-codes'?: string[];
}
interface Document {
  paths: Record<string, Record<string, { responses?: Record<string, Response> }>>;
  components?: { schemas?: Record<string, Schema> };
}

export interface Mismatch {
  method: string;
  route: string;
  status: number;
  reason: string;
  url: string;
  test?: string;
  count: number;
}

export interface ConformanceResult {
  answers: number;
  checkedBodies: number;
  /** Operations of the document that some answer reached. */
  routesCovered: string[];
  routesInDocument: string[];
  /** method route → statuses seen. */
  statusesSeen: Record<string, number[]>;
  mismatches: Mismatch[];
}

/** Fastify's `/api/offers/:slug` is OpenAPI's `/api/offers/{slug}`. */
export const toOpenapiPath = (route: string) => route.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

// Routes of the reference itself (hidden from the document).
const META_ROUTES = [/^\/api\/openapi\.json$/, /^\/api\/docs(\/|$)/];

const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (
  ajv: Ajv2020,
) => void;

function mediaMatches(documented: string, actual: string): boolean {
  const [type] = actual.split(';');
  const a = type.trim().toLowerCase();
  const d = documented.toLowerCase();
  if (d === '*/*' || d === a) return true;
  return d.endsWith('/*') && a.startsWith(d.slice(0, -1));
}

export function readAnswers(dir: string): RecordedAnswer[] {
  if (!existsSync(dir)) return [];
  const answers: RecordedAnswer[] = [];
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith('.jsonl')) continue;
    for (const line of readFileSync(path.join(dir, name), 'utf8').split('\n')) {
      if (line.trim()) answers.push(JSON.parse(line) as RecordedAnswer);
    }
  }
  return answers;
}

export function checkConformance(document: Document, answers: RecordedAnswer[]): ConformanceResult {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  const toDefs = (schema: unknown) => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"#/$defs/')) as Schema;
  const defs = toDefs(document.components?.schemas ?? {});
  const compiled = new Map<string, ValidateFunction>();
  const validatorFor = (key: string, schema: Schema) => {
    let validate = compiled.get(key);
    if (!validate) {
      // Component references (#/components/schemas/X) resolve against $defs carried along with the schema.
      validate = ajv.compile({ ...toDefs(schema), $defs: defs });
      compiled.set(key, validate);
    }
    return validate;
  };

  const routesInDocument = Object.entries(document.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
  const covered = new Set<string>();
  const statusesSeen: Record<string, Set<number>> = {};
  const mismatchIndex = new Map<string, Mismatch>();
  let checkedBodies = 0;
  const fail = (answer: RecordedAnswer, reason: string) => {
    const key = `${answer.method} ${answer.route} ${answer.status} ${reason}`;
    const existing = mismatchIndex.get(key);
    if (existing) existing.count += 1;
    else mismatchIndex.set(key, { method: answer.method, route: answer.route, status: answer.status, reason, url: answer.url, test: answer.test, count: 1 });
  };

  for (const answer of answers) {
    if (META_ROUTES.some((re) => re.test(answer.route))) continue;
    const openapiPath = toOpenapiPath(answer.route);
    const operationKey = `${answer.method} ${openapiPath}`;
    const operation = document.paths[openapiPath]?.[answer.method.toLowerCase()];
    if (!operation) {
      fail(answer, 'route not in the OpenAPI document');
      continue;
    }
    covered.add(operationKey);
    (statusesSeen[operationKey] ??= new Set()).add(answer.status);
    const response = operation.responses?.[String(answer.status)] ?? operation.responses?.[`${String(answer.status)[0]}XX`];
    if (!response) {
      fail(answer, `status ${answer.status} is not documented (documented: ${Object.keys(operation.responses ?? {}).join(', ')})`);
      continue;
    }
    const content = response.content ?? {};
    if (Object.keys(content).length === 0) {
      // A status documented without a body (304 Not Modified).
      if (answer.contentType || answer.body !== null) fail(answer, `this status is documented without a body, the answer has one (${answer.contentType})`);
      continue;
    }
    const mediaType = Object.keys(content).find((m) => mediaMatches(m, answer.contentType));
    if (!mediaType) {
      fail(answer, `content-type "${answer.contentType}" is not documented for this status (documented: ${Object.keys(content).join(', ') || 'no body'})`);
      continue;
    }
    const schema = content[mediaType]?.schema;
    if (!/json/i.test(mediaType) || answer.body === null) {
      if (/json/i.test(mediaType) && answer.body === null) fail(answer, 'a JSON answer with no readable body');
      continue;
    }
    if (!schema) {
      fail(answer, 'the document gives no schema for this JSON answer');
      continue;
    }
    checkedBodies += 1;
    if (answer.status >= 400) {
      const listed = response['x-error-codes'] ?? [];
      const errors = (answer.body as { errors?: unknown } | null)?.errors;
      for (const item of Array.isArray(errors) ? errors : []) {
        const code = (item as { code?: unknown } | null)?.code;
        if (typeof code === 'string' && !listed.includes(code)) {
          fail(answer, `error code ${code} is not listed for this route and status (x-error-codes: ${listed.join(', ') || 'none'})`);
        }
      }
    }
    const validate = validatorFor(`${operationKey} ${answer.status} ${mediaType}`, schema);
    if (!validate(answer.body)) {
      const details = (validate.errors ?? [])
        .slice(0, 3)
        .map((e) => `${e.instancePath || '/'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`)
        .join('; ');
      fail(answer, `body does not match the schema: ${details}`);
    }
  }

  return {
    answers: answers.length,
    checkedBodies,
    routesCovered: [...covered].sort(),
    routesInDocument: routesInDocument.sort(),
    statusesSeen: Object.fromEntries(Object.entries(statusesSeen).map(([k, v]) => [k, [...v].sort()])),
    mismatches: [...mismatchIndex.values()],
  };
}
