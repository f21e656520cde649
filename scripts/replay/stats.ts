// `npm run replay -- --stats`: questions across the stored uploads, answered from their index
// (contract/action-log-index.ts) without reading a single log again.
import { FUNNEL, type FunnelStep } from '../../contract/action-log-index';
import type { StoredSummary } from '../../server/repo/action-logs';

import { textTable } from './textTable';

/** The funnel's steps in the words the replay uses. */
export const FUNNEL_WORDS: Record<FunnelStep, string> = {
  signedUp: 'signed up',
  activated: 'activated',
  loggedIn: 'logged in',
  home: 'home',
};

export interface StepTime {
  from: string;
  to: string;
  /** The logs that reached `from`. */
  reached: number;
  /** Of those, the logs that reached `to` after it. */
  wentOn: number;
  /** Between the two, over the logs that went on; null when none did. */
  medianMs: number | null;
  p90Ms: number | null;
}

export interface FailureStat {
  /** `endpoint:CODE`. */
  failure: string;
  /** How many of these failures, each counted once. */
  times: number;
  logs: number;
  /** The field codes within them (`password:COMMON_PASSWORD`), most frequent first. */
  fields: { field: string; times: number; logs: number }[];
}

export interface Stats {
  logs: number;
  funnel: { step: string; logs: number }[];
  stepTimes: StepTime[];
  failures: FailureStat[];
  stops: { path: string; logs: number }[];
  timePerView: { path: string; medianMs: number; visits: number }[];
}

const TOP = 10;

/** The middle value (the mean of the two middle ones, rounded); of sorted values. */
function median(sorted: number[]): number {
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? sorted[middle]!
    : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
}

/** The 90th percentile by nearest rank: the smallest value at least 90 % of them do not exceed. */
function p90(sorted: number[]): number {
  return sorted[Math.ceil(sorted.length * 0.9) - 1]!;
}

const ascending = (a: number, b: number) => a - b;

type Counted = { times: number; logs: number };

export function computeStats(indexes: Array<StoredSummary & { lastPath: string | null }>): Stats {
  const reached = Object.fromEntries(FUNNEL.map((step) => [step, 0])) as Record<FunnelStep, number>;
  const pairs = FUNNEL.flatMap((from, at) =>
    FUNNEL.slice(at + 1).map((to) => ({ from, to, reached: 0, times: [] as number[] })),
  );
  const failures = new Map<string, Counted & { fields: Map<string, Counted> }>();
  const stops = new Map<string, number>();
  const visits = new Map<string, number[]>();
  for (const index of indexes) {
    const at = index.funnel;
    for (const step of FUNNEL) if (typeof at[step] === 'number') reached[step] += 1;
    for (const pair of pairs) {
      const from = at[pair.from];
      const to = at[pair.to];
      if (typeof from !== 'number') continue;
      pair.reached += 1;
      if (typeof to === 'number' && to >= from) pair.times.push(to - from);
    }
    for (const [failure, { times, fields }] of Object.entries(index.failures)) {
      const counted = failures.get(failure) ?? { times: 0, logs: 0, fields: new Map() };
      counted.times += times;
      counted.logs += 1;
      for (const [field, fieldTimes] of Object.entries(fields)) {
        const inner = counted.fields.get(field) ?? { times: 0, logs: 0 };
        inner.times += fieldTimes;
        inner.logs += 1;
        counted.fields.set(field, inner);
      }
      failures.set(failure, counted);
    }
    const stop = index.lastPath ?? '-';
    stops.set(stop, (stops.get(stop) ?? 0) + 1);
    for (const path in index.stays) {
      const list = visits.get(path);
      const stays = index.stays[path]!;
      if (list) for (const ms of stays) list.push(ms);
      else visits.set(path, [...stays]);
    }
  }
  return {
    logs: indexes.length,
    funnel: FUNNEL.map((step) => ({ step: FUNNEL_WORDS[step], logs: reached[step] })),
    stepTimes: pairs.map(({ from, to, reached: count, times }) => {
      const sorted = times.sort(ascending);
      return {
        from: FUNNEL_WORDS[from],
        to: FUNNEL_WORDS[to],
        reached: count,
        wentOn: sorted.length,
        medianMs: sorted.length > 0 ? median(sorted) : null,
        p90Ms: sorted.length > 0 ? p90(sorted) : null,
      };
    }),
    failures: [...failures]
      .sort(([a, x], [b, y]) => y.times - x.times || y.logs - x.logs || a.localeCompare(b))
      .slice(0, TOP)
      .map(([failure, { times, logs, fields }]) => ({
        failure,
        times,
        logs,
        fields: [...fields]
          .sort(([a, x], [b, y]) => y.times - x.times || a.localeCompare(b))
          .map(([field, inner]) => ({ field, ...inner })),
      })),
    stops: [...stops]
      .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
      .slice(0, TOP)
      .map(([path, logs]) => ({ path, logs })),
    timePerView: [...visits]
      .map(([path, list]) => ({
        path,
        medianMs: median(list.sort(ascending)),
        visits: list.length,
      }))
      .sort((a, b) => b.visits - a.visits || a.path.localeCompare(b.path)),
  };
}

/** `4.2 s`, `3 min 5 s`, `1 h 12 min`. */
export function duration(ms: number): string {
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

const indent = (prefix: string) => (line: string) => `${prefix}${line}`;

export function formatStats(stats: Stats): string {
  if (stats.logs === 0) return 'no uploads match\n';
  const share = (logs: number) => `${Math.round((logs / stats.logs) * 100)}%`;
  // A failure's row, then its field codes' rows indented beneath it, in one table.
  const failureRows = stats.failures.flatMap(({ failure, times, logs, fields }) => [
    [failure, String(times), String(logs)],
    ...fields.map((field) => [`  ${field.field}`, String(field.times), String(field.logs)]),
  ]);
  const lines = [
    `${stats.logs} ${stats.logs === 1 ? 'log' : 'logs'}`,
    '',
    'funnel',
    ...textTable(
      ['step', 'logs', 'share'],
      stats.funnel.map(({ step, logs }) => [step, String(logs), share(logs)]),
      [1, 2],
    ).map(indent('  ')),
    '',
    'time between steps (of the logs that reached the first step, how many reached the second after it)',
    ...textTable(
      ['from → to', 'went on', 'of', 'median', 'p90'],
      stats.stepTimes.map(({ from, to, reached, wentOn, medianMs, p90Ms }) => [
        `${from} → ${to}`,
        String(wentOn),
        String(reached),
        medianMs === null ? '-' : duration(medianMs),
        p90Ms === null ? '-' : duration(p90Ms),
      ]),
      [1, 2, 3, 4],
    ).map(indent('  ')),
    '',
    'top failures (each counted once, by endpoint and code; the field codes within them beneath)',
    ...(failureRows.length === 0
      ? ['  none']
      : textTable(['failure', 'times', 'logs'], failureRows, [1, 2]).map(indent('  '))),
    '',
    'where sessions stop',
    ...textTable(
      ['last path', 'logs', 'share'],
      stats.stops.map(({ path, logs }) => [path, String(logs), share(logs)]),
      [1, 2],
    ).map(indent('  ')),
    '',
    'time per view (median of each stay)',
    ...textTable(
      ['path', 'median', 'stays'],
      stats.timePerView.map(({ path, medianMs, visits }) => [
        path,
        duration(medianMs),
        String(visits),
      ]),
      [1, 2],
    ).map(indent('  ')),
  ];
  return `${lines.join('\n')}\n`;
}
