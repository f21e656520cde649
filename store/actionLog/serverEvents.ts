// The server's side of a log (`npm run replay -- --ref`, replay.html): what the server recorded of
// the log's requests (auth_events, server/repo/auth-events.ts), in words, each placed in the
// timeline before the answer it decided (matched by request id), or else by its time.
import type { UnknownAction } from '@reduxjs/toolkit';

/** An event as the analyst's tools read it (a row of auth_events, no address, no user). */
export interface ServerEvent {
  /** Unix ms, the server's clock. */
  time: number;
  event: string;
  outcome: string;
  status: number;
  code: string | null;
  limit_name: string | null;
  limit_left: number | null;
  limit_points: number | null;
  request_id: string | null;
}

/** What each request limit counts, by its counter's name (server/limits/plugin.ts). */
const LIMITS: Record<string, string> = {
  'code-pair': 'for this code from this address',
  'code-address': 'for codes from this address',
  'code-target': "for this email's codes",
  'login-pair': 'for this email from this address',
  'login-address': 'for logins from this address',
  'login-email': 'for this email',
  signup: 'for sign-ups from this address',
  resend: 'for resends to this email',
  'password-reset': 'for resets of this email',
  'password-reset-address': 'for resets from this address',
  'account-password-session': "for this session's password checks",
  'account-password-address': 'for password checks from this address',
  'change-email': 'for email changes of this account',
  'email-change-resend': 'for resends of this email change',
};

/** `server: verifyAccount 400 INVALID_CODE, try 2 of 5 for this code from this address`. */
export function describeServerEvent(event: ServerEvent): string {
  const verdict = event.code ?? event.outcome;
  let limit = '';
  if (event.limit_name !== null && event.limit_left !== null && event.limit_points !== null) {
    const what = LIMITS[event.limit_name] ?? `on ${event.limit_name}`;
    const used = event.limit_points - event.limit_left;
    limit =
      event.status === 429
        ? `, no try left of ${event.limit_points} ${what}`
        : `, try ${used} of ${event.limit_points} ${what}`;
  }
  return `server: ${event.event} ${event.status} ${verdict}${limit}`;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/** The X-Request-Id an answer of the log carries (`meta.baseQueryMeta.requestId`). */
export function answerRequestId(action: UnknownAction): string | undefined {
  const id = record(record(record(action).meta).baseQueryMeta).requestId;
  return typeof id === 'string' ? id : undefined;
}

/** The request ids of the log's answers. */
export function requestIdsOf(actions: readonly UnknownAction[]): string[] {
  return actions.map(answerRequestId).filter((id): id is string => id !== undefined);
}

/**
 * Where each event goes: before the action at the index it is keyed by (the answer of its request,
 * or the first action after its time), or at `actions.length`, after the last one.
 */
export function placeServerEvents(
  actions: readonly UnknownAction[],
  timestamps: readonly number[],
  events: readonly ServerEvent[],
): Map<number, ServerEvent[]> {
  const answers = new Map<string, number>();
  actions.forEach((action, index) => {
    const id = answerRequestId(action);
    if (id !== undefined && !answers.has(id)) answers.set(id, index);
  });
  const placed = new Map<number, ServerEvent[]>();
  for (const event of events) {
    let at = event.request_id === null ? undefined : answers.get(event.request_id);
    if (at === undefined) {
      at = timestamps.findIndex((time) => time > event.time);
      if (at === -1) at = actions.length;
    }
    placed.set(at, [...(placed.get(at) ?? []), event]);
  }
  return placed;
}
