// Before `npm start`: builds the app when dist/index.html is missing or older than any of its
// sources, and compiles the server into build/server.js when that is missing or stale. With
// NODE_ENV=production, or in an install without the build tools (`npm ci --omit=dev`), it never
// builds: it checks that both builds exist and says in one line what is missing. `--server` looks
// at the server alone (before `npm run migrate`, `backup` and `keys`, which need no app).
import './node-version.mjs';

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { buildServer, SERVER_BUILD } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = [
  'src',
  'store',
  'ui',
  'features',
  'i18n',
  'contract',
  'public',
  'webpack.config.ts',
  'package-lock.json',
];
const IGNORED_DIRECTORIES = new Set(['__tests__', 'node_modules']);

function mtimeOf(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** The newest modification time under a path; a directory's own time catches deleted files. */
function newestUnder(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (entry.isDirectory() && IGNORED_DIRECTORIES.has(entry.name)) continue;
    newest = Math.max(newest, newestUnder(path.join(target, entry.name)));
  }
  return newest;
}

// The server also reads the action-log decoder of store/actionLog, and the features' routes.
const SERVER_SOURCES = ['server', 'contract', 'store', 'features', 'package-lock.json'];

const builtAt = mtimeOf(path.join(root, 'dist', 'index.html'));
const sourcesAt = Math.max(...SOURCES.map((source) => newestUnder(path.join(root, source))));
const serverBuiltAt = mtimeOf(SERVER_BUILD);
const serverSourcesAt = Math.max(
  ...SERVER_SOURCES.map((source) => newestUnder(path.join(root, source))),
);

const APP_BUILD = path.join(root, 'dist', 'index.html');

function hasBuildTools() {
  try {
    import.meta.resolve('webpack');
    import.meta.resolve('esbuild');
    return true;
  } catch {
    return false;
  }
}

const serverOnly = process.argv.includes('--server');
const BUILDS = serverOnly ? [SERVER_BUILD] : [APP_BUILD, SERVER_BUILD];

function requireBuilt(reason) {
  const missing = BUILDS.filter((file) => mtimeOf(file) === 0);
  if (missing.length > 0) {
    const names = missing.map((file) => path.relative(root, file)).join(' and ');
    console.error(
      `${names} ${missing.length > 1 ? 'are' : 'is'} missing, and ${reason}: run \`npm ci && npm run build\` first (a production install keeps the built dist/ and build/).`,
    );
    process.exit(1);
  }
}

if (process.env.NODE_ENV === 'production') {
  requireBuilt('NODE_ENV=production never builds');
} else if (!hasBuildTools()) {
  requireBuilt('this install has no build tools (npm ci --omit=dev)');
} else {
  if (!serverOnly && (builtAt === 0 || sourcesAt > builtAt)) {
    console.log(
      builtAt === 0
        ? 'Building the app: dist/ is missing.'
        : 'Rebuilding the app: sources changed.',
    );
    const result = spawnSync('npx', ['webpack', '--mode', 'production'], {
      cwd: root,
      stdio: 'inherit',
      shell: process.platform === 'win32',
    });
    if (result.status !== 0) {
      console.error('The app build failed; see the output above.');
      process.exit(result.status ?? 1);
    }
    // webpack leaves a file whose content did not change untouched, and index.html only changes
    // with a chunk's hash: after an edit that changes no output (a comment, a type), its old time
    // would make every later start rebuild again. Its time is when the build last ran.
    const now = new Date();
    fs.utimesSync(APP_BUILD, now, now);
  }

  if (serverBuiltAt === 0 || serverSourcesAt > serverBuiltAt) {
    try {
      await buildServer();
    } catch {
      console.error('The server build failed; see the output above.');
      process.exit(1);
    }
  }
}
