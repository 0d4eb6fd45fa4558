// `npm run openapi`: writes docs/openapi.json, the OpenAPI 3.1 document the app generates from its route
// schemas (server/plugins/api/openapi.ts). Deterministic (sorted keys); tests/api/openapi.test.ts fails when
// the committed file differs from what the app generates now.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateOpenapi } from '../server/openapi-export';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(root, 'docs', 'openapi.json');
const text = await generateOpenapi();
mkdirSync(path.dirname(target), { recursive: true });
writeFileSync(target, text);
const document = JSON.parse(text) as { paths: Record<string, Record<string, unknown>> };
const operations = Object.values(document.paths).reduce((n, p) => n + Object.keys(p).length, 0);
console.log(`docs/openapi.json: ${Object.keys(document.paths).length} paths, ${operations} operations`);
