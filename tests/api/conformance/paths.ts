import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Where the API suite writes the answers it received (one JSON line each, one file per worker process), read
// by the conformance check against docs/openapi.json after the whole suite ran (scripts/api-conformance.ts).
// `npm test` gives each run a folder of its own through API_ANSWERS_DIR (scripts/test.mjs), since several
// vitest runs may share this working tree; a bare `vitest run` uses the default folder.
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const answersDir = process.env.API_ANSWERS_DIR || path.join(root, 'reports', 'api-conformance', 'answers');
export const summaryFile = path.join(path.dirname(answersDir), 'summary.json');
export const openapiFile = path.join(root, 'docs', 'openapi.json');
