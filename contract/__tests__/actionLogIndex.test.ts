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

it('counts home only when the visitor is there signed in', () => {
  const guest = indexLog(log([at('/'), { type: 'auth/tokenRejected', payload: {} }, at('/login')]));
  expect(guest.funnel.home).toBe(false);
  const member = indexLog(
    log([
      at('/login'),
      { type: 'auth/sessionVerified', payload: { user: { id: 'u-7' } } },
      at('/'),
    ]),
  );
  expect(member.funnel.home).toBe(true);
  expect(member.userIds).toEqual(['u-7']);
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
    userIds: ['u-1'],
    lastPath: '/login',
    // A guest's 401 on verify is an answer, not a failure.
    failures: { SERVICE_UNAVAILABLE: 1, FETCH_ERROR: 1 },
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
