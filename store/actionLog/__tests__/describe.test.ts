import type { QueryCacheKey } from '@reduxjs/toolkit/query';
import { describeActions, relativeTime } from '../../../src/replay/describe';
import { api } from '../../apiSlice';
import { sessionEnded } from '../../authSlice';
import { localeChanged } from '../../locale/localeSlice';
import { sentHome } from '../../navigationSlice';
import { noticeDismissed } from '../../notice/noticeSlice';

const pending = (endpoint: string, requestId: string) => ({
  type: 'api/executeMutation/pending',
  meta: { arg: { endpointName: endpoint }, requestId },
});
const rejected = (endpoint: string, requestId: string, payload: unknown, meta = {}) => ({
  type: 'api/executeMutation/rejected',
  payload,
  meta: { arg: { endpointName: endpoint }, requestId, rejectedWithValue: true, ...meta },
});
const fulfilled = (endpoint: string, requestId: string, payload: unknown) => ({
  type: 'api/executeMutation/fulfilled',
  payload,
  meta: { arg: { endpointName: endpoint }, requestId },
});

it('tells requests by endpoint, verdict, status, error code and duration', () => {
  const actions = [
    { type: 'router/locationChanged', payload: { location: { pathname: '/login', search: '' } } },
    pending('verify', 'r1'),
    rejected('verify', 'r1', { status: 401, data: { error: true, code: 'INVALID_TOKEN' } }),
    pending('login', 'r2'),
    rejected('login', 'r2', { status: 401, data: { error: true, code: 'INVALID_CREDENTIALS' } }),
    pending('signup', 'r3'),
    rejected('signup', 'r3', {
      status: 400,
      data: { error: true, code: 'VALIDATION', fields: { password: 'COMMON_PASSWORD' } },
    }),
    pending('verify', 'r4'),
    fulfilled('verify', 'r4', { error: false, user: { id: 'u' } }),
    pending('login', 'r5'),
    rejected('login', 'r5', { status: 'FETCH_ERROR', error: 'TypeError' }),
    pending('verify', 'r6'),
    rejected('verify', 'r6', undefined, { aborted: true, rejectedWithValue: false }),
    { type: 'form/validationFailed', payload: { form: 'signup', fields: { email: 'REQUIRED' } } },
  ];
  const times = [
    1000, 1002, 1008, 2000, 2090, 3000, 3035, 4000, 4006, 5000, 5001, 6000, 6001, 7000,
  ];
  const steps = describeActions(actions, times);
  expect(steps.map((step) => step.text)).toEqual([
    '→ /login',
    'verify sent',
    'verify guest 401 INVALID_TOKEN (6 ms)',
    'login sent',
    'login FAILED 401 INVALID_CREDENTIALS (90 ms)',
    'signup sent',
    'signup FAILED 400 VALIDATION password COMMON_PASSWORD (35 ms)',
    'verify sent',
    'verify signed in (6 ms)',
    'login sent',
    'login FAILED: no answer (network) (1 ms)',
    'verify sent',
    'verify cancelled (1 ms)',
    'signup form refused in the browser: email REQUIRED',
  ]);
  expect(steps.filter((step) => step.failed).map((step) => step.index)).toEqual([4, 6, 10, 13]);
  expect(relativeTime(steps[4]!.offsetMs)).toBe('+1.09 s');
});

it('tells a read asked again while its answer is on its way, in words', () => {
  const read = { arg: { type: 'query', endpointName: 'sessions' } };
  const steps = describeActions(
    [
      { type: 'api/executeQuery/pending', meta: { ...read, requestId: 'q1' } },
      { type: 'api/executeQuery/rejected', meta: { ...read, requestId: 'q2', condition: true } },
      {
        type: 'api/executeQuery/fulfilled',
        payload: { sessions: [] },
        meta: { ...read, requestId: 'q1' },
      },
    ],
    [1000, 1001, 1030],
  );
  expect(steps.map((step) => step.text)).toEqual([
    'sessions sent',
    'sessions asked again: the answer on its way serves both',
    'sessions OK (30 ms)',
  ]);
  expect(steps.some((step) => step.failed || /execute/.test(step.text))).toBe(false);
});

it("tells a read's answer taken from a change, in words", () => {
  const [step] = describeActions(
    [
      api.util.upsertQueryEntries([
        {
          endpointName: 'secondFactor',
          arg: undefined,
          value: { error: false, enabled: false, recoveryCodesLeft: 0 },
        },
      ]),
    ],
    [1000],
  );
  expect(step!.text).toBe("secondFactor taken from the change's answer");
});

it("tells a read's answer changed by a change's answer, in words", () => {
  const [step] = describeActions(
    [
      api.internalActions.queryResultPatched({
        queryCacheKey: 'passkeys(undefined)' as QueryCacheKey,
        patches: [{ op: 'replace', path: ['passkeys'], value: [] }],
      }),
    ],
    [1000],
  );
  expect(step!.text).toBe("passkeys changed as the change's answer says, not asked again");
});

it('tells no provider configured as an answer, not a failure', () => {
  const none = { status: 404, data: { error: true, code: 'NOT_FOUND' } };
  const steps = describeActions(
    [
      pending('oidcProviders', 'p1'),
      rejected('oidcProviders', 'p1', none),
      pending('oidcConnections', 'p2'),
      rejected('oidcConnections', 'p2', none),
      pending('oidcStart', 'p3'),
      rejected('oidcStart', 'p3', none),
    ],
    [0, 5, 10, 15, 20, 25],
  );
  expect(steps.map((step) => step.text)).toEqual([
    'oidcProviders sent',
    'oidcProviders none configured 404 NOT_FOUND (5 ms)',
    'oidcConnections sent',
    'oidcConnections none configured 404 NOT_FOUND (5 ms)',
    'oidcStart sent',
    'oidcStart FAILED 404 NOT_FOUND (5 ms)',
  ]);
  expect(steps.filter((step) => step.failed).map((step) => step.index)).toEqual([5]);
});

it('tells a view that could not show, and how it was tried again', () => {
  const steps = describeActions(
    [
      { type: 'app/viewFailed', payload: { view: 'signup', reason: 'load' } },
      { type: 'app/viewRetried', payload: { view: 'signup', trigger: 'online' } },
      { type: 'app/viewFailed', payload: { view: 'home', reason: 'render' } },
      { type: 'app/viewRetried', payload: { view: 'home', trigger: 'button' } },
      { type: 'app/viewRetried', payload: { view: 'home', trigger: 'hotUpdate' } },
    ],
    [0, 1, 2, 3, 4],
  );
  expect(steps.map((step) => [step.text, step.failed])).toEqual([
    ['the signup view could not show: its code could not be fetched', true],
    ['back online: the signup view again', false],
    ['the home view could not show: it broke', true],
    ['"Try again" pressed: the home view again', false],
    ['the code changed (hot update): the home view again', false],
  ]);
});

it("tells home's sections asked again after a failure, and what a copy did", () => {
  const steps = describeActions(
    [
      { type: 'account/secondFactorRetried' },
      { type: 'passkeys/listRetried' },
      { type: 'account/sessionsRetried' },
      { type: 'account/emailChangeRetried' },
      { type: 'account/copyFinished', payload: { what: 'key', copied: true } },
      { type: 'account/copyFinished', payload: { what: 'recoveryCodes', copied: false } },
    ],
    [0, 1, 2, 3, 4, 5],
  );
  expect(steps.map((step) => [step.text, step.failed])).toEqual([
    ['"Try again" pressed: asks again whether two-step sign-in is on', false],
    ['"Try again" pressed: asks for the passkeys again', false],
    ['"Try again" pressed: asks for the sessions again', false],
    ['"Try again" pressed: asks again whether an email change is pending', false],
    ['"Copy" pressed: the key copied', false],
    [
      '"Copy" pressed: the browser would not copy, the recovery codes selected to copy by hand',
      false,
    ],
  ]);
});

it('tells a session that ended elsewhere, a visitor sent home, and a dismissed notice', () => {
  const steps = describeActions(
    [
      { type: 'auth/sessionEnded', payload: { endpoint: 'changePassword' } },
      { type: 'navigation/sentHome', payload: { from: 'activation' } },
      { type: 'notice/dismissed' },
    ],
    [0, 1, 2],
  );
  expect(steps.map((step) => step.text)).toEqual([
    'the session had ended elsewhere (changePassword answered so): logged out here',
    'already logged in: sent home from the activation link',
    'notice dismissed',
  ]);
});

it('falls back to the action type for anything it has no words for', () => {
  const [step] = describeActions([{ type: 'something/else' }], [5]);
  expect(step).toMatchObject({ index: 0, text: 'something/else', failed: false, offsetMs: 0 });
});

it("says the app's own actions as their creators make them, and leaves unknown types as they are", () => {
  const steps = describeActions(
    [
      sessionEnded({ endpoint: 'sessions' }),
      localeChanged('kh'),
      noticeDismissed(),
      sentHome({ from: 'activation' }),
      { type: 'auth/sessionEndedSomewhere' },
    ],
    [0, 1, 2, 3, 4],
  );
  expect(steps.map(({ text, kind }) => [text, kind])).toEqual([
    ['the session had ended elsewhere (sessions answered so): logged out here', 'session'],
    ['language kh', 'other'],
    ['notice dismissed', 'other'],
    ['already logged in: sent home from the activation link', 'navigation'],
    ['auth/sessionEndedSomewhere', 'other'],
  ]);
});

it("tells the second factor's steps in words, from the answers' shapes and the fields sent", () => {
  const withArgs = (action: ReturnType<typeof fulfilled>, originalArgs: unknown) => ({
    ...action,
    meta: { ...action.meta, arg: { ...action.meta.arg, originalArgs } },
  });
  const R = '[redacted]';
  const steps = describeActions(
    [
      pending('login', 'r1'),
      fulfilled('login', 'r1', { error: false, secondFactor: { ticket: R, expiresAt: 2e9 } }),
      { type: 'auth/secondStepCancelled' },
      withArgs(fulfilled('loginSecondFactor', 'r2', { error: false, token: R }), {
        ticket: R,
        code: R,
      }),
      withArgs(fulfilled('loginSecondFactor', 'r3', { error: false, token: R }), {
        ticket: R,
        recoveryCode: R,
      }),
      rejected('loginSecondFactor', 'r4', {
        status: 401,
        data: { error: true, code: 'INVALID_TICKET' },
      }),
      fulfilled('secondFactor', 'r5', { error: false, enabled: true, recoveryCodesLeft: 9 }),
      fulfilled('secondFactor', 'r6', { error: false, enabled: false, recoveryCodesLeft: 0 }),
      fulfilled('startSecondFactor', 'r7', { error: false, secret: R, otpauthUri: R }),
      { type: 'account/secondFactorSetupCancelled' },
      fulfilled('confirmSecondFactor', 'r8', { error: false, recoveryCodes: R }),
      { type: 'account/recoveryCodesSaved' },
      fulfilled('renewRecoveryCodes', 'r9', { error: false, recoveryCodes: R }),
      fulfilled('disableSecondFactor', 'r10', { error: false }),
      fulfilled('login', 'r11', { error: false, token: R }),
    ],
    [0, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53],
  );
  expect(steps.map((step) => step.text)).toEqual([
    'login sent',
    'login OK: the password is right, the second step is asked (40 ms)',
    'the second step left for the password step',
    "loginSecondFactor OK: signed in with the app's code",
    'loginSecondFactor OK: signed in with a recovery code',
    'loginSecondFactor FAILED 401 INVALID_TICKET',
    'secondFactor OK: two-step sign-in on, 9 recovery codes left',
    'secondFactor OK: two-step sign-in off',
    "startSecondFactor OK: the authenticator app's key is shown",
    'two-step sign-in setup cancelled',
    'confirmSecondFactor OK: two-step sign-in turned on, its recovery codes shown once',
    '"I have saved them": the recovery codes are gone from the page',
    'renewRecoveryCodes OK: new recovery codes shown once, the old ones dead',
    'disableSecondFactor OK: two-step sign-in turned off',
    'login OK',
  ]);
  expect(steps.filter((step) => step.failed).map((step) => step.index)).toEqual([5]);
});
