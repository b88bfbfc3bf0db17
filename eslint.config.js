import fs from 'node:fs';
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
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
          paths: [
            {
              name: 'react-router',
              importNames: ['Link', 'NavLink'],
              message:
                "Use web/components/link.tsx: React Router's own links add unused code to every page.",
            },
          ],
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
  // Import boundaries, checked on resolved paths: shared/ stands alone, the server never reaches
  // into the web app, and a web feature never imports another feature (routes compose them).
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [
        ...features.map((f) => ({
          type: `feature-${f}`,
          pattern: `web/features/${f}`,
        })),
        { type: 'shared', pattern: 'shared' },
        { type: 'server', pattern: 'server' },
        { type: 'web', pattern: 'web' },
        { type: 'scripts', pattern: 'scripts' },
        { type: 'e2e', pattern: 'e2e' },
      ],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'shared' } },
              disallow: {
                to: {
                  element: {
                    types: {
                      anyOf: [
                        'server',
                        'web',
                        'scripts',
                        'e2e',
                        ...features.map((f) => `feature-${f}`),
                      ],
                    },
                  },
                },
              },
            },
            {
              from: { element: { type: 'server' } },
              disallow: {
                to: {
                  element: {
                    types: {
                      anyOf: ['web', 'scripts', 'e2e', ...features.map((f) => `feature-${f}`)],
                    },
                  },
                },
              },
            },
            ...features.map((f) => ({
              from: { element: { type: `feature-${f}` } },
              disallow: {
                to: {
                  element: {
                    types: { anyOf: features.filter((g) => g !== f).map((g) => `feature-${g}`) },
                  },
                },
              },
            })),
          ].filter((p) => p.disallow.to.element.types.anyOf.length > 0),
        },
      ],
    },
  },
);
