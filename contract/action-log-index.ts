// What the server keeps beside each upload, worked out once as it is stored, so that questions
// across many logs (`npm run replay -- --list` filters, `--stats`) read a few columns instead of
// folding every log again. Read from the decoded log by the actions' wire types (the log format),
// defensively: a log is someone else's file.
import type { DecodedLog, LoggedAction } from './action-log';

/** The steps of the sign-up funnel, in order. */
export const FUNNEL = ['signedUp', 'activated', 'loggedIn', 'home'] as const;
export type FunnelStep = (typeof FUNNEL)[number];

export interface LogIndex {
  /** The first action's time, ms since the Unix epoch; null for an empty log. */
  startedAt: number | null;
  /** From the first action to the last, ms. */
  durationMs: number;
  /** The app's version that recorded it (`accounts-app@1.0.0` gives `1.0.0`). */
  appVersion: string;
  /** The language the app showed last. */
  locale: string | null;
  /** Every user id the log holds (a session seen, a sign-in or activation answered). */
  userIds: string[];
  /** Where the visitor stood after the last action. */
  lastPath: string | null;
  /** How often each failure code was met: a server's code, a refused field's, a network reason. */
  failures: Record<string, number>;
  /** How often the page was reloaded during the log. */
  reloads: number;
  /** The funnel's steps this visitor reached (home: signed in on the home path). */
  funnel: Record<FunnelStep, boolean>;
  /** Each stay on a path, in order: [path, ms until the next path or the log's end]. */
  visits: [string, number][];
}

type Loose = Record<string, unknown>;
const record = (value: unknown): Loose =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Loose) : {};
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

const REQUEST = /^api\/execute(?:Mutation|Query)\/(fulfilled|rejected)$/;
const HOME = '/';

/** The user ids in a value: every `user` object with a string `id`, however deep. */
function collectUserIds(value: unknown, into: Set<string>, depth = 0): void {
  if (depth > 40 || typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) collectUserIds(item, into, depth + 1);
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key === 'user') {
      const id = text(record(item).id);
      if (id) into.add(id);
    }
    collectUserIds(item, into, depth + 1);
  }
}

function pathOf(location: unknown): string | null {
  return text(record(location).pathname);
}

function count(failures: Record<string, number>, code: string): void {
  failures[code] = (failures[code] ?? 0) + 1;
}

/** The codes of a failed request, as replay's words name them; a guest's verify is no failure. */
function requestFailures(action: LoggedAction, endpoint: string): string[] {
  const meta = record(action.meta);
  if (meta.aborted === true || meta.condition === true) return [];
  const payload = record(action.payload);
  const body = record(payload.data);
  if (typeof payload.status === 'number') {
    if (endpoint === 'verify' && body.error === true && payload.status < 500) return [];
    const fields = Object.values(record(body.fields)).filter(
      (code): code is string => typeof code === 'string',
    );
    const code = text(body.code);
    return [...(code ? [code] : [String(payload.status)]), ...fields];
  }
  return [typeof payload.status === 'string' ? payload.status : 'ERROR'];
}

export function indexLog(log: DecodedLog): LogIndex {
  const { actions, timestamps } = log;
  const start = timestamps[0] ?? null;
  const end = timestamps.at(-1) ?? null;
  const userIds = new Set<string>();
  collectUserIds(log.preloadedState, userIds);
  const failures: Record<string, number> = {};
  const funnel: Record<FunnelStep, boolean> = {
    signedUp: false,
    activated: false,
    loggedIn: false,
    home: false,
  };
  let locale = text(record(log.preloadedState.locale).current);
  let path = pathOf(record(log.preloadedState.router).location);
  const visits: [string, number][] = [];
  let visitStart = start;
  let reloads = 0;
  // Home counts once the visitor is there signed in: a guest on `/` is only passing through to
  // the login view.
  let signedIn = record(log.preloadedState.auth).status === 'signedIn';
  const reachHome = () => {
    if (signedIn && path === HOME) funnel.home = true;
  };
  const signed = (now: boolean) => {
    signedIn = now;
    reachHome();
  };

  const arrive = (next: string | null, at: number) => {
    if (path !== null && visitStart !== null) visits.push([path, Math.max(0, at - visitStart)]);
    path = next;
    visitStart = at;
    reachHome();
  };
  reachHome();

  actions.forEach((action, index) => {
    const time = timestamps[index] ?? start ?? 0;
    const payload = record(action.payload);
    collectUserIds(action.payload, userIds);
    const phase = REQUEST.exec(action.type)?.[1];
    if (phase) {
      const endpoint = text(record(record(action.meta).arg).endpointName) ?? 'request';
      if (phase === 'fulfilled') {
        if (endpoint === 'signup') funnel.signedUp = true;
        else if (endpoint === 'verifyAccount') funnel.activated = true;
        else if (endpoint === 'login') funnel.loggedIn = true;
        if (endpoint === 'verifyAccount' || endpoint === 'login') signed(true);
      } else {
        for (const code of requestFailures(action, endpoint)) count(failures, code);
      }
      return;
    }
    switch (action.type) {
      case 'router/locationChanged':
        arrive(pathOf(payload.location), time);
        break;
      case 'actionLog/pageReloaded': {
        reloads += 1;
        // The new page's starting state: its path and language.
        const state = record(payload.state ?? payload.preloadedState);
        const reloadedPath = pathOf(record(state.router).location);
        if (reloadedPath !== null && reloadedPath !== path) arrive(reloadedPath, time);
        locale = text(record(state.locale).current) ?? locale;
        signed(record(state.auth).status === 'signedIn');
        break;
      }
      case 'auth/sessionVerified':
        signed(true);
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
        for (const code of Object.values(record(payload.fields))) {
          if (typeof code === 'string') count(failures, code);
        }
        break;
      case 'app/viewFailed':
        count(failures, payload.reason === 'load' ? 'VIEW_NOT_LOADED' : 'VIEW_BROKE');
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
    userIds: [...userIds],
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
