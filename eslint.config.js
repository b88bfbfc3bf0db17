import fs from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = fs.existsSync('web/features') ? fs.readdirSync('web/features') : [];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'node_modules/**',
      'server/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The web app may know the server's route types, never its code.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**'],
              allowTypeImports: true,
              message: 'The web app imports only types from server/.',
            },
          ],
        },
      ],
    },
  },
  // Import boundaries, checked on resolved paths: shared/ stands alone, and a web feature never
  // imports another feature (routes compose them).
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './shared',
              from: ['./server', './web', './scripts', './e2e'],
              message: 'shared/ imports neither server/ nor web/.',
            },
            { target: './server', from: ['./web', './scripts', './e2e'] },
            ...features.map((f) => ({
              target: `./web/features/${f}`,
              from: './web/features',
              except: [`./${f}`],
              message: 'A feature does not import another feature; compose them in a route.',
            })),
          ],
        },
      ],
    },
  },
);
