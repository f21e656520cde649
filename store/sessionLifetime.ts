// How long the `user` cookie lives (docs/architecture.md, The user cookie), measured in Asia/Phnom_Penh.
import moment from 'moment-timezone';

import { EXP_FALLBACK_SECONDS, SESSION_TIME_ZONE } from './constants';

export interface SessionLifetime {
  /** Unix seconds at which the session ends. */
  expiresAt: number;
  /** Seconds the cookie is kept: never below 0. */
  lifetimeSeconds: number;
}

const HAS_OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;

/** `exp` in Unix seconds, or null when it is missing or unreadable. */
export function expToUnixSeconds(exp: unknown): number | null {
  if (typeof exp === 'number') return Number.isFinite(exp) ? exp : null;
  if (typeof exp !== 'string' || exp.trim() === '') return null;
  const text = exp.trim();
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  // Without an offset, the text is a wall-clock time in the session time zone.
  const parsed = HAS_OFFSET.test(text)
    ? moment.parseZone(text, moment.ISO_8601, true)
    : moment.tz(text, moment.ISO_8601, true, SESSION_TIME_ZONE);
  return parsed.isValid() ? parsed.unix() : null;
}

export function sessionLifetime(exp: unknown, nowMs: number): SessionLifetime {
  const now = moment.tz(nowMs, SESSION_TIME_ZONE).unix();
  const expiresAt = expToUnixSeconds(exp);
  if (expiresAt === null) {
    return { expiresAt: now + EXP_FALLBACK_SECONDS, lifetimeSeconds: EXP_FALLBACK_SECONDS };
  }
  return { expiresAt, lifetimeSeconds: Math.max(Math.floor(expiresAt - now), 0) };
}
