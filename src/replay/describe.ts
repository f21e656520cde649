// What each recorded action means, in words an analyst reads: one description shared by the
// replay command and the replay page, so both tell the same story with the same indexes.
//   login FAILED 401 INVALID_CREDENTIALS (90 ms)   verify signed in (6 ms)   → /signup
import type { UnknownAction } from '@reduxjs/toolkit';

import { emailChangeRetried } from '../../features/email-change/emailChangeSlice';
import { sessionsRetried } from '../../features/login/sessionsSlice';
import {
  passkeyAddRequested,
  passkeyCeremonyCompleted,
  passkeyCeremonyFailed,
  passkeyCeremonyStarted,
  passkeyEditClosed,
  passkeyEditOpened,
  passkeyListRetried,
  passkeyLoginRequested,
  passkeySupportChecked,
} from '../../features/passkeys/passkeysSlice';
import {
  providerDisconnectAsked,
  providerDisconnectCancelled,
  providerDisconnectConfirmed,
  providerListRetried,
  providerPageShownAgain,
  providerReturned,
  providerStartRequested,
} from '../../features/providers/providersSlice';
import {
  copyFinished,
  recoveryCodesSaved,
  secondFactorRetried,
  secondFactorSetupCancelled,
} from '../../features/second-factor/secondFactorSlice';
import { PAGE_RELOADED } from '../../store/actionLog/recorder';
import { api } from '../../store/apiSlice';
import {
  loggedOut,
  logoutRequested,
  sessionEnded,
  secondStepCancelled,
  sessionVerified,
  tokenRejected,
  verifyFailed,
  verifyStarted,
} from '../../store/authSlice';
import { localeChanged } from '../../store/locale/localeSlice';
import { sentHome, viewFailed, viewRetried } from '../../store/navigationSlice';
import { noticeDismissed } from '../../store/notice/noticeSlice';
import { locationChanged, navigationRequested } from '../../store/router/routerSlice';
import { validationFailed } from '../../store/submissionsSlice';

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

/**
 * What a success of the second factor's endpoints meant, after `OK`: the values are secrets the
 * log redacts (ticket, key, codes), so the words come from the answer's shape and the request's
 * field names.
 */
function secondFactorWords(endpoint: string, answer: Loose, args: Loose): string | null {
  switch (endpoint) {
    case 'login':
      return 'secondFactor' in answer ? 'the password is right, the second step is asked' : null;
    case 'loginSecondFactor':
      return `signed in with ${'recoveryCode' in args ? 'a recovery code' : "the app's code"}`;
    case 'secondFactor': {
      if (typeof answer.enabled !== 'boolean') return null;
      const left = typeof answer.recoveryCodesLeft === 'number' ? answer.recoveryCodesLeft : '?';
      return answer.enabled
        ? `two-step sign-in on, ${left} recovery codes left`
        : 'two-step sign-in off';
    }
    case 'startSecondFactor':
      return "the authenticator app's key is shown";
    case 'confirmSecondFactor':
      return 'two-step sign-in turned on, its recovery codes shown once';
    case 'renewRecoveryCodes':
      return 'new recovery codes shown once, the old ones dead';
    case 'disableSecondFactor':
      return 'two-step sign-in turned off';
    default:
      return null;
  }
}

/**
 * Refusals that are answers, not failures, and the word for each: a guest's check is refused on
 * every navigation, and the providers' list and connections answer 404 when none is configured.
 */
const ANSWERS_NOT_FAILURES = new Map<string, (status: number) => string | undefined>([
  ['verify', (status) => (status < 500 ? 'guest' : undefined)],
  ['oidcProviders', (status) => (status === 404 ? 'none configured' : undefined)],
  ['oidcConnections', (status) => (status === 404 ? 'none configured' : undefined)],
]);

function describeAnswer(action: Loose, phase: string, endpoint: string, duration: string) {
  const meta = record(action.meta);
  if (phase === 'fulfilled') {
    const answer = record(action.payload);
    if (endpoint === 'verify') {
      const signedIn = answer.error === false && typeof answer.user === 'object';
      return { text: `verify ${signedIn ? 'signed in' : 'answered'}${duration}`, failed: false };
    }
    const words = secondFactorWords(endpoint, answer, record(record(meta.arg).originalArgs));
    return { text: `${endpoint} OK${words ? `: ${words}` : ''}${duration}`, failed: false };
  }
  if (meta.condition === true && action.type === 'api/executeQuery/rejected') {
    return { text: `${endpoint} asked again: the answer on its way serves both`, failed: false };
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
    const answer = body.error === true ? ANSWERS_NOT_FAILURES.get(endpoint)?.(status) : undefined;
    const verdict = answer ?? 'FAILED';
    const detail = [String(status), code, fields].filter(Boolean).join(' ');
    return { text: `${endpoint} ${verdict} ${detail}${duration}`, failed: answer === undefined };
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

type Description = { text: string; kind: StepKind; failed: boolean };
const said =
  (kind: StepKind, failed = false) =>
  (text: string): Description => ({ text, kind, failed });
const navigation = said('navigation');
const session = said('session');
const other = said('other');

function ceremonyWords(ceremony: unknown): string {
  if (ceremony === 'register') return 'adding';
  if (ceremony === 'login') return 'signing in';
  return ceremony === 'autofill' ? 'signing in from the autofill' : '?';
}

const FAILURE_WORDS: Record<string, string> = {
  cancelled: 'the dialog was closed or timed out',
  unsupported: 'the browser cannot',
  alreadyRegistered: 'this authenticator already has one',
  stopped: 'stopped by the page',
  notLoaded: 'its code could not be fetched',
  failed: 'an error of the browser',
  refused: 'the server refused',
};

/** An action creator, or anything else that recognizes its actions. */
interface Matcher {
  match(action: unknown): boolean;
}

/**
 * The app's own actions, each recognized by its action creator (a renamed action keeps its
 * words) and said from its payload, read defensively: a log is someone else's file.
 */
const DESCRIPTIONS: [Matcher, (payload: Loose, action: Loose) => Description][] = [
  [api.internalActions.middlewareRegistered, () => other('the app started')],
  [
    api.util.upsertQueryEntries,
    (_p, action) => {
      const reads = (Array.isArray(action.payload) ? action.payload : []).map(
        (entry) => text(record(record(entry).queryDescription).endpointName) ?? '?',
      );
      return other(`${reads.join(', ')} taken from the change's answer`);
    },
  ],
  [
    api.internalActions.queryResultPatched,
    (p) =>
      other(
        `${text(p.queryCacheKey)?.split('(')[0] ?? '?'} changed as the change's answer says, not asked again`,
      ),
  ],
  [locationChanged, (p) => navigation(`→ ${where(p.location)}`)],
  [navigationRequested, (p) => navigation(`go to ${text(p.to) ?? '?'}`)],
  [
    validationFailed,
    (p) =>
      said(
        'form',
        true,
      )(`${text(p.form) ?? '?'} form refused in the browser: ${fieldCodes(p.fields)}`),
  ],
  [sessionVerified, () => session('signed in')],
  [tokenRejected, () => session('a guest: no valid token')],
  [verifyStarted, () => session('checking the session')],
  [verifyFailed, (p) => session(`a guest for now: the check failed (${text(p.reason) ?? '?'})`)],
  [logoutRequested, () => session('log out pressed')],
  [secondStepCancelled, () => session('the second step left for the password step')],
  [secondFactorSetupCancelled, () => other('two-step sign-in setup cancelled')],
  [
    secondFactorRetried,
    () => other('"Try again" pressed: asks again whether two-step sign-in is on'),
  ],
  [sessionsRetried, () => other('"Try again" pressed: asks for the sessions again')],
  [
    emailChangeRetried,
    () => other('"Try again" pressed: asks again whether an email change is pending'),
  ],
  [
    copyFinished,
    (p) => {
      const what = p.what === 'key' ? 'the key' : 'the recovery codes';
      return p.copied === true
        ? other(`"Copy" pressed: ${what} copied`)
        : other(`"Copy" pressed: the browser would not copy, ${what} selected to copy by hand`);
    },
  ],
  [
    recoveryCodesSaved,
    () => other('"I have saved them": the recovery codes are gone from the page'),
  ],
  [loggedOut, () => session('logged out')],
  [
    sessionEnded,
    (p) =>
      session(
        `the session had ended elsewhere (${text(p.endpoint) ?? '?'} answered so): logged out here`,
      ),
  ],
  [
    sentHome,
    (p) => navigation(`already logged in: sent home from the ${text(p.from) ?? '?'} link`),
  ],
  [noticeDismissed, () => other('notice dismissed')],
  [
    viewFailed,
    (p) => {
      const why = p.reason === 'load' ? 'its code could not be fetched' : 'it broke';
      return said('navigation', true)(`the ${text(p.view) ?? '?'} view could not show: ${why}`);
    },
  ],
  [
    viewRetried,
    (p) => {
      const how =
        p.trigger === 'online'
          ? 'back online'
          : p.trigger === 'hotUpdate'
            ? 'the code changed (hot update)'
            : '"Try again" pressed';
      return navigation(`${how}: the ${text(p.view) ?? '?'} view again`);
    },
  ],
  [localeChanged, (_p, action) => other(`language ${text(action.payload) ?? '?'}`)],
  [
    passkeySupportChecked,
    (p) => other(`passkeys ${p.supported === true ? 'can' : 'cannot'} be used in this browser`),
  ],
  [passkeyAddRequested, () => other('"Add a passkey" pressed')],
  [passkeyListRetried, () => other('"Try again" pressed: asks for the passkeys again')],
  [passkeyLoginRequested, () => session('"Sign in with a passkey" pressed')],
  [
    passkeyCeremonyStarted,
    (p) =>
      other(
        p.ceremony === 'autofill'
          ? 'the email field offers passkeys (autofill)'
          : `the browser asks for a passkey (${ceremonyWords(p.ceremony)})`,
      ),
  ],
  [
    passkeyCeremonyCompleted,
    (p) => other(`the browser answered with a passkey (${ceremonyWords(p.ceremony)})`),
  ],
  [
    passkeyCeremonyFailed,
    (p) => {
      const code = text(record(p.error).code);
      const why = [
        FAILURE_WORDS[text(p.failure) ?? ''] ?? text(p.failure),
        text(p.browserError),
        code,
      ]
        .filter(Boolean)
        .join(', ');
      // The page stopping a ceremony is no failure, nor is the end of the autofill's offer that
      // the visitor never took up (a browser with no passkey of the site ends it at once).
      const autofillUntaken = p.ceremony === 'autofill' && p.failure !== 'refused';
      return said(
        'other',
        p.failure !== 'stopped' && !autofillUntaken,
      )(`passkey ${ceremonyWords(p.ceremony)} ended without one: ${why}`);
    },
  ],
  [passkeyEditOpened, (p) => other(`passkey ${text(p.action) ?? '?'} form opened`)],
  [passkeyEditClosed, () => other('passkey form closed')],
  [
    providerStartRequested,
    (p) =>
      session(
        p.intent === 'connect'
          ? `"Connect ${text(p.provider) ?? '?'}" pressed: to the provider`
          : `"Continue with ${text(p.provider) ?? '?'}" pressed: to the provider`,
      ),
  ],
  [providerPageShownAgain, () => navigation('back from the provider without finishing')],
  [
    providerReturned,
    (p) => {
      const what: Record<string, string> = {
        handoff: 'with a code to finish the sign-in',
        connected: 'connected',
        cancelled: 'cancelled at the provider',
        failed: 'refused at the provider',
      };
      const failed = p.outcome === 'cancelled' || p.outcome === 'failed';
      return said(
        'session',
        failed,
      )(`back from ${text(p.provider) ?? 'a provider'}: ${what[text(p.outcome) ?? ''] ?? '?'}`);
    },
  ],
  [providerListRetried, () => other('"Try again" pressed: asks for the providers again')],
  [providerDisconnectAsked, (p) => other(`"Disconnect ${text(p.provider) ?? '?'}" pressed`)],
  [providerDisconnectConfirmed, (p) => other(`disconnecting ${text(p.provider) ?? '?'} confirmed`)],
  [providerDisconnectCancelled, () => other('disconnecting a provider cancelled')],
  [
    { match: (action) => record(action).type === PAGE_RELOADED },
    () => navigation('the page was reloaded'),
  ],
];

function describeOther(action: Loose): Description | null {
  const found = DESCRIPTIONS.find(([creator]) => creator.match(action));
  return found ? found[1](record(action.payload), action) : null;
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
