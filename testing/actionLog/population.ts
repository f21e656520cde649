// A generated population of visitors' logs whose truth is known because each log is written from
// a script of what its visitor did: every funnel step reached and when, every failure (its
// endpoint and code, the field codes within it), where the visitor stopped and each stay on a
// path. The actions are shaped as the app records them; the truth is written beside them by the
// script, never read back from the actions.
import type { FunnelStep } from '../../contract/action-log-index';

export interface VisitorTruth {
  /** When each funnel step was first reached, ms since the log's first action. */
  reached: Partial<Record<FunnelStep, number>>;
  /** Each failure once: `endpoint:CODE` (or `form:FORM_REFUSED`) and its `field:CODE`s. */
  failures: { failure: string; fields: string[] }[];
  lastPath: string;
  /** Each stay on a path, ms. */
  stays: [string, number][];
  signedIn: boolean;
  reloads: number;
}

export interface PopulationLog {
  /** What the visitor did, in a few words. */
  story: string;
  text: string;
  truth: VisitorTruth;
}

type Answer =
  | { ok: Record<string, unknown> }
  | { status: number; body: Record<string, unknown> }
  | { network: 'FETCH_ERROR' | 'TIMEOUT_ERROR' };

const SESSION = (userId: string) => ({
  error: false,
  token: '[redacted]',
  user: { id: userId, name: 'Visitor A', email: 'visitor-a@example.invalid', createdAt: '' },
  signature: { exp: 1_900_000_000 },
});
const TICKET = {
  error: false,
  secondFactor: { ticket: '[redacted]', expiresAt: '2026-11-20T09:05:00.000Z' },
};
const refused = (status: number, code: string, fields?: Record<string, string>) => ({
  status,
  body: { error: true, code, message: 'Refused.', ...(fields ? { fields } : {}) },
});

/** One visitor's log, written step by step with its truth. */
class Visitor {
  private readonly actions: object[] = [];
  private readonly times: number[] = [];
  private now = 0;
  private requests = 0;
  private path: string;
  private pathSince = 0;
  private signed = false;
  readonly truth: VisitorTruth;

  constructor(
    private readonly start: number,
    private readonly userId: string,
    firstPath: string,
  ) {
    this.path = firstPath;
    this.truth = {
      reached: {},
      failures: [],
      lastPath: firstPath,
      stays: [],
      signedIn: false,
      reloads: 0,
    };
    this.push({ type: 'api/config/middlewareRegistered', payload: 'x' });
    this.check();
  }

  private push(action: object) {
    this.actions.push(action);
    this.times.push(this.start + this.now);
  }

  private reach(step: FunnelStep) {
    this.truth.reached[step] ??= this.now;
  }

  private signIn() {
    this.signed = true;
    this.truth.signedIn = true;
  }

  wait(ms: number): this {
    this.now += ms;
    return this;
  }

  /** A request and its answer, 80 ms apart; a refusal is one failure with its field codes. */
  private request(endpoint: string, answer: Answer, kind: 'Mutation' | 'Query' = 'Mutation') {
    this.requests += 1;
    const requestId = `rtk-${this.requests}`;
    const arg = { type: kind.toLowerCase(), endpointName: endpoint, originalArgs: {} };
    this.push({
      type: `api/execute${kind}/pending`,
      meta: { arg, requestId, requestStatus: 'pending' },
    });
    this.wait(80);
    if ('ok' in answer) {
      this.push({
        type: `api/execute${kind}/fulfilled`,
        payload: answer.ok,
        meta: { arg, requestId, requestStatus: 'fulfilled', baseQueryMeta: { requestId } },
      });
      return;
    }
    const payload =
      'network' in answer
        ? { status: answer.network, error: 'TypeError: Failed to fetch' }
        : { status: answer.status, data: answer.body };
    this.push({
      type: `api/execute${kind}/rejected`,
      payload,
      error: { message: 'Rejected' },
      meta: { arg, requestId, requestStatus: 'rejected', rejectedWithValue: true },
    });
    const guestCheck = endpoint === 'verify' && 'status' in answer && answer.status < 500;
    if (guestCheck) return;
    const code = 'network' in answer ? answer.network : String(answer.body.code ?? answer.status);
    const fields = 'body' in answer ? ((answer.body.fields ?? {}) as Record<string, string>) : {};
    this.truth.failures.push({
      failure: `${endpoint}:${code}`,
      fields: Object.entries(fields).map(([field, fieldCode]) => `${field}:${fieldCode}`),
    });
  }

  /** The verify call of a navigation and its outcome. */
  private check() {
    this.push({ type: 'auth/verifyStarted', payload: { navigationKey: 'k' } });
    if (this.signed) {
      this.request('verify', { ok: { error: false, user: SESSION(this.userId).user } }, 'Query');
      this.push({
        type: 'auth/sessionVerified',
        payload: { navigationKey: 'k', user: SESSION(this.userId).user, expiresAt: 1_900_000_000 },
      });
    } else {
      this.request('verify', refused(401, 'INVALID_TOKEN'), 'Query');
      this.push({
        type: 'auth/tokenRejected',
        payload: { navigationKey: 'k', code: 'INVALID_TOKEN' },
      });
    }
  }

  go(path: string): this {
    this.truth.stays.push([this.path, this.now - this.pathSince]);
    this.path = path;
    this.pathSince = this.now;
    this.truth.lastPath = path;
    this.push({
      type: 'router/locationChanged',
      payload: { action: 'PUSH', location: { pathname: path, search: '', hash: '', key: 'k' } },
    });
    this.check();
    // Home is reached once its check answered signed in: the home view shows.
    if (this.signed && path === '/') this.reach('home');
    return this;
  }

  refuseForm(form: string, fields: Record<string, string>): this {
    this.push({ type: 'form/validationFailed', payload: { form, fields } });
    this.truth.failures.push({
      failure: `${form}:FORM_REFUSED`,
      fields: Object.entries(fields).map(([field, code]) => `${field}:${code}`),
    });
    return this;
  }

  signUp(answer: Answer = { ok: { error: false, email: 'visitor-a@example.invalid' } }): this {
    this.request('signup', answer);
    if ('ok' in answer) this.reach('signedUp');
    return this;
  }

  activate(answer: Answer = { ok: SESSION(this.userId) }): this {
    this.request('verifyAccount', answer);
    if ('ok' in answer) {
      this.reach('activated');
      this.signIn();
    }
    return this;
  }

  /** A login; with `secondStep` the password is right and a second step is asked. */
  logIn(answer: Answer | 'secondStep' = { ok: SESSION(this.userId) }): this {
    this.request('login', answer === 'secondStep' ? { ok: TICKET } : answer);
    if (answer !== 'secondStep' && 'ok' in answer) {
      this.reach('loggedIn');
      this.signIn();
    }
    return this;
  }

  secondStep(answer: Answer = { ok: SESSION(this.userId) }): this {
    this.request('loginSecondFactor', answer);
    if ('ok' in answer) {
      this.reach('loggedIn');
      this.signIn();
    }
    return this;
  }

  requestReset(): this {
    this.request('requestPasswordReset', { ok: { error: false } });
    return this;
  }

  /** A new password with the mailed code; with `secondStep` the second factor is asked next. */
  reset(answer: Answer | 'secondStep' = { ok: SESSION(this.userId) }): this {
    this.request('resetPassword', answer === 'secondStep' ? { ok: TICKET } : answer);
    if (answer !== 'secondStep' && 'ok' in answer) {
      this.reach('loggedIn');
      this.signIn();
    }
    return this;
  }

  changePassword(answer: Answer): this {
    this.request('changePassword', answer);
    return this;
  }

  logOut(): this {
    this.push({ type: 'auth/logoutRequested' });
    this.request('logout', { ok: { error: false } });
    this.push({ type: 'auth/loggedOut' });
    this.signed = false;
    return this;
  }

  reload(): this {
    this.truth.reloads += 1;
    this.push({
      type: 'actionLog/pageReloaded',
      payload: {
        state: {
          router: { location: { pathname: this.path, search: '', hash: '', key: 'k' } },
          locale: { current: 'en' },
          auth: { status: this.signed ? 'signedIn' : 'guest' },
        },
      },
    });
    return this;
  }

  text(): string {
    // The last stay ends with the log's last action.
    const end = this.times.at(-1)! - this.start;
    this.truth.stays.push([this.path, end - this.pathSince]);
    return JSON.stringify({
      payload: JSON.stringify(this.actions),
      preloadedState: JSON.stringify({
        router: { location: { pathname: this.truth.stays[0]![0], search: '', hash: '', key: 'k' } },
        locale: { current: 'en' },
        auth: { status: 'unknown', user: null },
      }),
      actionLog: {
        version: 1,
        app: 'accounts-app@2.0.0',
        timestamps: this.times,
        stateHashes: this.times.map(() => '0'),
        logId: `population-${this.start}`,
      },
    });
  }
}

const MINUTE = 60_000;
const WRONG_CODE = refused(400, 'INVALID_CODE');

/** The scripts, each a kind of visitor; `n` varies the times so medians are not all equal. */
const STORIES: [string, (visitor: Visitor, n: number) => Visitor][] = [
  [
    'signs up, activates, home',
    (v, n) =>
      v
        .go('/signup')
        .wait(40_000 + n * 1000)
        .signUp()
        .go('/user/verify-account')
        .wait(MINUTE + n * 3000)
        .activate()
        .go('/'),
  ],
  [
    'a wrong code, then activates',
    (v, n) =>
      v
        .go('/signup')
        .wait(30_000)
        .signUp()
        .go('/user/verify-account')
        .wait(2 * MINUTE)
        .activate(WRONG_CODE)
        .wait(20_000 + n * 500)
        .activate()
        .go('/'),
  ],
  [
    'signs up, never activates',
    (v, n) =>
      v
        .go('/signup')
        .wait(50_000)
        .signUp()
        .go('/user/verify-account')
        .wait(5 * MINUTE + n),
  ],
  [
    'a form refused in the browser, a common password refused by the server, then signs up',
    (v, n) =>
      v
        .go('/signup')
        .wait(5000)
        .refuseForm('signup', { name: 'REQUIRED', email: 'REQUIRED' })
        .wait(15_000)
        .signUp(refused(400, 'VALIDATION', { password: 'COMMON_PASSWORD' }))
        .wait(10_000 + n * 200)
        .signUp()
        .go('/user/verify-account'),
  ],
  [
    'the right password, a wrong app code, leaves: never logged in',
    (v) =>
      v
        .go('/login')
        .wait(8000)
        .logIn('secondStep')
        .wait(30_000)
        .secondStep(WRONG_CODE)
        .wait(10_000),
  ],
  [
    'the right password, a wrong app code, then the right one',
    (v, n) =>
      v
        .go('/login')
        .wait(9000)
        .logIn('secondStep')
        .wait(30_000)
        .secondStep(WRONG_CODE)
        .wait(15_000 + n * 100)
        .secondStep()
        .go('/'),
  ],
  [
    'a wrong recovery code, then a locked second step',
    (v) =>
      v
        .go('/login')
        .wait(7000)
        .logIn('secondStep')
        .wait(40_000)
        .secondStep(WRONG_CODE)
        .wait(5000)
        .secondStep(refused(429, 'RATE_LIMITED')),
  ],
  [
    'a wrong password, then logs in',
    (v, n) =>
      v
        .go('/login')
        .wait(6000)
        .logIn(refused(401, 'INVALID_CREDENTIALS'))
        .wait(12_000 + n * 400)
        .logIn()
        .go('/'),
  ],
  [
    'forgot the password: a wrong reset code, then a new password',
    (v, n) =>
      v
        .go('/user/reset-password')
        .wait(10_000)
        .requestReset()
        .wait(3 * MINUTE)
        .reset(WRONG_CODE)
        .wait(30_000 + n * 1000)
        .reset()
        .go('/'),
  ],
  [
    'a reset with two-step sign-in on, then the second step',
    (v) =>
      v
        .go('/user/reset-password')
        .wait(12_000)
        .requestReset()
        .wait(2 * MINUTE)
        .reset('secondStep')
        .wait(20_000)
        .secondStep()
        .go('/'),
  ],
  [
    'home after a reload, a wrong current password, a network failure',
    (v, n) =>
      v
        .go('/login')
        .wait(5000)
        .logIn()
        .go('/')
        .wait(40_000)
        .reload()
        .wait(20_000)
        .changePassword(
          refused(400, 'VALIDATION', { currentPassword: 'INCORRECT', newPassword: 'TOO_SHORT' }),
        )
        .wait(10_000 + n * 10)
        .changePassword({ network: 'FETCH_ERROR' })
        .wait(5000)
        .logOut()
        .go('/login'),
  ],
  [
    'signs up, activates, logs out and in again',
    (v, n) =>
      v
        .go('/signup')
        .wait(35_000)
        .signUp()
        .go('/user/verify-account')
        .wait(90_000 + n * 2000)
        .activate()
        .go('/')
        .wait(MINUTE)
        .logOut()
        .go('/login')
        .wait(20_000 + n * 300)
        .logIn()
        .go('/'),
  ],
];

/** `count` logs, the stories in turn, one started every hour from `start`. */
export function population(count: number, start = Date.UTC(2026, 10, 1, 8, 0, 0)): PopulationLog[] {
  return Array.from({ length: count }, (_item, index) => {
    const [story, script] = STORIES[index % STORIES.length]!;
    const n = Math.floor(index / STORIES.length);
    const visitor = script(
      new Visitor(start + index * 3_600_000, `population-user-${index}`, '/'),
      n,
    );
    return { story, text: visitor.text(), truth: visitor.truth };
  });
}
