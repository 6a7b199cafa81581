import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import storybook from 'eslint-plugin-storybook';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** `import … from` paths that reach a folder of src, whatever the relative depth. */
const folder = (name) => [`**/${name}`, `**/${name}/**`];

function restrict(files, rules) {
  return {
    files,
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: rules }],
    },
  };
}

function layerRules() {
  const ui = ['react', 'react-dom', 'react-dom/*', 'styled-components', '@xstate/react'];
  const msw = ['msw', 'msw/*', 'msw-storybook-addon'];
  return [
    restrict(
      ['src/components/**'],
      [
        {
          group: [...folder('machines'), ...folder('app'), ...folder('mocks'), 'xstate', ...msw],
          message:
            'Components are pure: props in, callbacks out. Containers in src/app wire machines.',
        },
        {
          group: folder('api'),
          allowTypeImports: true,
          message:
            'A component never applies a rule itself: it is given the verdict, the limit or the check through props. Import only types from src/api.',
        },
      ],
    ),
    {
      files: ['src/components/**', 'src/machines/**'],
      rules: {
        'no-restricted-globals': [
          'error',
          { name: 'fetch', message: 'Calls go through the typed client in src/api/client.ts.' },
        ],
      },
    },
    restrict(
      ['src/machines/**'],
      [
        {
          group: [...folder('components'), ...folder('app'), ...folder('mocks'), ...ui, ...msw],
          message: 'Machines know no UI and no mock: effects come in as actors built from src/api.',
        },
      ],
    ),
    restrict(
      ['src/api/**', 'src/paths.ts'],
      [
        {
          group: [
            ...folder('components'),
            ...folder('machines'),
            ...folder('app'),
            ...folder('mocks'),
            ...ui,
            ...msw,
            'xstate',
          ],
          message:
            'The contract and its rules are the bottom layer: they import nothing above them.',
        },
      ],
    ),
    restrict(
      ['src/mocks/**'],
      [
        {
          group: [
            ...folder('components'),
            ...folder('machines'),
            ...folder('app'),
            ...ui,
            'xstate',
          ],
          message:
            'The mock API is a server: it shares only the contract and rules of src/api, and the service.',
        },
      ],
    ),
    restrict(
      ['src/service/**', 'src/seed/**'],
      [
        {
          group: [
            ...folder('components'),
            ...folder('machines'),
            ...folder('app'),
            ...folder('mocks'),
            ...folder('server'),
            ...ui,
            ...msw,
            'xstate',
            'immer',
            'idb-keyval',
            'hono',
            'hono/*',
            '@hono/*',
            'drizzle-orm',
            'drizzle-orm/*',
            '@electric-sql/*',
            'pg',
          ],
          message:
            'The service is the rules as plain functions over the store port (src/service/store.ts): no host (MSW, Node) and no storage of its own.',
        },
      ],
    ),
    restrict(
      ['src/mocks/db/**'],
      [
        {
          group: msw,
          message: 'The browser store is plain storage; MSW lives in src/mocks/handlers.ts.',
        },
      ],
    ),
    restrict(
      ['src/server/**'],
      [
        {
          group: [
            ...folder('mocks'),
            ...folder('components'),
            ...folder('machines'),
            ...folder('app'),
            ...ui,
            ...msw,
            'xstate',
          ],
          message:
            "The Node server hosts the service and the contract (src/service, src/api) on its own store: never the browser's mock, UI or machines (its tests may use the memory store).",
        },
      ],
    ),
    restrict(
      ['src/app/**'],
      [
        {
          group: folder('mocks'),
          message:
            'The app reaches the mock API only over HTTP (main.tsx starts it with a dynamic import).',
        },
      ],
    ),
  ];
}

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'dist-server',
      'data',
      'storybook-static',
      'coverage',
      '.test-results',
      'tests/visual/__baselines__',
      'tests/visual/__diff_output__',
      'lib',
      // An app outside the repository that imports the packed package (tests/consumer).
      'tests/consumer/app',
      '!.storybook',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['**/*.tsx', 'src/**/*.ts'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  // The architecture's arrows (docs: ../shared/guides/architecture.md, README "Layers"): each
  // layer imports only from the layers below it, so a wrong arrow is a lint error.
  ...layerRules(),
  // A file a newcomer can read: none in src over 400 lines, and the machines that keep a
  // session and its forms at most 250 (each does one job; auth once did four in 586 lines).
  { files: ['src/**/*.{ts,tsx}'], rules: { 'max-lines': ['error', { max: 400 }] } },
  {
    files: ['src/machines/{session,authForms,changePassword,profile,demo}.ts'],
    rules: { 'max-lines': ['error', { max: 250 }] },
  },
  ...storybook.configs['flat/recommended'],
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      parserOptions: { projectService: false, project: null },
      globals: { ...globals.node },
    },
  },
);
