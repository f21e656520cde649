// What each recorded action means, in words an analyst reads: one description shared by the
// replay command and the replay page, so both tell the same story with the same indexes.
//   login FAILED 401 INVALID_CREDENTIALS (90 ms)   verify signed in (6 ms)   → /signup
import type { UnknownAction } from '@reduxjs/toolkit';

export type StepKind = 'request' | 'answer' | 'navigation' | 'form' | 'session' | 'other';

export interface Step {
  /** The action's index in the log (state N+1 is the state after it; state 0 is the start). */
  index: number;
  type: string;
  text: string;
  kind: StepKind;
  /** A failed request or a form the browser refused: what an analyst looks for first. */
  failed: boolean;
  /** Milliseconds since the log's first action. */
  offsetMs: number;
}

type Loose = Record<string, unknown>;

const record = (value: unknown): Loose =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Loose) : {};
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

const REQUEST = /^api\/execute(?:Mutation|Query)\/(pending|fulfilled|rejected)$/;

/** `+4.71 s` from the log's start. */
export function relativeTime(offsetMs: number): string {
  return Number.isFinite(offsetMs) ? `+${(offsetMs / 1000).toFixed(2)} s` : '+? s';
}

function where(location: unknown): string {
  const { pathname, search } = record(location);
  return `${text(pathname) ?? '?'}${text(search) ?? ''}`;
}

/** The field codes of a refusal, `email REQUIRED, password TOO_SHORT` (never the values). */
function fieldCodes(fields: unknown): string {
  return Object.entries(record(fields))
    .filter(([, code]) => typeof code === 'string')
    .map(([field, code]) => `${field} ${String(code)}`)
    .join(', ');
}

function describeAnswer(action: Loose, phase: string, endpoint: string, duration: string) {
  const meta = record(action.meta);
  if (phase === 'fulfilled') {
    if (endpoint === 'verify') {
      const answer = record(action.payload);
      const signedIn = answer.error === false && typeof answer.user === 'object';
      return { text: `verify ${signedIn ? 'signed in' : 'answered'}${duration}`, failed: false };
    }
    return { text: `${endpoint} OK${duration}`, failed: false };
  }
  if (meta.aborted === true || meta.condition === true) {
    return { text: `${endpoint} cancelled${duration}`, failed: false };
  }
  const payload = record(action.payload);
  const status = payload.status;
  const body = record(payload.data);
  const code = text(body.code);
  const fields = fieldCodes(body.fields);
  if (typeof status === 'number') {
    // A guest's check is refused with 401 on every navigation: that is an answer, not a failure.
    const guest = endpoint === 'verify' && body.error === true && status < 500;
    const verdict = guest ? 'guest' : 'FAILED';
    const detail = [String(status), code, fields].filter(Boolean).join(' ');
    return { text: `${endpoint} ${verdict} ${detail}${duration}`, failed: !guest };
  }
  const reasons: Record<string, string> = {
    FETCH_ERROR: 'no answer (network)',
    TIMEOUT_ERROR: 'no answer in time',
    PARSING_ERROR: 'an answer that is not JSON',
    CUSTOM_ERROR: 'an answer that breaks the contract',
  };
  const reason = reasons[String(status)] ?? 'an error';
  return { text: `${endpoint} FAILED: ${reason}${duration}`, failed: true };
}

function describeOther(action: Loose): { text: string; kind: StepKind; failed: boolean } | null {
  const payload = record(action.payload);
  switch (action.type) {
    case 'api/config/middlewareRegistered':
      return { text: 'the app started', kind: 'other', failed: false };
    case 'router/locationChanged':
      return { text: `→ ${where(payload.location)}`, kind: 'navigation', failed: false };
    case 'router/navigationRequested':
      return { text: `go to ${text(payload.to) ?? '?'}`, kind: 'navigation', failed: false };
    case 'form/validationFailed':
      return {
        text: `${text(payload.form) ?? '?'} form refused in the browser: ${fieldCodes(payload.fields)}`,
        kind: 'form',
        failed: true,
      };
    case 'auth/sessionVerified':
      return { text: 'signed in', kind: 'session', failed: false };
    case 'auth/tokenRejected':
      return { text: 'a guest: no valid token', kind: 'session', failed: false };
    case 'auth/verifyStarted':
      return { text: 'checking the session', kind: 'session', failed: false };
    case 'auth/verifyFailed':
      return {
        text: `a guest for now: the check failed (${text(payload.reason) ?? '?'})`,
        kind: 'session',
        failed: false,
      };
    case 'auth/logoutRequested':
      return { text: 'log out pressed', kind: 'session', failed: false };
    case 'auth/loggedOut':
      return { text: 'logged out', kind: 'session', failed: false };
    case 'auth/sessionEnded':
      return {
        text: `the session had ended elsewhere (${text(payload.endpoint) ?? '?'} answered so): logged out here`,
        kind: 'session',
        failed: false,
      };
    case 'navigation/sentHome':
      return {
        text: `already logged in: sent home from the ${text(payload.from) ?? '?'} link`,
        kind: 'navigation',
        failed: false,
      };
    case 'notice/dismissed':
      return { text: 'notice dismissed', kind: 'other', failed: false };
    case 'app/viewFailed': {
      const why = payload.reason === 'load' ? 'its code could not be fetched' : 'it broke';
      return {
        text: `the ${text(payload.view) ?? '?'} view could not show: ${why}`,
        kind: 'navigation',
        failed: true,
      };
    }
    case 'app/viewRetried': {
      const how = payload.trigger === 'online' ? 'back online' : '"Try again" pressed';
      return {
        text: `${how}: the ${text(payload.view) ?? '?'} view again`,
        kind: 'navigation',
        failed: false,
      };
    }
    case 'locale/changed':
      return { text: `language ${text(action.payload) ?? '?'}`, kind: 'other', failed: false };
    case 'actionLog/pageReloaded':
      return { text: 'the page was reloaded', kind: 'navigation', failed: false };
    default:
      return null;
  }
}

/**
 * One step per action. A request's answer carries its duration, measured between its own
 * `pending` and answer in the log's timestamps.
 */
export function describeActions(actions: readonly UnknownAction[], timestamps: readonly number[]) {
  const start = timestamps[0] ?? 0;
  const sentAt = new Map<string, number>();
  return actions.map((raw, index): Step => {
    const action = raw as Loose;
    const type = typeof action.type === 'string' ? action.type : '?';
    const time = timestamps[index] ?? start;
    const base = { index, type, offsetMs: time - start };
    const phase = REQUEST.exec(type)?.[1];
    if (phase) {
      const meta = record(action.meta);
      const endpoint = text(record(meta.arg).endpointName) ?? 'request';
      const requestId = text(meta.requestId);
      if (phase === 'pending') {
        if (requestId) sentAt.set(requestId, time);
        return { ...base, text: `${endpoint} sent`, kind: 'request', failed: false };
      }
      const sent = requestId ? sentAt.get(requestId) : undefined;
      const duration = sent === undefined ? '' : ` (${Math.max(0, Math.round(time - sent))} ms)`;
      return { ...base, ...describeAnswer(action, phase, endpoint, duration), kind: 'answer' };
    }
    const other = describeOther(action);
    return other ? { ...base, ...other } : { ...base, text: type, kind: 'other', failed: false };
  });
}
