// Lint rules, including the one-way import arrows: contract <- store <- src, i18n on its own,
// server sharing only contract/ with the app.
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The store's feature folders, for the import direction below. */
const FEATURES = [
  'router',
  'locale',
  'api',
  'auth',
  'navigation',
  'account',
  'submissions',
  'actionLog',
];

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
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './store',
              from: './src',
              message: 'store/ is the brain: it imports nothing from src/.',
            },
            { target: './store', from: './server' },
            { target: './contract', from: ['./src', './store', './server', './i18n'] },
            { target: './i18n', from: ['./src', './server'] },
            { target: './src', from: './server', except: [] },
            { target: './server', from: ['./src', './store', './i18n'] },
            {
              target: './server/routes',
              from: './server/routes',
              message:
                'A route file imports no route file: what two routes share lives in auth/, repo/ or http/.',
            },
            {
              target: './testing',
              from: './scripts',
              message: 'testing/ serves the tools in scripts/; it imports none of them.',
            },
          ],
        },
      ],
    },
  },
  {
    // Inside store/, imports run one way. router/ and locale/ know no other feature; api/ knows
    // only the language; auth/ only the API; navigation/ reads router, auth and the API; the home
    // view's account/, the forms' submissions/ and the action log sit on top. Tests may wire
    // any of them together.
    files: ['store/**/*.ts'],
    ignores: ['store/**/__tests__/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './store', from: './src' },
            { target: './store', from: './server' },
            {
              target: ['./store/router', './store/locale'],
              from: FEATURES.filter((feature) => !['router', 'locale'].includes(feature)).map(
                (feature) => `./store/${feature}`,
              ),
            },
            {
              target: './store/api',
              from: ['auth', 'navigation', 'account', 'submissions', 'router'].map(
                (feature) => `./store/${feature}`,
              ),
            },
            {
              target: './store/auth',
              from: ['navigation', 'account', 'submissions', 'router'].map(
                (feature) => `./store/${feature}`,
              ),
            },
            {
              target: './store/navigation',
              from: ['account', 'submissions'].map((feature) => `./store/${feature}`),
            },
          ],
        },
      ],
    },
  },
  {
    // testing/ (fakes, the server spawner, the browser harness) serves tests, tools and the bench,
    // never the product.
    files: ['contract/**', 'store/**', 'src/**', 'server/**', 'i18n/**'],
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
    files: ['src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
