// The home view's account flows through the real store with a stubbed network: what the store
// keeps, what the listeners write outside it, and where the visitor ends up.
import { API_PATHS } from '../../../contract/api';
import {
  emailChangeRetried,
  selectPendingEmail,
} from '../../../features/email-change/emailChangeSlice';
import { selectSessions, sessionsRetried } from '../../../features/login/sessionsSlice';
import { fakeEffects } from '../../../testing/app/fakeEffects';
import {
  guestAnswer,
  json,
  settle,
  signedInAnswer,
  stubFetch,
  until,
  USER,
  type FetchHandler,
} from '../../../testing/app/fetchStub';
import { api, UNTRACKED } from '../../apiSlice';
import { selectConfirmedUntil } from '../../confirmation/confirmationSlice';
import { startStore } from '../../startStore';

const NOW = Date.UTC(2026, 0, 15, 3, 0, 0);
const EXP = NOW / 1000 + 3600;

const SESSIONS = [
  {
    id: 's-here',
    createdAt: '2026-01-15T02:00:00.000Z',
    lastUsedAt: '2026-01-15T03:00:00.000Z',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36',
    current: true,
  },
  {
    id: 's-phone',
    createdAt: '2026-01-10T02:00:00.000Z',
    lastUsedAt: '2026-01-14T03:00:00.000Z',
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Version/18.0 Mobile Safari/604.1',
    current: false,
  },
  {
    id: 's-laptop',
    createdAt: '2026-01-11T02:00:00.000Z',
    lastUsedAt: '2026-01-13T03:00:00.000Z',
    userAgent: 'Mozilla/5.0 (Windows NT 10.0) Firefox/140.0',
    current: false,
  },
];

/** A server that signs the visitor in and answers each account endpoint as the contract says. */
const server: FetchHandler = (request) => {
  const path = new URL(request.url).pathname;
  if (path === API_PATHS.verify) {
    return request.headers.has('authorization') ? signedInAnswer(EXP) : guestAnswer();
  }
  if (path === API_PATHS.sessions) return json(200, { error: false, sessions: SESSIONS });
  if (path === API_PATHS.confirmEmailChange) {
    return json(200, { error: false, user: { ...USER, email: 'new@example.com' } });
  }
  if (path === API_PATHS.revokeOtherSessions) return json(200, { error: false, revoked: 2 });
  if (path === API_PATHS.changeEmail) return json(202, { error: false });
  return json(200, { error: false });
};

async function signedInHome() {
  const requests = stubFetch(server);
  const effects = fakeEffects({ storage: { token: 'secret-token' }, path: '/', now: NOW });
  const store = startStore(effects);
  await settle(store);
  return { store, effects, requests };
}

afterEach(() => jest.restoreAllMocks());

it('lists the sessions once home is verified, and drops the one ended', async () => {
  const { store } = await signedInHome();
  expect(selectSessions(store.getState()).list.map((s) => s.id)).toEqual([
    's-here',
    's-phone',
    's-laptop',
  ]);
  await store.dispatch(api.endpoints.revokeSession.initiate({ id: 's-phone' }, UNTRACKED));
  expect(selectSessions(store.getState()).list.map((s) => s.id)).toEqual(['s-here', 's-laptop']);
  await store.dispatch(api.endpoints.revokeOtherSessions.initiate(undefined, UNTRACKED));
  expect(selectSessions(store.getState()).list.map((s) => s.id)).toEqual(['s-here']);
});

it('keeps what ending a session answered over a list asked before it and answered after it', async () => {
  let reads = 0;
  let answerLateRead: () => void = () => {};
  const lateRead = new Promise<void>((resolve) => (answerLateRead = resolve));
  const requests = stubFetch(async (request) => {
    if (new URL(request.url).pathname !== API_PATHS.sessions) return server(request);
    reads += 1;
    if (reads === 2) await lateRead;
    return json(200, { error: false, sessions: SESSIONS });
  });
  const store = startStore(
    fakeEffects({ storage: { token: 'secret-token' }, path: '/', now: NOW }),
  );
  await settle(store);
  store.dispatch(sessionsRetried());
  await until(store, () => reads === 2, 'the second question');
  await store.dispatch(api.endpoints.revokeSession.initiate({ id: 's-phone' }, UNTRACKED));
  expect(selectSessions(store.getState()).list.map((s) => s.id)).toEqual(['s-here', 's-laptop']);

  answerLateRead();
  await settle(store);
  expect(selectSessions(store.getState()).status).toBe('loaded');
  expect(selectSessions(store.getState()).list.map((s) => s.id)).toEqual(['s-here', 's-laptop']);
  // The change's answer said which session ended: nothing was asked again.
  expect(requests.filter((r) => new URL(r.url).pathname === API_PATHS.sessions)).toHaveLength(2);
});

it('keeps only this session after a password change', async () => {
  const { store } = await signedInHome();
  const body = { currentPassword: 'old-secret-words', newPassword: 'new-secret-words' };
  await store.dispatch(api.endpoints.changePassword.initiate(body, UNTRACKED));
  expect(selectSessions(store.getState()).list.map((s) => s.id)).toEqual(['s-here']);
  expect(JSON.stringify(store.getState())).not.toContain('secret-words');
});

it('waits for the code of an email change, then shows and stores the new address', async () => {
  const { store, effects } = await signedInHome();
  const body = { password: 'my-secret-words', newEmail: 'new@example.com' };
  await store.dispatch(api.endpoints.changeEmail.initiate(body, UNTRACKED));
  expect(selectPendingEmail(store.getState())).toBe('new@example.com');
  effects.cookieWrites.length = 0;
  await store.dispatch(api.endpoints.confirmEmailChange.initiate({ code: '123456' }, UNTRACKED));
  await settle(store);
  expect(selectPendingEmail(store.getState())).toBeNull();
  expect(store.getState().auth.user?.email).toBe('new@example.com');
  const [write] = effects.cookieWrites;
  expect(write?.op).toBe('set');
  expect(JSON.parse(String(write?.value)).email).toBe('new@example.com');
  expect(JSON.stringify(store.getState())).not.toMatch(/my-secret-words|123456/);
});

it('keeps a cancelled email change cancelled when a question asked before answers after', async () => {
  const pending = { newEmail: 'new@example.com', expiresAt: '2026-01-15T03:15:00.000Z' };
  let reads = 0;
  let answerLateRead: () => void = () => {};
  const lateRead = new Promise<void>((resolve) => (answerLateRead = resolve));
  const requests = stubFetch(async (request) => {
    const path = new URL(request.url).pathname;
    if (path !== API_PATHS.emailChange || request.method !== 'GET') return server(request);
    reads += 1;
    if (reads === 2) await lateRead;
    return json(200, { error: false, pending });
  });
  const store = startStore(
    fakeEffects({ storage: { token: 'secret-token' }, path: '/', now: NOW }),
  );
  await settle(store);
  expect(selectPendingEmail(store.getState())).toBe('new@example.com');
  store.dispatch(emailChangeRetried());
  await until(store, () => reads === 2, 'the second question');
  await store.dispatch(api.endpoints.cancelEmailChange.initiate(undefined, UNTRACKED));
  expect(selectPendingEmail(store.getState())).toBeNull();

  answerLateRead();
  await settle(store);
  expect(selectPendingEmail(store.getState())).toBeNull();
  const asked = requests.filter(
    (r) => r.method === 'GET' && new URL(r.url).pathname === API_PATHS.emailChange,
  );
  expect(asked).toHaveLength(2);
});

it('shows the code step as soon as a change is accepted, even when the question after it fails', async () => {
  let reads = 0;
  stubFetch((request) => {
    const path = new URL(request.url).pathname;
    if (path !== API_PATHS.emailChange || request.method !== 'GET') return server(request);
    reads += 1;
    return reads === 1
      ? json(200, { error: false, pending: null })
      : json(503, { error: true, code: 'INTERNAL', message: 'x' });
  });
  const store = startStore(
    fakeEffects({ storage: { token: 'secret-token' }, path: '/', now: NOW }),
  );
  await settle(store);
  const body = { password: 'my-secret-words', newEmail: 'new@example.com' };
  await store.dispatch(api.endpoints.changeEmail.initiate(body, UNTRACKED));
  expect(selectPendingEmail(store.getState())).toBe('new@example.com');
  await settle(store);
  expect(reads).toBe(2);
  expect(selectPendingEmail(store.getState())).toBe('new@example.com');
});

it('forgets the session and goes to the login form once the account is deleted', async () => {
  const { store, effects } = await signedInHome();
  await store.dispatch(
    api.endpoints.deleteAccount.initiate({ password: 'my-secret-words' }, UNTRACKED),
  );
  await settle(store);
  expect(effects.data.has('token')).toBe(false);
  expect(effects.cookieWrites.at(-1)).toMatchObject({ op: 'remove', name: 'user' });
  expect(store.getState().router.location?.pathname).toBe('/login');
  expect(store.getState().auth.status).toBe('guest');
  expect(selectSessions(store.getState()).list).toEqual([]);
});

it('keeps a refused deletion from signing anyone out', async () => {
  const requests = stubFetch((request) =>
    new URL(request.url).pathname === API_PATHS.deleteAccount
      ? json(400, {
          error: true,
          code: 'VALIDATION',
          message: 'x',
          fields: { password: 'INCORRECT' },
        })
      : server(request),
  );
  const effects = fakeEffects({ storage: { token: 'secret-token' }, path: '/', now: NOW });
  const store = startStore(effects);
  await settle(store);
  await store.dispatch(api.endpoints.deleteAccount.initiate({ password: 'wrong' }, UNTRACKED));
  await settle(store);
  expect(requests.some((r) => new URL(r.url).pathname === API_PATHS.deleteAccount)).toBe(true);
  expect(effects.data.get('token')).toBe('secret-token');
  expect(store.getState().router.location?.pathname).toBe('/');
  expect(store.getState().submissions.deleteAccount.error?.fields).toEqual({
    password: 'INCORRECT',
  });
});

it('records the new password fields redacted in the action log', async () => {
  const { store } = await signedInHome();
  const body = { currentPassword: 'old-secret-words', newPassword: 'new-secret-words' };
  await store.dispatch(api.endpoints.changePassword.initiate(body, UNTRACKED));
  const exported = store.actionLog.export();
  expect(exported).toContain('currentPassword');
  expect(exported).not.toContain('secret-words');
});

it('keeps a confirmation made while an earlier question about it was still on its way', async () => {
  // Home asks whether the session is confirmed on every navigation; on a slow network that
  // answer ("not confirmed") can arrive after the visitor has confirmed.
  let answerStaleRead: () => void = () => {};
  const staleRead = new Promise<void>((resolve) => (answerStaleRead = resolve));
  const until = NOW / 1000 + 600;
  const requests = stubFetch(async (request) => {
    const path = new URL(request.url).pathname;
    if (path === API_PATHS.confirmation && request.method === 'GET') {
      await staleRead;
      return json(200, { error: false, until: null });
    }
    if (path === API_PATHS.confirm) return json(200, { error: false, until });
    return server(request);
  });
  const store = startStore(
    fakeEffects({ storage: { token: 'secret-token' }, path: '/', now: NOW }),
  );
  await new Promise((resolve) => setTimeout(resolve, 0));
  await store.dispatch(api.endpoints.confirm.initiate({ password: 'pw' }, UNTRACKED));
  expect(selectConfirmedUntil(store.getState())).toBe(until);
  answerStaleRead();
  await settle(store);
  expect(requests.some((r) => r.method === 'GET' && r.url.endsWith(API_PATHS.confirmation))).toBe(
    true,
  );
  expect(selectConfirmedUntil(store.getState())).toBe(until);
});
