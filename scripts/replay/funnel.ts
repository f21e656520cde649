// `npm run replay -- --funnel [--from DAY] [--to DAY] [--json]`: the funnel of every visitor from
// the server's record (server/funnel/funnel.ts, the operator API's own computation), as text
// tables: one row a day and the period's, then the period's refusals by endpoint and code.
import { FUNNEL_MAX_DAYS, funnelPeriod, type FunnelOkBody } from '../../contract/funnel';
import { printable } from '../../contract/printable';

import { textTable } from './textTable';

export const FUNNEL_USAGE =
  'usage: npm run replay -- --funnel [--from 2026-11-01] [--to 2026-11-30] [--json]';

type Durations = FunnelOkBody['period']['signupToActivation'];
type Figures = Omit<FunnelOkBody['period'], 'refusalsByEndpoint'>;

/** `45 s`, `3 min 5 s`, `2 h 5 min`; `-` when no step was completed. */
export function durationWords(ms: number | null): string {
  if (ms === null) return '-';
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  return `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`;
}

const HEADER = [
  'day',
  'sign-ups',
  'activations',
  'first logins',
  'logins',
  'resets asked',
  'resets done',
  '2nd factor failed',
  'refusals',
  'sign-up>activation median',
  'p90',
  'reset>new password median',
  'p90',
];

function row(label: string, figures: Figures): string[] {
  const times = (durations: Durations) => [
    durationWords(durations.medianMs),
    durationWords(durations.p90Ms),
  ];
  return [
    label,
    ...[
      figures.signups,
      figures.activations,
      figures.firstLogins,
      figures.logins,
      figures.resetsRequested,
      figures.resetsCompleted,
      figures.secondFactorFailures,
      figures.refusals,
    ].map(String),
    ...times(figures.signupToActivation),
    ...times(figures.resetToNewPassword),
  ];
}

/** The funnel as the command prints it; every cell and line made printable. */
export function formatFunnel(funnel: FunnelOkBody): string {
  const rows = [...funnel.days.map((day) => row(day.day, day)), row('period', funnel.period)];
  const refusals = funnel.period.refusalsByEndpoint.map((refusal) => [
    refusal.endpoint,
    refusal.code ?? '-',
    String(refusal.count),
  ]);
  const lines = [
    `funnel from ${funnel.from} to ${funnel.to} (UTC days; times are nearest-rank median and 90th percentile)`,
    '',
    ...textTable(HEADER, rows, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]),
    '',
    'refusals by endpoint and code',
    ...(refusals.length === 0 ? ['none'] : textTable(['endpoint', 'code', 'count'], refusals, [2])),
  ];
  return `${lines.map(printable).join('\n')}\n`;
}

/** The options after --funnel; anything else, or an option given twice, is a usage error. */
export function parseFunnelArgs(args: string[]): { from?: string; to?: string; json: boolean } {
  const options: { from?: string; to?: string; json: boolean } = { json: false };
  const given = new Set<string>();
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (arg === '--funnel') continue;
    if (given.has(arg)) throw new Error(`${arg} is given twice; give it once`);
    given.add(arg);
    if (arg === '--json') options.json = true;
    else if (arg === '--from' || arg === '--to') {
      const value = args[(i += 1)];
      if (value === undefined || value.startsWith('--')) {
        throw new Error(`${arg} needs a day such as 2026-11-24`);
      }
      options[arg === '--from' ? 'from' : 'to'] = value;
    } else throw new Error(`--funnel does not take ${arg}; ${FUNNEL_USAGE}`);
  }
  return options;
}

/** The period the options ask for, or a one-line reason it is refused. */
export function funnelPeriodOf(options: { from?: string; to?: string }, nowMs: number) {
  const period = funnelPeriod(options.from, options.to, nowMs);
  if (!('field' in period)) return period;
  const value = options[period.field] ?? '';
  const reasons = {
    INVALID_CHARACTERS: `--${period.field} ${value} is not a day such as 2026-11-24`,
    INCORRECT: '--from is after --to',
    TOO_LONG: `the period is longer than ${FUNNEL_MAX_DAYS} days`,
  };
  throw new Error(reasons[period.why]);
}
