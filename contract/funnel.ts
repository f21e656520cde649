// The funnel of every visitor (GET /v1/api/operator/funnel, `npm run replay -- --funnel`), read
// from the server's record of account decisions (auth events), not from uploaded logs. Days are
// UTC; a period is whole days, both ends included. Times are in milliseconds; their median and
// 90th percentile are nearest-rank: the value at rank ceil(p/100 x n) of the n sorted values.
import * as v from 'valibot';

/** A day as `2026-11-24` (UTC). */
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;
/** The longest period one answer covers (the record itself keeps 30 days). */
export const FUNNEL_MAX_DAYS = 366;
/** The period when none is given: the last 30 days, today included. */
export const FUNNEL_DEFAULT_DAYS = 30;

/** `?from=&to=`: days as `2026-11-24`; checked by the handler, after the operator gate. */
export const FunnelQuery = v.object({
  from: v.optional(v.pipe(v.string(), v.maxLength(32))),
  to: v.optional(v.pipe(v.string(), v.maxLength(32))),
});

const count = v.pipe(v.number(), v.integer(), v.minValue(0));

/** How long a step took, over the steps completed in the day or the period. */
export const FunnelDurations = v.object({
  /** Completed steps whose start the record knows. */
  count,
  /** Nearest-rank median, in milliseconds; null with no step. */
  medianMs: v.nullable(v.number()),
  /** Nearest-rank 90th percentile, in milliseconds; null with no step. */
  p90Ms: v.nullable(v.number()),
});

const FunnelFigures = {
  /**
   * Accepted sign-ups (one whatever the email: a sign-up is not yet an account), and accounts made
   * (or a waiting sign-up activated) through a provider: such a sign-up is an activation too.
   */
  signups: count,
  /** Accounts activated with their mailed code, or through a provider as they signed up. */
  activations: count,
  /** Accounts signing in for the first time after their activation (activation in the record). */
  firstLogins: count,
  /**
   * Sessions opened by a sign-in: a password, its second step, a passkey, or a provider; not the
   * session an activation opens, nor the one a sign-up through a provider opens.
   */
  logins: count,
  /** Accepted requests for a reset code. */
  resetsRequested: count,
  /** New passwords set with a reset code. */
  resetsCompleted: count,
  /** Wrong codes at the second step of a sign-in. */
  secondFactorFailures: count,
  /** Every refused account request. */
  refusals: count,
  /**
   * From the email's first sign-up to its activation; through a provider, from the press of
   * "Continue with" to the account.
   */
  signupToActivation: FunnelDurations,
  /** From the request for the reset code used to the new password. */
  resetToNewPassword: FunnelDurations,
};

export const FunnelDay = v.object({ day: v.string(), ...FunnelFigures });

/** Refusals of one endpoint with one code (a VALIDATION's field codes follow it). */
export const FunnelRefusal = v.object({
  endpoint: v.string(),
  code: v.nullable(v.string()),
  count,
});

export const FunnelOk = v.object({
  error: v.literal(false),
  /** The period's first and last day, both included. */
  from: v.string(),
  to: v.string(),
  /** Every day of the period, oldest first. */
  days: v.array(FunnelDay),
  /** The whole period (its times over all its steps, not a mean of the days'). */
  period: v.object({
    ...FunnelFigures,
    /** Most frequent first. */
    refusalsByEndpoint: v.array(FunnelRefusal),
  }),
});

export type FunnelOkBody = v.InferOutput<typeof FunnelOk>;

/** A day's number since 1970-01-01 (UTC), or null when `text` is no real day. */
function dayNumber(text: string): number | null {
  const match = DAY.exec(text);
  if (!match) return null;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  // Date.UTC rolls 2026-02-31 over into March: a day that rolled is no day.
  return new Date(ms).toISOString().slice(0, 10) === text ? ms / DAY_MS : null;
}

/** `2026-11-24` of a day number. */
export function dayText(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** A period as day numbers, both ends included. */
export interface FunnelPeriod {
  fromDay: number;
  toDay: number;
}

/**
 * The period `from`..`to` asks for (defaults: the last FUNNEL_DEFAULT_DAYS days to today, `to`
 * alone ends them there), or the field that is wrong and why: not a day (INVALID_CHARACTERS),
 * `from` after `to` (INCORRECT), longer than FUNNEL_MAX_DAYS (TOO_LONG).
 */
export function funnelPeriod(
  from: string | undefined,
  to: string | undefined,
  nowMs: number,
): FunnelPeriod | { field: 'from' | 'to'; why: 'INVALID_CHARACTERS' | 'INCORRECT' | 'TOO_LONG' } {
  const toDay = to === undefined ? Math.floor(nowMs / DAY_MS) : dayNumber(to);
  if (toDay === null) return { field: 'to', why: 'INVALID_CHARACTERS' };
  const fromDay = from === undefined ? toDay - FUNNEL_DEFAULT_DAYS + 1 : dayNumber(from);
  if (fromDay === null) return { field: 'from', why: 'INVALID_CHARACTERS' };
  if (fromDay > toDay) return { field: 'from', why: 'INCORRECT' };
  if (toDay - fromDay + 1 > FUNNEL_MAX_DAYS) return { field: 'from', why: 'TOO_LONG' };
  return { fromDay, toDay };
}
