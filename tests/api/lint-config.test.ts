// The lint configuration (npm run lint, a stage of npm test) keeps the layers apart. These probes are linted in
// memory as if they were files at the given paths, with the repository's own eslint.config.js; the files they
// import are real, so the boundaries plugin classifies both ends as it does in a full run.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js') });
});

async function lint(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.map((m) => ({ rule: m.ruleId, line: m.line, message: m.message }));
}

describe('eslint.config.js: architecture boundaries', () => {
  it('refuses an import from one feature into another', async () => {
    const messages = await lint(
      'src/features/offer/LintProbe.tsx',
      "import { investScreens } from '../invest/screens';\nexport const probe = investScreens;\n",
    );
    expect(messages).toEqual([expect.objectContaining({ rule: 'boundaries/dependencies', line: 1 })]);
  });

  it('refuses an import from the server into the SPA (src/)', async () => {
    const messages = await lint('server/http/lintProbe.ts', "import { env } from '../../src/config/env';\nexport const probe = env;\n");
    expect(messages).toEqual([expect.objectContaining({ rule: 'boundaries/dependencies', line: 1 })]);
  });

  it('refuses an import from the server into the machines', async () => {
    const messages = await lint('server/http/lintProbe.ts', "import { LANGUAGES } from '../../machines/types';\nexport const probe = LANGUAGES;\n");
    expect(messages).toEqual([expect.objectContaining({ rule: 'boundaries/dependencies', line: 1 })]);
  });

  it('refuses an import from the machines into the SPA', async () => {
    const messages = await lint('machines/lintProbe.machine.ts', "import { env } from '../src/config/env';\nexport const probe = env;\n");
    expect(messages).toEqual([expect.objectContaining({ rule: 'boundaries/dependencies', line: 1 })]);
  });

  it('refuses an import from a feature into the composition layer (src/app)', async () => {
    const messages = await lint('src/features/offer/LintProbe.tsx', "import { App } from '../../app/App';\nexport const probe = App;\n");
    expect(messages).toEqual([expect.objectContaining({ rule: 'boundaries/dependencies', line: 1 })]);
  });

  it('accepts a feature importing its own folder, the shared parts, the machines, the contract and lib', async () => {
    const messages = await lint(
      'src/features/offer/LintProbe.tsx',
      [
        "import { createContactApi } from './api';",
        "import { Button } from '../../components/ui/Button';",
        "import { splitLanguage } from '../../../machines/types';",
        "import type { Commission } from '../../../contract/money';",
        "import { formatMoney } from '../../../lib/format';",
        'export const probe = [createContactApi, Button, splitLanguage, formatMoney] as const;',
        'export type Probe = Commission;',
        '',
      ].join('\n'),
    );
    expect(messages).toEqual([]);
  });

  it('accepts the server importing the contract and lib', async () => {
    const messages = await lint(
      'server/http/lintProbe.ts',
      "import type { Commission } from '../../contract/money';\nimport { formatMoney } from '../../lib/format';\nexport const probe = formatMoney;\nexport type Probe = Commission;\n",
    );
    expect(messages).toEqual([]);
  });
});

describe('eslint.config.js: route handlers reach the database through repository and service functions', () => {
  it('refuses a query on fastify.db in a route file, and drizzle-orm imported there', async () => {
    const messages = await lint(
      'server/modules/offers/routes-lintProbe.ts',
      [
        "import { count } from 'drizzle-orm';",
        "import type { FastifyInstance } from 'fastify';",
        "import { offers } from '../../db/schema-content';",
        'export const probe = (fastify: FastifyInstance) => fastify.db.select({ n: count() }).from(offers);',
        '',
      ].join('\n'),
    );
    expect(messages).toEqual([
      expect.objectContaining({ rule: 'no-restricted-imports', line: 1 }),
      expect.objectContaining({ rule: 'no-restricted-syntax', line: 4 }),
    ]);
  });

  it('accepts the same query in the module\'s repository', async () => {
    const messages = await lint(
      'server/modules/offers/lintProbe-repository.ts',
      [
        "import { count } from 'drizzle-orm';",
        "import type { Executor } from '../../db/client';",
        "import { offers } from '../../db/schema-content';",
        'export const probe = (db: Executor) => db.select({ n: count() }).from(offers);',
        '',
      ].join('\n'),
    );
    expect(messages).toEqual([]);
  });
});
