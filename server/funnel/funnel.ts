// The funnel (contract/funnel.ts), computed in one place for the operator API and
// `npm run replay -- --funnel`. The database does the work over the period's rows, in four
// statements that read the same on SQLite and PostgreSQL: the figures as sums by day; the
// refusals by endpoint and code; the accounts' first sign-ins; the durations ranked by window
// functions (the steps' rows found through the event-and-time index). This file only zero-fills
// the days and adds them up.
import { sql, type Kysely, type RawBuilder } from 'kysely';

import { dayText, type FunnelOkBody, type FunnelPeriod } from '../../contract/funnel';
import type { Database } from '../db/schema';

const DAY_MS = 86_400_000;
/** The ways in whose accepted event opened a session (a password with the second factor on opens none: it answers a ticket). */
const SIGN_INS = ['login', 'loginSecondFactor', 'passkeyLogin', 'oidcComplete'];
/**
 * A sign-up through a provider: the completion that made (or activated) an account carries when
 * its flow began (`started_at`); a provider's sign-in to an account it already had carries none.
 * It is a sign-up and an activation at once; its session, like an activation's, is no login.
 */
const PROVIDER_SIGNUP = sql`(event = 'oidcComplete' and started_at is not null)`;
/** An activation: an account's code, or a sign-up through a provider. */
const ACTIVATION = sql`(event = 'verifyAccount' or ${PROVIDER_SIGNUP})`;
/** The timed figures and the steps whose events carry when their flow began (`started_at`). */
const TIMED = {
  signupToActivation: ['verifyAccount', 'oidcComplete'],
  resetToNewPassword: ['resetPassword'],
} as const;
/** Each timed step's figure, as SQL over one event. */
const FIGURE_OF = sql`case when event in (${sql.join([...TIMED.resetToNewPassword])})
  then 'resetToNewPassword' else 'signupToActivation' end`;

type Counts = Omit<
  FunnelOkBody['days'][number],
  'day' | 'signupToActivation' | 'resetToNewPassword'
>;
type Durations = FunnelOkBody['period']['signupToActivation'];
type Timed = Record<keyof typeof TIMED, Durations>;

/** What each figure counts, as a condition on one event (first logins are counted apart). */
const COUNTED: Record<Exclude<keyof Counts, 'firstLogins'>, RawBuilder<unknown>> = {
  signups: sql`(event = 'signup' or ${PROVIDER_SIGNUP}) and outcome = 'accepted'`,
  activations: sql`${ACTIVATION} and outcome = 'accepted'`,
  logins: sql`event in (${sql.join(SIGN_INS)}) and outcome = 'accepted' and session_id is not null
    and not ${PROVIDER_SIGNUP}`,
  resetsRequested: sql`event = 'requestPasswordReset' and outcome = 'accepted'`,
  resetsCompleted: sql`event = 'resetPassword' and outcome = 'accepted'`,
  secondFactorFailures: sql`event = 'loginSecondFactor' and outcome = 'refused' and code = 'INVALID_CODE'`,
  refusals: sql`outcome = 'refused'`,
};

/** A day's number of a time column (integer division on both databases). */
const dayOf = (column: string) => sql<number>`${sql.ref(column)} / ${sql.lit(DAY_MS)}`;
/** The nearest rank of the `p`th percentile among `n` (ceil(p x n / 100), integer arithmetic). */
const rankOf = (p: number, n: string) => sql.raw(`(${n} * ${p} + 99) / 100`);

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
const noTimes = (): Timed => ({
  signupToActivation: noDurations(),
  resetToNewPassword: noDurations(),
});

/** Sets a rank's value in `figures` if it is the median's or the 90th percentile's of `n`. */
function place(figures: Durations, n: number, rank: number, ms: number) {
  figures.count = n;
  if (rank === Math.ceil((n * 50) / 100)) figures.medianMs = ms;
  if (rank === Math.ceil((n * 90) / 100)) figures.p90Ms = ms;
}

/** The funnel of `period` (whole UTC days, both ends included) from the auth events. */
export async function computeFunnel(
  db: Kysely<Database>,
  period: FunnelPeriod,
): Promise<FunnelOkBody> {
  const start = period.fromDay * DAY_MS;
  const end = (period.toDay + 1) * DAY_MS;
  const inPeriod = sql`"time" >= ${start} and "time" < ${end}`;

  const sums = Object.entries(COUNTED).map(
    ([name, when]) => sql`sum(case when ${when} then 1 else 0 end) as ${sql.ref(name)}`,
  );
  const counted = await sql<Record<keyof typeof COUNTED | 'day_number', number | string>>`
    select ${dayOf('time')} as day_number, ${sql.join(sums)}
    from auth_events where ${inPeriod}
    group by ${dayOf('time')}`.execute(db);
  const refused = await sql<{ event: string; code: string | null; n: number | string }>`
    select event, code, count(*) as n from auth_events
    where outcome = 'refused' and ${inPeriod}
    group by event, code`.execute(db);
  // An account's first sign-in after its activation (the record holds both): the earliest over
  // the whole record, so a sign-in is first only when none came before, kept when in the period.
  // One pass grouped by account, never a lookup per account (whatever the planner believes).
  const firsts = await sql<{ day_number: number | string; n: number | string }>`
    select ${dayOf('first_at')} as day_number, count(*) as n from (
      select user_id,
        min(case when not ${ACTIVATION} and session_id is not null then "time" end) as first_at,
        max(case when ${ACTIVATION} then 1 else 0 end) as activated
      from auth_events
      where event in (${sql.join([...SIGN_INS, 'verifyAccount'])}) and outcome = 'accepted'
        and user_id is not null
      group by user_id
    ) firsts
    where activated = 1 and first_at >= ${start} and first_at < ${end}
    group by ${dayOf('first_at')}`.execute(db);
  // Each timed step's durations ranked within its day and within the period; only the rows at the
  // median's and the 90th percentile's ranks come back.
  const ranked = await sql<{
    figure: keyof typeof TIMED;
    day_number: number | string;
    ms: number | string;
    day_rank: number | string;
    day_n: number | string;
    period_rank: number | string;
    period_n: number | string;
  }>`
    select figure, day_number, ms, day_rank, day_n, period_rank, period_n from (
      select figure, day_number, ms,
        row_number() over (partition by figure, day_number order by ms) as day_rank,
        count(*) over (partition by figure, day_number) as day_n,
        row_number() over (partition by figure order by ms) as period_rank,
        count(*) over (partition by figure) as period_n
      from (
        select ${FIGURE_OF} as figure, ${dayOf('time')} as day_number, "time" - started_at as ms
        from auth_events
        where event in (${sql.join(Object.values(TIMED).flat())}) and ${inPeriod}
          and outcome = 'accepted' and started_at is not null
      ) steps
    ) ranked
    where day_rank in (${rankOf(50, 'day_n')}, ${rankOf(90, 'day_n')})
      or period_rank in (${rankOf(50, 'period_n')}, ${rankOf(90, 'period_n')})`.execute(db);

  const countsByDay = new Map<number, Counts>();
  const countsOf = (day: number) => {
    if (!countsByDay.has(day)) countsByDay.set(day, zeroCounts());
    return countsByDay.get(day)!;
  };
  for (const row of counted.rows) {
    const counts = countsOf(Number(row.day_number));
    for (const name of Object.keys(COUNTED) as (keyof typeof COUNTED)[]) {
      counts[name] = Number(row[name]);
    }
  }
  for (const row of firsts.rows) countsOf(Number(row.day_number)).firstLogins = Number(row.n);

  const timesByDay = new Map<number, Timed>();
  const periodTimes = noTimes();
  for (const row of ranked.rows) {
    const { figure } = row;
    const ms = Number(row.ms);
    const day = Number(row.day_number);
    if (!timesByDay.has(day)) timesByDay.set(day, noTimes());
    place(timesByDay.get(day)![figure], Number(row.day_n), Number(row.day_rank), ms);
    place(periodTimes[figure], Number(row.period_n), Number(row.period_rank), ms);
  }

  const total = zeroCounts();
  const days: FunnelOkBody['days'] = [];
  for (let day = period.fromDay; day <= period.toDay; day += 1) {
    const counts = countsByDay.get(day) ?? zeroCounts();
    for (const name of Object.keys(total) as (keyof Counts)[]) total[name] += counts[name];
    days.push({ day: dayText(day), ...counts, ...(timesByDay.get(day) ?? noTimes()) });
  }
  const refusalsByEndpoint = refused.rows
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
    period: { ...total, ...periodTimes, refusalsByEndpoint },
  };
}
