// The server's side of a log (`npm run replay -- --ref`, replay.html): what the server recorded of
// the log's requests (auth_events, server/auth/auth-event-queries.ts), in words, each placed in the
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

/** What each request limit counts, by its counter's name (server/http/limits.ts). */
export const LIMIT_WORDS = {
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
  'operator-calls': "for this operator's calls",
} as const;

/** One decision of the server's record as its line says it: the replay's and the console's. */
export interface ServerEventFacts {
  endpoint: string;
  status: number;
  /** The refusal's code, or the outcome (`accepted`). */
  verdict: string;
  /** The limit it counted against: the try it was (`used` of `points`), or none left. */
  limit: { name: string; used: number; points: number; noneLeft: boolean } | null;
}

export function serverEventFacts(event: {
  event: string;
  status: number;
  outcome: string;
  code: string | null;
  limit: { name: string; left: number; points: number } | null;
}): ServerEventFacts {
  const { limit } = event;
  return {
    endpoint: event.event,
    status: event.status,
    verdict: event.code ?? event.outcome,
    limit: limit && {
      name: limit.name,
      used: limit.points - limit.left,
      points: limit.points,
      noneLeft: event.status === 429,
    },
  };
}

/** What a limit counts, in words (`on NAME` for a counter this list does not know). */
export function limitWords(name: string): string {
  // Own keys only: a name like `constructor` is a counter this list does not know.
  return Object.hasOwn(LIMIT_WORDS, name)
    ? LIMIT_WORDS[name as keyof typeof LIMIT_WORDS]
    : `on ${name}`;
}

/** `server: verifyAccount 400 INVALID_CODE, try 2 of 5 for this code from this address`. */
export function describeServerEvent(event: ServerEvent): string {
  const limit =
    event.limit_name !== null && event.limit_left !== null && event.limit_points !== null
      ? { name: event.limit_name, left: event.limit_left, points: event.limit_points }
      : null;
  const facts = serverEventFacts({ ...event, limit });
  let tries = '';
  if (facts.limit) {
    const what = limitWords(facts.limit.name);
    tries = facts.limit.noneLeft
      ? `, no try left of ${facts.limit.points} ${what}`
      : `, try ${facts.limit.used} of ${facts.limit.points} ${what}`;
  }
  return `server: ${facts.endpoint} ${facts.status} ${facts.verdict}${tries}`;
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
