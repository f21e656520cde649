// Lint rules, including the one-way import arrows between the layers: contract/ at the bottom,
// the platform (server/, store/, ui/, i18n/) on it, the features (features/<name>/) on that, and
// the entries (src/, server/app.ts and main.ts, the store's composition) on top; and the runtime
// boundary: nothing of the server, nor a feature's `*.server.ts`, reaches the browser.
import fs from 'node:fs';

import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The store's own parts, for the import direction below: its folders, and the core's files at
 * its root (the API, the session, navigation and the forms' submissions). */
const STORE_CORE = {
  api: ['./store/apiSlice.ts'],
  auth: ['accountReads', 'authSlice', 'secondStep', 'sessionLifetime', 'wayIn'].map(
    (name) => `./store/${name}.ts`,
  ),
  navigation: ['navigationSlice', 'routes', 'screenSelectors'].map((name) => `./store/${name}.ts`),
  submissions: ['./store/submissionsSlice.ts'],
};
const storeParts = (...names) => names.flatMap((name) => STORE_CORE[name] ?? [`./store/${name}`]);

/** The feature folders: each imports the platform, never another feature's files. */
const FEATURES = fs
  .readdirSync('features', { withFileTypes: true })
  .flatMap((entry) => (entry.isDirectory() ? [entry.name] : []));

/** The store's composition (slices and listeners of every feature): an entry inside store/. */
const COMPOSITION = ['store/rootReducer.ts', 'store/store.ts', 'store/startStore.ts'];
const SERVER_ENTRIES = ['server/app.ts', 'server/main.ts'];

const BROWSER = ['./src', './store', './ui', './i18n'];
const SERVER_FILES = ['./server/**', './features/**/*.server.ts'];

/** Zones every file keeps. */
const LAYERS = [
  {
    target: './contract',
    from: ['./src', './store', './server', './i18n', './ui', './features'],
    message: 'contract/ is what both runtimes share: it imports nothing above it.',
  },
  { target: './server', from: BROWSER },
  {
    target: './features/**/*.server.ts',
    from: BROWSER,
    message: "A feature's server files import the server's platform, never the browser's.",
  },
  {
    target: BROWSER,
    from: SERVER_FILES,
    message: 'Nothing of the server reaches the browser bundle.',
  },
  {
    target: './features/**/!(*.server).{ts,tsx}',
    from: SERVER_FILES,
    message: 'Nothing of the server reaches the browser bundle.',
  },
  {
    target: './features',
    from: './src',
    message: 'A feature imports no entry: the entries hand it what it shows of other features.',
  },
  ...FEATURES.map((feature) => ({
    target: `./features/${feature}`,
    from: './features',
    except: [`./${feature}`],
    message: "A feature imports the platform, never another feature's files.",
  })),
  {
    target: ['./server/routes', './features'],
    from: ['./server/routes/**', './features/**/*routes.server.ts'],
    message:
      'A route file imports no route file: what two routes share lives in auth/, repo/ or http/.',
  },
  {
    target: './testing',
    from: './scripts',
    message: 'testing/ serves the tools in scripts/; it imports none of them.',
  },
];

/** The platform imports no feature and no entry. */
const PLATFORM = {
  target: ['./store', './ui', './i18n', './server'],
  from: ['./features', './src'],
  message: 'The platform imports no feature and no entry: an entry hands features in.',
};

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'data/',
      'coverage/',
      'screenshots/',
      'bench/results/',
      'build/',
      // Declarations for the app's own type check (tsconfig.app.json) only.
      'src/build-env.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver': { typescript: true, node: true },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import-x/no-cycle': 'error',
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', 'parent', 'sibling', 'index'],
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
      'import-x/no-restricted-paths': ['error', { zones: [...LAYERS, PLATFORM] }],
    },
  },
  {
    // Inside store/, imports run one way. router/ and locale/ know no other part; the API knows
    // only the language; the session only the API; navigation reads router, the session and the
    // API; home/, the forms' submissions and the action log sit on top. Tests may wire any of them together.
    files: ['store/**/*.ts'],
    ignores: ['store/**/__tests__/**', ...COMPOSITION],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...LAYERS,
            PLATFORM,
            {
              target: ['./store/router', './store/locale'],
              from: storeParts('api', 'auth', 'navigation', 'home', 'submissions', 'actionLog'),
            },
            {
              target: STORE_CORE.api,
              from: storeParts('auth', 'navigation', 'home', 'submissions', 'router'),
            },
            {
              target: STORE_CORE.auth,
              from: storeParts('navigation', 'home', 'submissions', 'router'),
            },
            {
              target: STORE_CORE.navigation,
              from: storeParts('home', 'submissions'),
            },
          ],
        },
      ],
    },
  },
  {
    // The entries assemble the features: the store's composition and the server's app.
    files: [...COMPOSITION, ...SERVER_ENTRIES],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: LAYERS }] },
  },
  {
    // Tests may wire any parts together; they still never reach into contract/ from above.
    files: ['**/__tests__/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: LAYERS.filter((zone) => zone.target === './contract') },
      ],
    },
  },
  {
    // testing/ (fakes, the server spawner, the browser harness) serves tests, tools and the bench,
    // never the product.
    files: ['contract/**', 'store/**', 'ui/**', 'features/**', 'src/**', 'server/**', 'i18n/**'],
    ignores: ['**/__tests__/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/testing/**'], message: 'testing/ is not part of the product.' }],
        },
      ],
    },
  },
  {
    // A migration is frozen in its time: it sees the schema as it was then (`Kysely<any>`, not
    // today's `Database`) and imports no code of the application, which keeps changing after it.
    files: ['server/db/migrations/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['.*', '../**'],
              message: 'A migration copies what it needs; it imports no application code.',
            },
          ],
        },
      ],
    },
  },
  {
    // Rules that need the types: promises nobody waits for, promises passed where a plain
    // callback is expected, switches that miss a case, and APIs their authors deprecated.
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-deprecated': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
    },
  },
  {
    files: ['src/**/*.tsx', 'ui/**/*.tsx', 'features/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
