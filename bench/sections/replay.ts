// Replay speed on a 100,000-action log: the replay tool's own fold beside a plain fold of the same
// actions through the root reducer, in one process; the whole command and the memory of a full
// recorder as context.
import { LOG_ACTIONS, writeBenchLog } from '../replay/benchLog';
import { runChild } from '../replay/runChild';
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
    ];
  } finally {
    log.remove();
  }
}
