// Gzipped bytes that /login needs before it is interactive, against the budget a visitor on a slow
// phone network feels; a floor build of the bare runtime libraries and the ratio to it are context.
import fs from 'node:fs';
import path from 'node:path';

import { kib, ratio, type Row } from '../table';
import { build } from './build';

const CODE = /\.(js|css)$/;
/** The first load's budget: about 0.7 s of a 1.6 Mbps link. */
const BUDGET_KIB = 135;
/**
 * The bytes a gzip-accepting visitor receives for a file: the build's precompressed `.gz` beside
 * it, which the server sends as it is, or the file itself when the build made none (too small, or
 * not a text asset).
 */
function gz(file: string): number {
  return fs.existsSync(`${file}.gz`) ? fs.statSync(`${file}.gz`).size : fs.statSync(file).size;
}
const gzTotal = (files: string[]) => files.reduce((sum, file) => sum + gz(file), 0);

/** The entry's files and the login view's chunk with the chunks it loads along, each once. */
function loginFiles(groups: Record<string, string[]>): string[] {
  const files = [...(groups.main ?? []), ...(groups['view-login'] ?? [])];
  if (!groups.main || !groups['view-login']) throw new Error('no main entry or view-login chunk');
  return [...new Set(files)].filter((file) => CODE.test(file));
}

/** Each view's chunk, the kh pack, the upload, Help's tools and the fonts, without content hash. */
function lazyFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .filter(
      (file) =>
        /^(view-|locale-|send-log|help-tools|password-strength)|\.woff2?$/.test(
          path.basename(file),
        ) && !/\.(map|br|gz)$/.test(file),
    );
}

export async function benchBundle(): Promise<Row[]> {
  const app = await build();
  const floor = await build(path.join(__dirname, '..', 'floor', 'entry.tsx'));
  try {
    const initial = gzTotal(loginFiles(app.groups));
    const floorBytes = gzTotal((floor.groups.main ?? []).filter((file) => CODE.test(file)));
    const sessionTime = (app.groups['session-time'] ?? []).filter((file) => CODE.test(file));
    if (sessionTime.length === 0) throw new Error('no session-time chunk group');
    const rows: Row[] = [
      {
        section: 'bundle',
        figure: 'initial /login (JS+CSS, gzip)',
        value: kib(initial),
        target: `<= ${BUDGET_KIB} KiB`,
        met: initial <= BUDGET_KIB * 1024,
      },
      { section: 'bundle', figure: 'floor (runtime libraries only)', value: kib(floorBytes) },
      { section: 'bundle', figure: 'initial / floor', value: ratio(initial / floorBytes) },
      {
        section: 'bundle',
        figure: 'session-time (moment-timezone), with a stored token',
        value: kib(gzTotal(sessionTime)),
      },
    ];
    for (const file of lazyFiles(app.dir)) {
      rows.push({
        section: 'bundle',
        figure: file.replace(/\.[0-9a-f]{8}\./, '.'),
        value: kib(gz(path.join(app.dir, file))),
      });
    }
    return rows;
  } finally {
    for (const dir of [app.dir, floor.dir]) fs.rmSync(dir, { recursive: true, force: true });
  }
}
