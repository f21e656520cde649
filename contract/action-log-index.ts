// What the server keeps beside each upload, worked out once as it is stored, so that questions
// across many logs (`npm run replay -- --list` filters, `--stats`) read a few columns instead of
// folding every log again. Read from the decoded log by the actions' wire types (the log format),
// defensively: a log is someone else's file.
import type { DecodedLog, LoggedAction } from './action-log';

/** The steps of the sign-up funnel, in order. */
export const FUNNEL = ['signedUp', 'activated', 'loggedIn', 'home'] as const;
export type FunnelStep = (typeof FUNNEL)[number];

/** A failure's count in one log, and the field codes within those failures. */
export interface FailureCount {
  times: number;
  /** `field:CODE` (`password:COMMON_PASSWORD`): how often among these failures. */
  fields: Record<string, number>;
}

/** What a form the browser refused before sending is indexed as (`signup:FORM_REFUSED`). */
export const FORM_REFUSED = 'FORM_REFUSED';

export interface LogIndex {
  /** The first action's time, ms since the Unix epoch; null for an empty log. */
  startedAt: number | null;
  /** From the first action to the last, ms. */
  durationMs: number;
  /** The app's version that recorded it (`accounts-app@1.0.0` gives `1.0.0`). */
  appVersion: string;
  /** The language the app showed last. */
  locale: string | null;
  /**
   * Whether the log says a session was open at some point. Who it was is the server's to say
   * (an upload is tied to the accounts the server saw this tab use, never to ids the log names).
   */
  signedIn: boolean;
  /** The tab's log ids (`X-Log-Id`): this page's and, across reloads, the earlier pages'. */
  logIds: string[];
  /** Where the visitor stood after the last action. */
  lastPath: string | null;
  /**
   * Each failure counted once, by `endpoint:CODE`: a request's (the server's code, or its status,
   * or a network reason), a form the browser refused (`signup:FORM_REFUSED`), a view that could
   * not show (`login-view:VIEW_BROKE`); the field codes of each within it.
   */
  failures: Record<string, FailureCount>;
  /** How often the page was reloaded during the log. */
  reloads: number;
  /**
   * When each funnel step was first reached, ms after the log's start; null when never. Logged
   * in means a session opened by a login (the password, the second step, a passkey, or a new
   * password after a reset), not by an activation, which is its own step; home means the home
   * view showed (a check on `/` answered signed in).
   */
  funnel: Record<FunnelStep, number | null>;
  /** Each stay on a path, in order: [path, ms until the next path or the log's end]. */
  visits: [string, number][];
}

type Loose = Record<string, unknown>;
const record = (value: unknown): Loose =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Loose) : {};
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

const REQUEST = /^api\/execute(?:Mutation|Query)\/(fulfilled|rejected)$/;
const HOME = '/';
/** The endpoints whose answer opens a session (when it holds a token, not a second step's ticket). */
const OPENS_SESSION = new Set([
  'login',
  'verifyAccount',
  'resetPassword',
  'loginSecondFactor',
  'passkeyLogin',
]);
/** A log id as the log's schema takes it (`X-Log-Id`). */
const LOG_ID = /^[0-9A-Za-z-]{1,64}$/;
/** A name or code as the index keeps it: a word; anything else is someone's text, kept as `?`. */
const WORD = /^[\w-]{1,64}$/;

const word = (value: unknown): string => {
  const found = text(value);
  return found !== null && WORD.test(found) ? found : '?';
};

function pathOf(location: unknown): string | null {
  return text(record(location).pathname);
}

/** `field:CODE` for each field code of a refusal (a string code only). */
function fieldCodes(fields: unknown): string[] {
  return Object.entries(record(fields))
    .filter(([, code]) => typeof code === 'string')
    .map(([field, code]) => `${word(field)}:${word(code)}`);
}

function count(failures: Record<string, FailureCount>, failure: string, fields: string[]): void {
  const counted = (failures[failure] ??= { times: 0, fields: {} });
  counted.times += 1;
  for (const field of fields) counted.fields[field] = (counted.fields[field] ?? 0) + 1;
}

/**
 * A failed request's code (the server's, its status, or the reason no answer came) and field
 * codes; null for what is no failure: a guest's verify, a cancelled request.
 */
function requestFailure(action: LoggedAction, endpoint: string) {
  const meta = record(action.meta);
  if (meta.aborted === true || meta.condition === true) return null;
  const payload = record(action.payload);
  const body = record(payload.data);
  if (typeof payload.status === 'number') {
    if (endpoint === 'verify' && body.error === true && payload.status < 500) return null;
    const code = text(body.code);
    return {
      code: code === null ? String(payload.status) : word(code),
      fields: fieldCodes(body.fields),
    };
  }
  return { code: typeof payload.status === 'string' ? word(payload.status) : 'ERROR', fields: [] };
}

export function indexLog(log: DecodedLog): LogIndex {
  const { actions, timestamps } = log;
  const start = timestamps[0] ?? null;
  const end = timestamps.at(-1) ?? null;
  const failures: Record<string, FailureCount> = {};
  const funnel: Record<FunnelStep, number | null> = {
    signedUp: null,
    activated: null,
    loggedIn: null,
    home: null,
  };
  const logIds = new Set<string>(log.logId === undefined ? [] : [log.logId]);
  let locale = text(record(log.preloadedState.locale).current);
  let path = pathOf(record(log.preloadedState.router).location);
  const visits: [string, number][] = [];
  let visitStart = start;
  let reloads = 0;
  let now = start ?? 0;
  const reach = (step: FunnelStep) => {
    funnel[step] ??= Math.max(0, now - (start ?? now));
  };
  let everSignedIn = record(log.preloadedState.auth).status === 'signedIn';
  const signed = (session: boolean) => {
    everSignedIn ||= session;
  };

  const arrive = (next: string | null) => {
    if (path !== null && visitStart !== null) visits.push([path, Math.max(0, now - visitStart)]);
    path = next;
    visitStart = now;
  };

  actions.forEach((action, index) => {
    now = timestamps[index] ?? start ?? 0;
    const payload = record(action.payload);
    const phase = REQUEST.exec(action.type)?.[1];
    if (phase) {
      const endpoint = word(record(record(action.meta).arg).endpointName);
      if (phase === 'fulfilled') {
        if (endpoint === 'signup') reach('signedUp');
        if (OPENS_SESSION.has(endpoint) && 'token' in payload) {
          reach(endpoint === 'verifyAccount' ? 'activated' : 'loggedIn');
          signed(true);
        }
      } else {
        const failure = requestFailure(action, endpoint);
        if (failure) count(failures, `${endpoint}:${failure.code}`, failure.fields);
      }
      return;
    }
    switch (action.type) {
      case 'router/locationChanged':
        arrive(pathOf(payload.location));
        break;
      case 'actionLog/pageReloaded': {
        reloads += 1;
        const previous = text(payload.previousLogId);
        if (previous !== null && LOG_ID.test(previous)) logIds.add(previous);
        // The new page's starting state: its path and language.
        const state = record(payload.state ?? payload.preloadedState);
        const reloadedPath = pathOf(record(state.router).location);
        if (reloadedPath !== null && reloadedPath !== path) arrive(reloadedPath);
        locale = text(record(state.locale).current) ?? locale;
        signed(record(state.auth).status === 'signedIn');
        break;
      }
      case 'auth/sessionVerified':
        // Home is reached when its check answers signed in: the home view shows (a guest on `/`
        // only passes through to the login view).
        signed(true);
        if (path === HOME) reach('home');
        break;
      case 'auth/tokenRejected':
      case 'auth/loggedOut':
      case 'auth/sessionEnded':
        signed(false);
        break;
      case 'locale/changed':
        locale = text(action.payload) ?? locale;
        break;
      case 'form/validationFailed':
        count(failures, `${word(payload.form)}:${FORM_REFUSED}`, fieldCodes(payload.fields));
        break;
      case 'app/viewFailed':
        count(
          failures,
          `${word(payload.view)}-view:${payload.reason === 'load' ? 'VIEW_NOT_LOADED' : 'VIEW_BROKE'}`,
          [],
        );
        break;
      default:
    }
  });
  if (path !== null && visitStart !== null && end !== null) {
    visits.push([path, Math.max(0, end - visitStart)]);
  }

  return {
    startedAt: start,
    durationMs: start === null || end === null ? 0 : Math.max(0, end - start),
    appVersion: log.app.includes('@') ? log.app.slice(log.app.lastIndexOf('@') + 1) : log.app,
    locale,
    signedIn: everSignedIn,
    logIds: [...logIds],
    lastPath: path,
    failures,
    reloads,
    funnel,
    visits,
  };
}

/** A device class from a browser's User-Agent header: what the upload's sender used. */
export function deviceClass(userAgent: string | undefined): 'mobile' | 'tablet' | 'desktop' {
  const agent = userAgent ?? '';
  if (/iPad|Tablet|PlayBook|Silk|(Android(?!.*Mobile))/i.test(agent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(agent)) return 'mobile';
  return 'desktop';
}
