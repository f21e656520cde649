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

export interface Stats {
  logs: number;
  funnel: { step: string; logs: number }[];
  failures: { code: string; times: number; logs: number }[];
  stops: { path: string; logs: number }[];
  timePerView: { path: string; medianMs: number; visits: number }[];
}

const TOP = 10;

function median(sorted: number[]): number {
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? sorted[middle]!
    : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
}

export function computeStats(indexes: Array<StoredSummary & { lastPath: string | null }>): Stats {
  const reached = Object.fromEntries(FUNNEL.map((step) => [step, 0])) as Record<FunnelStep, number>;
  const failures = new Map<string, { times: number; logs: number }>();
  const stops = new Map<string, number>();
  const visits = new Map<string, number[]>();
  for (const index of indexes) {
    for (const step of FUNNEL) if (index.funnel[step]) reached[step] += 1;
    for (const [code, times] of Object.entries(index.failures)) {
      const counted = failures.get(code) ?? { times: 0, logs: 0 };
      counted.times += times;
      counted.logs += 1;
      failures.set(code, counted);
    }
    const stop = index.lastPath ?? '-';
    stops.set(stop, (stops.get(stop) ?? 0) + 1);
    for (const [path, ms] of index.visits) {
      const list = visits.get(path) ?? [];
      list.push(ms);
      visits.set(path, list);
    }
  }
  const byCount = <T extends { logs: number }>(a: T & { key: string }, b: T & { key: string }) =>
    b.logs - a.logs || a.key.localeCompare(b.key);
  return {
    logs: indexes.length,
    funnel: FUNNEL.map((step) => ({ step: FUNNEL_WORDS[step], logs: reached[step] })),
    failures: [...failures]
      .map(([code, counted]) => ({ key: code, code, ...counted }))
      .sort((a, b) => b.times - a.times || byCount(a, b))
      .slice(0, TOP)
      .map(({ code, times, logs }) => ({ code, times, logs })),
    stops: [...stops]
      .map(([path, logs]) => ({ key: path, path, logs }))
      .sort(byCount)
      .slice(0, TOP)
      .map(({ path, logs }) => ({ path, logs })),
    timePerView: [...visits]
      .map(([path, list]) => ({
        path,
        medianMs: median(list.sort((a, b) => a - b)),
        visits: list.length,
      }))
      .sort((a, b) => b.visits - a.visits || a.path.localeCompare(b.path)),
  };
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

export function formatStats(stats: Stats): string {
  if (stats.logs === 0) return 'no uploads match\n';
  const share = (logs: number) => `${Math.round((logs / stats.logs) * 100)}%`;
  const lines = [
    `${stats.logs} ${stats.logs === 1 ? 'log' : 'logs'}`,
    '',
    'funnel',
    ...textTable(
      ['step', 'logs', 'share'],
      stats.funnel.map(({ step, logs }) => [step, String(logs), share(logs)]),
      [1, 2],
    ).map((line) => `  ${line}`),
    '',
    'top failure codes',
    ...(stats.failures.length === 0
      ? ['  none']
      : textTable(
          ['code', 'times', 'logs'],
          stats.failures.map(({ code, times, logs }) => [code, String(times), String(logs)]),
          [1, 2],
        ).map((line) => `  ${line}`)),
    '',
    'where sessions stop',
    ...textTable(
      ['last path', 'logs', 'share'],
      stats.stops.map(({ path, logs }) => [path, String(logs), share(logs)]),
      [1, 2],
    ).map((line) => `  ${line}`),
    '',
    'time per view (median of each stay)',
    ...textTable(
      ['path', 'median', 'stays'],
      stats.timePerView.map(({ path, medianMs, visits }) => [
        path,
        seconds(medianMs),
        String(visits),
      ]),
      [1, 2],
    ).map((line) => `  ${line}`),
  ];
  return `${lines.join('\n')}\n`;
}
