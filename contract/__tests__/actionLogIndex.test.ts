// The index the server keeps beside each upload, read from known logs.
import type { DecodedLog } from '../action-log';
import { deviceClass, indexLog } from '../action-log-index';

const START = Date.UTC(2026, 10, 20, 9, 0, 0);

function log(actions: DecodedLog['actions'], preloadedState = {}): DecodedLog {
  return {
    app: 'accounts-app@2.3.4',
    actions,
    preloadedState,
    timestamps: actions.map((_action, index) => START + index * 1000),
    stateHashes: actions.map(() => '0'),
  };
}

const at = (pathname: string) => ({
  type: 'router/locationChanged',
  payload: { location: { pathname, search: '?email=a%40b.example', hash: '' } },
});
const verify = (status: number, code: string) => ({
  type: 'api/executeQuery/rejected',
  payload: { status, data: { error: true, code } },
  meta: { arg: { endpointName: 'verify' } },
});

const answer = (endpoint: string, payload: unknown) => ({
  type: 'api/executeMutation/fulfilled',
  payload,
  meta: { arg: { endpointName: endpoint } },
});
const SESSION = { error: false, token: '[redacted]', user: { id: 'u-7' } };
const TICKET = { error: false, secondFactor: { ticket: '[redacted]' } };

it('counts home only when its check answers signed in, at that time', () => {
  const guest = indexLog(log([at('/'), { type: 'auth/tokenRejected', payload: {} }, at('/login')]));
  expect(guest.funnel.home).toBeNull();
  expect(guest.signedIn).toBe(false);
  const member = indexLog(
    log([
      at('/login'),
      answer('login', SESSION),
      at('/'),
      { type: 'auth/sessionVerified', payload: { user: { id: 'u-7' } } },
    ]),
  );
  expect(member.funnel).toEqual({ signedUp: null, activated: null, loggedIn: 1000, home: 3000 });
  expect(member.signedIn).toBe(true);
  // The ids a log names are its sender's word: the index keeps none.
  expect(JSON.stringify(member)).not.toContain('u-7');
});

it('counts a visitor logged in only once a session opened', () => {
  const secondStepAsked = indexLog(
    log([
      at('/login'),
      answer('login', TICKET),
      {
        type: 'api/executeMutation/rejected',
        payload: { status: 400, data: { error: true, code: 'INVALID_CODE' } },
        meta: { arg: { endpointName: 'loginSecondFactor' } },
      },
    ]),
  );
  expect(secondStepAsked.funnel.loggedIn).toBeNull();
  expect(secondStepAsked.signedIn).toBe(false);
  expect(secondStepAsked.failures).toEqual({
    'loginSecondFactor:INVALID_CODE': { times: 1, fields: {} },
  });
  for (const endpoint of ['loginSecondFactor', 'passkeyLogin', 'resetPassword']) {
    expect(indexLog(log([answer(endpoint, SESSION)])).funnel.loggedIn).toBe(0);
  }
  const activated = indexLog(log([answer('verifyAccount', SESSION)]));
  expect(activated.funnel).toMatchObject({ activated: 0, loggedIn: null });
});

it('counts each failure once by endpoint and code, with its field codes within it', () => {
  const index = indexLog(
    log([
      {
        type: 'form/validationFailed',
        payload: { form: 'signup', fields: { name: 'REQUIRED', email: 'REQUIRED' } },
      },
      {
        type: 'api/executeMutation/rejected',
        payload: {
          status: 400,
          data: { error: true, code: 'VALIDATION', fields: { password: 'COMMON_PASSWORD' } },
        },
        meta: { arg: { endpointName: 'signup' } },
      },
      { type: 'app/viewFailed', payload: { view: 'home', reason: 'load' } },
      {
        type: 'form/validationFailed',
        payload: { form: 'sign up\n', fields: { 'e mail': 'REQUIRED\u202e' } },
      },
    ]),
  );
  expect(index.failures).toEqual({
    'signup:FORM_REFUSED': { times: 1, fields: { 'name:REQUIRED': 1, 'email:REQUIRED': 1 } },
    'signup:VALIDATION': { times: 1, fields: { 'password:COMMON_PASSWORD': 1 } },
    'home-view:VIEW_NOT_LOADED': { times: 1, fields: {} },
    // What is no word is someone's text: kept as `?`, never as a code to match.
    '?:FORM_REFUSED': { times: 1, fields: { '?:?': 1 } },
  });
});

it("keeps the tab's log ids, the reloaded pages' too, and no other text", () => {
  const index = indexLog({
    ...log([
      { type: 'actionLog/pageReloaded', payload: { state: {}, previousLogId: 'page-1' } },
      { type: 'actionLog/pageReloaded', payload: { state: {}, previousLogId: 'page 2; drop' } },
    ]),
    logId: 'page-3',
  });
  expect(index.logIds.sort()).toEqual(['page-1', 'page-3']);
});

it('reads the stays, failures, reloads, language and version of a log', () => {
  const index = indexLog(
    log(
      [
        at('/user/verify-account'),
        verify(401, 'INVALID_TOKEN'),
        verify(503, 'SERVICE_UNAVAILABLE'),
        { type: 'locale/changed', payload: 'kh' },
        {
          type: 'actionLog/pageReloaded',
          payload: { state: { router: { location: { pathname: '/login' } } } },
        },
        {
          type: 'api/executeMutation/rejected',
          payload: { status: 'FETCH_ERROR' },
          meta: { arg: { endpointName: 'login' } },
        },
      ],
      { auth: { status: 'signedIn', user: { id: 'u-1' } } },
    ),
  );
  expect(index).toMatchObject({
    startedAt: START,
    durationMs: 5000,
    appVersion: '2.3.4',
    locale: 'kh',
    signedIn: true,
    lastPath: '/login',
    // A guest's 401 on verify is an answer, not a failure.
    failures: {
      'verify:SERVICE_UNAVAILABLE': { times: 1, fields: {} },
      'login:FETCH_ERROR': { times: 1, fields: {} },
    },
    reloads: 1,
    visits: [
      ['/user/verify-account', 4000],
      ['/login', 1000],
    ],
  });
  // Only the path is kept: the query (an address, a code) never is.
  expect(JSON.stringify(index)).not.toContain('example');
});

it('tells phones, tablets and desktops apart by their User-Agent', () => {
  expect(deviceClass('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile/15E148')).toBe('mobile');
  expect(deviceClass('Mozilla/5.0 (Linux; Android 14; SM-X710) Chrome/131 Safari')).toBe('tablet');
  expect(deviceClass('Mozilla/5.0 (X11; Linux x86_64) Chrome/131 Safari/537.36')).toBe('desktop');
  expect(deviceClass(undefined)).toBe('desktop');
});
