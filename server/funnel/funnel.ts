// The funnel (contract/funnel.ts), computed in one place for the operator API and
// `npm run replay -- --funnel`: the database counts, groups and ranks (a few statements over the
// period's rows, the same SQL on SQLite and PostgreSQL); this file only names and zero-fills.
import { sql, type Kysely, type RawBuilder } from 'kysely';

import { dayText, type FunnelOkBody, type FunnelPeriod } from '../../contract/funnel';
import type { Database } from '../db/schema';

const DAY_MS = 86_400_000;
/** The ways in whose accepted event opened a session (a password login with the second factor on opens none: it answers a ticket). */
const SIGN_INS = ['login', 'loginSecondFactor', 'passkeyLogin'] as const;

type Counts = Omit<
  FunnelOkBody['days'][number],
  'day' | 'signupToActivation' | 'resetToNewPassword'
>;
type Durations = FunnelOkBody['period']['signupToActivation'];

const COUNTED: Record<Exclude<keyof Counts, 'firstLogins'>, RawBuilder<unknown>> = {
  signups: sql`event = 'signup' and outcome = 'accepted'`,
  activations: sql`event = 'verifyAccount' and outcome = 'accepted'`,
  logins: sql`event in ('login', 'loginSecondFactor', 'passkeyLogin') and outcome = 'accepted' and session_id is not null`,
  resetsRequested: sql`event = 'requestPasswordReset' and outcome = 'accepted'`,
  resetsCompleted: sql`event = 'resetPassword' and outcome = 'accepted'`,
  secondFactorFailures: sql`event = 'loginSecondFactor' and outcome = 'refused' and code = 'INVALID_CODE'`,
  refusals: sql`outcome = 'refused'`,
};

/** A day's number of a time column (integer division on both databases). */
const dayOf = (column: string) => sql<number>`${sql.ref(column)} / ${sql.lit(DAY_MS)}`;

const zeroCounts = (): Counts => ({
  signups: 0,
  activations: 0,
  firstLogins: 0,
  logins: 0,
  resetsRequested: 0,
  resetsCompleted: 0,
  secondFactorFailures: 0,
  refusals: 0,
});
const noDurations = (): Durations => ({ count: 0, medianMs: null, p90Ms: null });

/**
 * The median and 90th percentile, nearest-rank (rank ceil(p x n / 100), integer arithmetic), of
 * `time - started_at` over the accepted `event`s of the period, per day and over the period.
 */
async function durations(
  db: Kysely<Database>,
  event: 'verifyAccount' | 'resetPassword',
  start: number,
  end: number,
) {
  const ranked = (window: RawBuilder<unknown>) =>
    sql<{
      day_number: number | string;
      ms: number | string;
      rn: number | string;
      n: number | string;
    }>`
      select day_number, ms, rn, n from (
        select ${dayOf('time')} as day_number, "time" - started_at as ms,
          row_number() over (${window} order by "time" - started_at) as rn,
          count(*) over (${window}) as n
        from auth_events
        where event = ${event} and outcome = 'accepted' and started_at is not null
          and "time" >= ${start} and "time" < ${end}
      ) ranked
      where rn = (n * 50 + 99) / 100 or rn = (n * 90 + 99) / 100`.execute(db);
  const [byDay, overall] = await Promise.all([
    ranked(sql`partition by ${dayOf('time')}`),
    ranked(sql``),
  ]);
  const fold = (rows: typeof byDay.rows, into: (day: number) => Durations) => {
    for (const row of rows) {
      const n = Number(row.n);
      const rank = Number(row.rn);
      const figures = into(Number(row.day_number));
      figures.count = n;
      if (rank === Math.ceil((n * 50) / 100)) figures.medianMs = Number(row.ms);
      if (rank === Math.ceil((n * 90) / 100)) figures.p90Ms = Number(row.ms);
    }
  };
  const days = new Map<number, Durations>();
  fold(byDay.rows, (day) => {
    if (!days.has(day)) days.set(day, noDurations());
    return days.get(day)!;
  });
  const period = noDurations();
  fold(overall.rows, () => period);
  return { days, period };
}

/** The funnel of `period` (whole UTC days, both ends included) from the auth events. */
export async function computeFunnel(
  db: Kysely<Database>,
  period: FunnelPeriod,
): Promise<FunnelOkBody> {
  const start = period.fromDay * DAY_MS;
  const end = (period.toDay + 1) * DAY_MS;
  const sums = Object.entries(COUNTED).map(([name, when]) =>
    sql`sum(case when ${when} then 1 else 0 end)`.as(name),
  );
  const countsQuery = db
    .selectFrom('auth_events')
    .select([dayOf('time').as('day_number'), ...sums])
    .where('time', '>=', start)
    .where('time', '<', end)
    .groupBy(sql`${dayOf('time')}`)
    .execute();
  // An account's first sign-in after its activation (the record holds both): min over the whole
  // record, so a sign-in is first only when none came before, then kept when it is in the period.
  const firstsQuery = sql<{ day_number: number | string; n: number | string }>`
    select ${dayOf('first_at')} as day_number, count(*) as n from (
      select user_id, min("time") as first_at from auth_events
      where event in (${sql.join(SIGN_INS)}) and outcome = 'accepted' and session_id is not null
        and user_id in (
          select user_id from auth_events where event = 'verifyAccount' and outcome = 'accepted'
        )
      group by user_id
    ) firsts
    where first_at >= ${start} and first_at < ${end}
    group by ${dayOf('first_at')}`.execute(db);
  const refusalsQuery = db
    .selectFrom('auth_events')
    .select(['event', 'code', (eb) => eb.fn.countAll().as('n')])
    .where('outcome', '=', 'refused')
    .where('time', '>=', start)
    .where('time', '<', end)
    .groupBy(['event', 'code'])
    .execute();
  const [counted, firsts, refusals, activation, reset] = await Promise.all([
    countsQuery,
    firstsQuery,
    refusalsQuery,
    durations(db, 'verifyAccount', start, end),
    durations(db, 'resetPassword', start, end),
  ]);

  const countsByDay = new Map<number, Counts>();
  for (const row of counted) {
    const counts = zeroCounts();
    for (const name of Object.keys(COUNTED) as (keyof typeof COUNTED)[]) {
      counts[name] = Number((row as Record<string, unknown>)[name] ?? 0);
    }
    countsByDay.set(Number(row.day_number), counts);
  }
  for (const row of firsts.rows) {
    const day = Number(row.day_number);
    if (!countsByDay.has(day)) countsByDay.set(day, zeroCounts());
    countsByDay.get(day)!.firstLogins = Number(row.n);
  }

  const total = zeroCounts();
  const days: FunnelOkBody['days'] = [];
  for (let day = period.fromDay; day <= period.toDay; day += 1) {
    const counts = countsByDay.get(day) ?? zeroCounts();
    for (const name of Object.keys(total) as (keyof Counts)[]) total[name] += counts[name];
    days.push({
      day: dayText(day),
      ...counts,
      signupToActivation: activation.days.get(day) ?? noDurations(),
      resetToNewPassword: reset.days.get(day) ?? noDurations(),
    });
  }
  const refusalsByEndpoint = refusals
    .map((row) => ({ endpoint: row.event, code: row.code, count: Number(row.n) }))
    .sort(
      (a, b) =>
        b.count - a.count ||
        a.endpoint.localeCompare(b.endpoint) ||
        (a.code ?? '').localeCompare(b.code ?? ''),
    );
  return {
    error: false,
    from: dayText(period.fromDay),
    to: dayText(period.toDay),
    days,
    period: {
      ...total,
      signupToActivation: activation.period,
      resetToNewPassword: reset.period,
      refusalsByEndpoint,
    },
  };
}
