// ESLint (flat config): typescript-eslint, React's rules of hooks, and the architecture's boundaries.
//
// The layers, each importing only those below it (and its own folder):
//   lib/        what every side draws with: formatting (Intl), the theme, the logo's mark, the dictionaries
//   contract/   zod schemas and what the server and the SPA agree on (languages, the route table, the list's
//               paging, the ids and keys of the page's inline data); imports lib/
//   machines/   statecharts; pure, so contract/ and lib/ only
//   src/        the SPA:
//     shared parts  src/{api,components,config,i18n,pages,screens,styles,system}: machines, contract, lib, each other
//     features      src/features/<name>: the shared parts and their own folder, never another feature
//     composition   src/app and the entry (src/main.tsx): may import all of src/
//   server/     the API and the pages' first paint: contract/ and lib/ only (never src/, nor machines/)
// Tests, scripts and config files sit outside the layers: they may reach anything they test or drive.
// No import cycles anywhere (import-x/no-cycle).
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';

const extensions = ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'];

export default defineConfig(
  {
    ignores: ['dist/**', 'coverage/**', 'reports/**', 'data/**', 'node_modules/**', 'playwright-report/**', 'test-results/**', 'docs/**', 'public/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
  },
  {
    rules: {
      // A leading underscore marks a parameter or binding kept for its position (xstate's (_, params) => …).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // The functions these scripts hand to page.evaluate run in the browser.
    files: ['scripts/lighthouse.mjs', 'scripts/longtasks.mjs'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // Route handlers parse, authorise and answer; the database is reached through the module's repository and
    // service functions (docs/architecture.md "Server layout"), so no query builder and no query on fastify.db here.
    files: ['server/modules/**/routes*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'drizzle-orm', message: "A route reaches the database through its module's repository.ts or service.ts." }] },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.property.name='db'][callee.property.name=/^(select|selectDistinct|insert|update|delete|execute|transaction|query)$/]",
          message: "A route reaches the database through its module's repository.ts or service.ts, which take the Db or a transaction.",
        },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { boundaries, 'import-x': importX },
    settings: {
      // imports name no extension (moduleResolution "Bundler"): both plugins resolve .ts/.tsx as Node would .js
      'import/resolver': { node: { extensions } }, // eslint-plugin-boundaries
      'import-x/resolver-next': [createNodeResolver({ extensions })],
      'import-x/extensions': extensions,
      'boundaries/include': ['lib/**', 'contract/**', 'machines/**', 'src/**', 'server/**'],
      'boundaries/elements': [
        { type: 'lib', pattern: 'lib', partialMatch: false },
        { type: 'contract', pattern: 'contract', partialMatch: false },
        { type: 'machines', pattern: 'machines', partialMatch: false },
        { type: 'server', pattern: 'server', partialMatch: false },
        { type: 'feature', pattern: 'src/features/*', capture: ['feature'], partialMatch: false },
        { type: 'composition', pattern: 'src/app', partialMatch: false },
        // every other folder of src/: api, components, config, i18n, pages (the error pages), screens, styles, system
        { type: 'shared', pattern: 'src/*', partialMatch: false },
        // the files at src/'s top: the entry (main.tsx) and the picture-first script
        { type: 'composition', pattern: 'src', partialMatch: false },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            { from: { element: { type: 'lib' } }, allow: { to: { element: { type: 'lib' } } } },
            { from: { element: { type: 'contract' } }, allow: { to: { element: { type: ['lib', 'contract'] } } } },
            { from: { element: { type: 'machines' } }, allow: { to: { element: { type: ['lib', 'contract', 'machines'] } } } },
            { from: { element: { type: 'server' } }, allow: { to: { element: { type: ['lib', 'contract', 'server'] } } } },
            { from: { element: { type: 'shared' } }, allow: { to: { element: { type: ['lib', 'contract', 'machines', 'shared'] } } } },
            { from: { element: { type: 'feature' } }, allow: { to: { element: { type: ['lib', 'contract', 'machines', 'shared'] } } } },
            {
              from: { element: { type: 'feature' } },
              allow: { to: { element: { type: 'feature', captured: { feature: '{{ from.captured.feature }}' } } } },
            },
            { from: { element: { type: 'composition' } }, allow: { to: { element: { type: ['lib', 'contract', 'machines', 'shared', 'feature', 'composition'] } } } },
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
