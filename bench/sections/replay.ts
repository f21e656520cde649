// Replay speed on a 100,000-action log: the replay tool's own fold beside a plain fold of the same
// actions through the root reducer, in one process; the whole command and the memory of a full
// recorder as context; and `replay --stats` (funnel, step times, failures) across 1,000 and
// 10,000 stored uploads.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { LOG_ACTIONS, writeBenchLog } from '../replay/benchLog';
import { runChild, timedChild } from '../replay/runChild';
import { ratio, type Row } from '../table';

interface Folds {
  mode: string;
  decodeMs: number;
  plain: number;
  replay: number;
  check: number;
}

interface Memory {
  actions: number;
  bytes: number;
  exact: boolean;
}

const TSX = ['--import', 'tsx'];
// The replay tool runs in production mode; the folds are measured in the same mode.
const PRODUCTION = { NODE_ENV: 'production' };
const perSecond = (rate: number) => `${Math.round(rate).toLocaleString('en')} actions/s`;
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

const STORED_UPLOADS = [1000, 10_000];

/**
 * The whole `npm run replay -- --stats` command over `uploads` uploads in a SQLite database: the
 * median run's wall time and processor time.
 */
async function statsTimes(uploads: number): Promise<{ wallMs: number; cpuMs: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-stats-'));
  try {
    const env = { DATA_DIR: dataDir };
    await runChild('node', [...TSX, 'bench/replay/seedUploads.ts', String(uploads)], env);
    // Compiles the command if its sources changed, so that no timed run does.
    await runChild('npm', ['run', '--silent', 'replay', '--', '--help'], env);
    // The median of three runs: the first also warms the file cache.
    const runs: { wallMs: number; cpuMs: number }[] = [];
    for (let run = 0; run < 3; run += 1) {
      runs.push(await timedChild('npm', ['run', '--silent', 'replay', '--', '--stats'], env));
    }
    return runs.sort((a, b) => a.wallMs - b.wallMs)[1]!;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchReplay(): Promise<Row[]> {
  const log = writeBenchLog();
  try {
    const { result: folds } = await runChild<Folds>(
      'node',
      [...TSX, 'bench/replay/measureFolds.ts', log.file],
      PRODUCTION,
    );
    const { wallMs } = await runChild('npm', [
      'run',
      '--silent',
      'replay',
      '--',
      log.file,
      '--check',
    ]);
    const { result: memory } = await runChild<Memory>(
      'node',
      ['--expose-gc', ...TSX, 'bench/replay/recorderMemory.ts'],
      PRODUCTION,
    );
    const stats: { wallMs: number; cpuMs: number }[] = [];
    for (const uploads of STORED_UPLOADS) stats.push(await statsTimes(uploads));
    const share = folds.replay / folds.plain;
    const section = 'replay';
    return [
      {
        section,
        figure: 'log file',
        value: `${LOG_ACTIONS.toLocaleString('en')} actions, ${mib(log.bytes)}`,
      },
      { section, figure: 'plain fold (rootReducer)', value: perSecond(folds.plain) },
      { section, figure: 'replay fold (replayStates)', value: perSecond(folds.replay) },
      {
        section,
        figure: 'replay fold / plain fold',
        value: ratio(share),
        target: '>= 0.80x',
        met: share >= 0.8,
      },
      { section, figure: '--check in-process (fold + hashes)', value: perSecond(folds.check) },
      {
        section,
        figure: 'npm run replay -- FILE --check (wall)',
        value: `${(wallMs / 1000).toFixed(1)} s, ${perSecond((LOG_ACTIONS * 1000) / wallMs)}`,
      },
      {
        section,
        figure: `recorder full (${memory.actions.toLocaleString('en')} actions), heap`,
        value: `${memory.exact ? '' : '~'}${mib(memory.bytes)} (${Math.round(memory.bytes / memory.actions)} B/action)`,
      },
      ...STORED_UPLOADS.map((uploads, at) => ({
        section,
        figure: `npm run replay -- --stats, ${uploads.toLocaleString('en')} uploads (wall, CPU)`,
        value: `${(stats[at]!.wallMs / 1000).toFixed(2)} s (CPU ${(stats[at]!.cpuMs / 1000).toFixed(2)} s)`,
        target: '< 2 s',
        met: stats[at]!.wallMs < 2000,
      })),
    ];
  } finally {
    log.remove();
  }
}
