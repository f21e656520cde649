// Before `npm start`: builds the app when dist/index.html is missing or older than any source.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = [
  'src',
  'store',
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

const builtAt = mtimeOf(path.join(root, 'dist', 'index.html'));
const sourcesAt = Math.max(...SOURCES.map((source) => newestUnder(path.join(root, source))));

if (builtAt === 0 || sourcesAt > builtAt) {
  console.log(
    builtAt === 0 ? 'Building the app: dist/ is missing.' : 'Rebuilding the app: sources changed.',
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
}
