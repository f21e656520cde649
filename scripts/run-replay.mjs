// `npm run replay`: the replay command compiled into one file (build/replay.js, esbuild) with its
// database and state libraries inside, compiled again whenever one of its sources is newer. Loaded
// module by module through tsx, Kysely alone took most of a second before any work began.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUILD = path.join(root, 'build', 'replay.js');
const SOURCES = [
  'scripts/replay.ts',
  'scripts/replay',
  'contract',
  'store',
  'ui',
  'features',
  'src/replay',
  'server',
  'i18n',
];
/** Loaded from node_modules at run time: native addons, and what reads NODE_ENV as it loads. */
const EXTERNAL = [
  'better-sqlite3',
  'pg',
  'pg-native',
  'ioredis',
  '@node-rs/argon2',
  '@reduxjs/toolkit',
  'immer',
  'redux',
  'reselect',
  'react',
  'react-dom',
  'esbuild',
  'prettier',
];

/** The newest modification time of the files under `target` (tests left out). */
function newest(target) {
  let latest = 0;
  const pending = [target];
  while (pending.length > 0) {
    const at = pending.pop();
    let stat;
    try {
      stat = fs.statSync(at);
    } catch {
      continue;
    }
    latest = Math.max(latest, stat.mtimeMs);
    if (!stat.isDirectory()) continue;
    for (const entry of fs.readdirSync(at)) {
      if (entry !== '__tests__' && entry !== 'node_modules') pending.push(path.join(at, entry));
    }
  }
  return latest;
}

function builtAt() {
  try {
    return fs.statSync(BUILD).mtimeMs;
  } catch {
    return 0;
  }
}

const sources = [...SOURCES, 'package.json', 'package-lock.json', 'scripts/run-replay.mjs'];
if (builtAt() < Math.max(...sources.map((source) => newest(path.join(root, source))))) {
  const { build } = await import('esbuild');
  // Written aside, then moved in place: two commands started at once never read half a file.
  const temporary = `${BUILD}.${process.pid}.tmp`;
  await build({
    entryPoints: [path.join(root, 'scripts', 'replay.ts')],
    outfile: temporary,
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'cjs',
    external: EXTERNAL,
    sourcemap: 'inline',
    logLevel: 'warning',
  });
  fs.renameSync(temporary, BUILD);
}
process.setSourceMapsEnabled(true);
await import(pathToFileURL(BUILD).href);
