import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import { importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import tseslint from 'typescript-eslint';

// The layers and what each may import (README "Architecture"); violations fail `npm test`.
const zones = [
  {
    target: './src/engine',
    from: ['./src/web', './src/review', './src/review-api', './src/server'],
    message: 'The engine is shared: no web or server code.',
  },
  {
    target: './src/review-api',
    from: ['./src/web', './src/review', './src/server'],
    message:
      "The workspace API's contract is shared by the server and the workspace: it imports neither.",
  },
  {
    target: './src/reference-data',
    from: ['./src/engine', './src/web', './src/review', './src/server'],
    message: 'Reference data stands alone.',
  },
  {
    target: ['./src/web/components', './src/web/lib'],
    from: ['./src/web/blocks', './src/web/wizard'],
    message: 'Shared UI must not depend on blocks or the wizard.',
  },
  {
    target: './src/web/blocks',
    from: ['./src/web/wizard'],
    message: 'Blocks must not depend on the wizard.',
  },
  {
    target: './src/web/blocks/*-block.tsx',
    from: ['./src/web/blocks/*-block.tsx'],
    message: 'A block must not import another block.',
  },
  {
    target: './src/web',
    from: ['./src/server', './src/review'],
    message:
      "The applicant's pages import neither server code nor the staff workspace.",
  },
  {
    target: './src/web',
    from: [
      './src/engine/languages/localize.ts',
      './src/engine/languages/built-in',
    ],
    message:
      "The server sends a form already in its visitor's language: the product's words in every language stay out of the applicant's pages.",
  },
  {
    target: './src/web',
    from: './src/review-api',
    except: ['./applicant.ts'],
    message:
      "The applicant's pages take only the applicant's routes from the API's contract.",
  },
  {
    target: './src/review',
    from: [
      './src/server',
      './src/web/wizard',
      './src/web/blocks',
      './src/web/main.tsx',
    ],
    message:
      "The staff workspace shares the wizard's UI pieces (web/components, web/lib, styles), not its screens or the server.",
  },
  {
    target: './src/server',
    from: ['./src/web', './src/review'],
    message: 'The server serves dist/, it does not import web source.',
  },
  {
    target: './src/embed',
    from: ['./src/web', './src/review', './src/review-api', './src/server'],
    message:
      "The host pages' script runs on other sites: it takes only the embed's names and rules from the engine.",
  },
  {
    target: './src/**/!(*.test).{ts,tsx}',
    from: ['./tests', './scripts', './bench'],
    message:
      'Nothing in src imports tests, scripts or benchmarks; only the tests beside it may use tests/support.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'data/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: './tsconfig.tooling.json' }),
      ],
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports' },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
        },
      ],
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': 'error',
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': [
        'error',
        { 'src/**/': 'KEBAB_CASE', 'tests/**/': 'KEBAB_CASE' },
      ],
    },
  },
  {
    // A promise built and never awaited is a statement that never ran (migration 022's index); the compiler cannot see it, typed lint can.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['src/web/**/*.tsx', 'src/review/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['src/web/**/*.{ts,tsx}', 'src/review/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    // The classic rules; the React Compiler rules misread react-hook-form's `field.ref` and this app does not use the compiler.
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-console': 'error' },
  },
  {
    files: [
      'src/engine/**/*.ts',
      'src/reference-data/**/*.ts',
      'src/review-api/**/*.ts',
    ],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'react',
                'react-dom',
                'react-*',
                'node:*',
                'fastify',
                '@fastify/*',
              ],
              message:
                'The engine runs in the browser and on the server alike.',
            },
          ],
        },
      ],
    },
  },
);
