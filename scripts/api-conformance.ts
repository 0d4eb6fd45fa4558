// The API conformance check, run by `npm test` right after the api stage (`npm run test:conformance`
// alone): every answer the API suite received, recorded by tests/api/conformance/recorder.ts, must match
// docs/openapi.json (status documented for its route, media type listed, JSON body valid against the schema).
// Prints a summary, writes reports/api-conformance/summary.json, exits 1 on any mismatch or when nothing
// was recorded.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { checkConformance, readAnswers } from '../tests/api/conformance/check';
import { answersDir, openapiFile, summaryFile } from '../tests/api/conformance/paths';

const document = JSON.parse(readFileSync(openapiFile, 'utf8'));
const answers = readAnswers(answersDir);
if (answers.length === 0) {
  console.error(`No recorded API answers in ${path.relative(process.cwd(), answersDir)}: run the api suite first (npm test -- api).`);
  process.exit(1);
}
const result = checkConformance(document, answers);
mkdirSync(path.dirname(summaryFile), { recursive: true });
writeFileSync(summaryFile, `${JSON.stringify(result, null, 2)}\n`);

const uncovered = result.routesInDocument.filter((r) => !result.routesCovered.includes(r));
console.log(
  `API conformance: ${result.answers} answers checked against docs/openapi.json (${result.checkedBodies} JSON bodies validated); ` +
    `${result.routesCovered.length} of ${result.routesInDocument.length} documented operations reached by the suite; ` +
    `${result.mismatches.length} mismatch${result.mismatches.length === 1 ? '' : 'es'}.`,
);
if (uncovered.length) console.log(`  operations no API test reached: ${uncovered.join(', ')}`);
for (const m of result.mismatches) {
  console.log(`  ✗ ${m.method} ${m.route} → ${m.status}: ${m.reason}\n      e.g. ${m.method} ${m.url}${m.test ? ` in ${m.test}` : ''} (${m.count} answer${m.count === 1 ? '' : 's'})`);
}
console.log(`  summary: ${path.relative(process.cwd(), summaryFile)}`);
process.exit(result.mismatches.length ? 1 : 0);
