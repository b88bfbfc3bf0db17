import fs from 'node:fs';
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = fs.existsSync('web/features') ? fs.readdirSync('web/features') : [];

/** Server folders by domain; a domain holds its rules, commands, queries and route declarations. */
const serverDomains = ['elections', 'content', 'people', 'site'];
/** What every domain stands on. */
const serverFloor = [
  'http',
  'db',
  'auth',
  'audit',
  'abuse',
  'files',
  'images',
  'mail',
  'live',
  'crypto',
  'runtime',
  'backup',
];
/** The only imports from one domain into another: a committee member's account is a person's. */
const domainMayUse = { elections: ['people'], content: [], people: [], site: [] };
const domainTypes = serverDomains.map((d) => `server-domain-${d}`);

const basePolicies = [
  {
    from: { element: { type: 'shared' } },
    disallow: {
      to: {
        element: {
          types: {
            anyOf: ['server*', 'web', 'scripts', 'e2e', ...features.map((f) => `feature-${f}`)],
          },
        },
      },
    },
  },
  {
    from: { element: { type: 'server*' } },
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
].filter((p) => p.disallow.to.element.types.anyOf.length > 0);

const serverPolicies = [
  {
    from: { element: { type: 'server-floor' } },
    disallow: {
      to: { element: { types: { anyOf: ['server-access', 'server', 'server-test-support'] } } },
    },
    message: 'The floor (http, db, auth, …) must not import the access table or the app.',
  },
  {
    from: { element: { type: 'server-floor' } },
    disallow: {
      to: { element: { types: { anyOf: domainTypes } } },
      dependency: { kind: 'value' },
    },
    message: "The floor must not run a domain's code; move what both need down to the floor.",
  },
  {
    from: { element: { type: 'server-access' } },
    disallow: { to: { element: { types: { anyOf: domainTypes } } } },
    message: "The access table reads only each domain's policy.ts.",
  },
  {
    from: { element: { type: 'server-access' } },
    allow: {
      to: {
        element: {
          types: { anyOf: domainTypes },
          fileInternalPath: ['policy.ts', '**/policy.ts'],
        },
      },
    },
  },
  ...serverDomains.map((d) => ({
    from: { element: { type: `server-domain-${d}` } },
    disallow: {
      to: {
        element: {
          types: {
            anyOf: serverDomains
              .filter((o) => o !== d && !domainMayUse[d].includes(o))
              .map((o) => `server-domain-${o}`),
          },
        },
      },
    },
    message: `server/${d} must not import another domain (allowed: ${domainMayUse[d].join(', ') || 'none'}); move the shared part to the floor.`,
  })),
  {
    from: { element: { type: 'server*' } },
    disallow: { to: { element: { type: 'server-test-support' } } },
    message: 'Product code must not import test support.',
  },
];

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
  // The one plain script the pages load before the app (no build step): the browser's globals.
  {
    files: ['web/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Pages are in the HTML before their script runs: a form sent in that moment must not put
      // its fields (a password) in the address. The server answers such a POST by reloading.
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'JSXOpeningElement[name.name="form"]:not(:has(JSXAttribute[name.name="method"]))',
          message: 'Give every <form> method="post" (see server/http/static.ts).',
        },
      ],
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
        // The server: domains (each with its rules, commands, queries and routes), the access
        // table above the floor, the floor every domain stands on, and the composition at the top.
        ...serverDomains.map((d) => ({ type: `server-domain-${d}`, pattern: `server/${d}` })),
        { type: 'server-access', pattern: 'server/access' },
        { type: 'server-test-support', pattern: 'server/{test,security}' },
        { type: 'server-floor', pattern: `server/{${serverFloor.join(',')}}` },
        { type: 'server', pattern: 'server' },
        { type: 'web', pattern: 'web' },
        { type: 'scripts', pattern: 'scripts' },
        { type: 'e2e', pattern: 'e2e' },
      ],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: { 'boundaries/dependencies': ['error', { default: 'allow', policies: basePolicies }] },
  },
  // Inside the server's own code (tests may set up anything): the floor never runs a domain's
  // code (it may name a domain's types: the services registry does), the access table reads only
  // the domains' policy.ts, a domain imports another only where `domainMayUse` says so, and no
  // product code imports test support.
  {
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts', 'server/test/**', 'server/security/**'],
    rules: {
      'boundaries/dependencies': [
        'error',
        { default: 'allow', policies: [...basePolicies, ...serverPolicies] },
      ],
    },
  },
);
