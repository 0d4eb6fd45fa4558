import { mkdirSync, rmSync } from 'node:fs';
import { answersDir } from './paths';

// vitest globalSetup of the api project: every run starts with no recorded answers, so the conformance
// check (scripts/api-conformance.ts, run by `npm test` after the api stage) sees this run's answers only.
export default function setup() {
  rmSync(answersDir, { recursive: true, force: true });
  mkdirSync(answersDir, { recursive: true });
}
