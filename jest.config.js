// Three suites: the app in jsdom, the server against real databases, the product in Chromium.
const ESM_PACKAGES = [
  'react-intl',
  '@formatjs',
  'intl-messageformat',
  '@redux-devtools',
  'lodash-es',
  'uuid',
  // light-my-request (Fastify's inject) requires cookie 2, which is ES modules only.
  'cookie',
  // Kysely 0.29 ships ES modules only.
  'kysely',
  // openid-client 6 and what it is made of ship ES modules only.
  'openid-client',
  'oauth4webapi',
  'jose',
].join('|');

const transform = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
};

const common = {
  transform,
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_PACKAGES})/)`],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  moduleNameMapper: { '\\.css$': '<rootDir>/testing/app/style-stub.js' },
};

module.exports = {
  // The app and server suites; the browser suite sets two minutes (testing/browser/setup.ts).
  testTimeout: 30000,
  // Every suite closes what it starts: a handle left open (a client socket, a child's pipe, a
  // thread) keeps the run alive after its last test, and `npx jest --detectOpenHandles <suite>`
  // finds it.
  projects: [
    {
      ...common,
      displayName: 'app',
      testEnvironment: '<rootDir>/testing/app/jsdom-environment.js',
      roots: [
        '<rootDir>/store',
        '<rootDir>/ui',
        '<rootDir>/features',
        '<rootDir>/src',
        '<rootDir>/i18n',
        '<rootDir>/contract',
        '<rootDir>/__tests__/timeTravel',
        '<rootDir>/scripts',
      ],
      testMatch: ['**/__tests__/**/*.test.ts?(x)'],
      setupFilesAfterEnv: ['<rootDir>/testing/app/setup.ts'],
    },
    {
      ...common,
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/server'],
      testMatch: ['**/__tests__/**/*.test.ts'],
      setupFiles: ['<rootDir>/testing/server/endpoints.ts'],
    },
    {
      ...common,
      displayName: 'browser',
      testEnvironment: 'node',
      roots: ['<rootDir>/__tests__/e2e'],
      testMatch: ['**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/testing/browser/setup.ts'],
    },
  ],
};
