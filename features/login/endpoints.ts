// Signing in and out and the user's sessions: their entries in the API's table (contract/endpoints.ts says what an entry
// holds), and their lines in the API reference. The entries join the table's type here.
import { defineEndpoints, type Summaries } from '../../contract/endpoints';
import * as S from '../../contract/schemas';

import {
  LoginBody,
  LoginSecondFactorBody,
  RevokeOthersOk,
  SessionParams,
  SessionsOk,
  VerifyOk,
} from './schemas';

export const verifyEndpoints = defineEndpoints({
  verify: {
    method: 'GET',
    path: '/v1/api/user/verify',
    tag: 'session',
    session: 'required',
    records: 'refusals',
    answers: { 200: VerifyOk },
    refusals: [],
  },
});

export const loginEndpoints = defineEndpoints({
  login: {
    method: 'POST',
    path: '/v1/api/user/login',
    tag: 'session',
    session: 'none',
    records: 'all',
    body: LoginBody,
    secret: ['password'],
    signsIn: true,
    answers: { 200: S.LoginOk },
    refusals: ['INVALID_CREDENTIALS', 'ACCOUNT_NOT_ACTIVATED', 'RATE_LIMITED'],
    form: 'login',
  },
  loginSecondFactor: {
    method: 'POST',
    path: '/v1/api/user/login/second-factor',
    tag: 'session',
    session: 'none',
    records: 'all',
    body: LoginSecondFactorBody,
    secret: ['ticket', 'code', 'recoveryCode'],
    signsIn: true,
    answers: { 200: S.SessionOk },
    refusals: ['INVALID_CODE', 'INVALID_TICKET', 'RATE_LIMITED'],
    form: 'loginSecondFactor',
  },
  logout: {
    method: 'POST',
    path: '/v1/api/user/logout',
    tag: 'session',
    session: 'required',
    records: 'all',
    answers: { 200: S.PlainOk },
    refusals: [],
    form: 'logout',
  },
});

export const sessionListEndpoints = defineEndpoints({
  sessions: {
    method: 'GET',
    path: '/v1/api/user/sessions',
    tag: 'sessions',
    session: 'required',
    records: 'none',
    answers: { 200: SessionsOk },
    refusals: [],
  },
  revokeOtherSessions: {
    method: 'POST',
    path: '/v1/api/user/sessions/revoke-others',
    tag: 'sessions',
    session: 'required',
    records: 'all',
    answers: { 200: RevokeOthersOk },
    refusals: [],
    form: 'revokeSessions',
  },
  revokeSession: {
    method: 'DELETE',
    path: '/v1/api/user/sessions/:id',
    tag: 'sessions',
    session: 'required',
    records: 'all',
    params: SessionParams,
    answers: { 200: S.PlainOk },
    refusals: ['NOT_FOUND'],
    form: 'revokeSessions',
  },
});

/** Each endpoint's line in the API reference (the server's; the app leaves it out). */
export const loginSummaries: Summaries<
  typeof verifyEndpoints & typeof loginEndpoints & typeof sessionListEndpoints
> = {
  verify: 'Read the user and expiry of the session a token stands for',
  login:
    'Sign in with email and password; an account with a second factor is answered the ticket of the second step instead of a session',
  loginSecondFactor:
    "A login's second step: its ticket and an authenticator's code, or a recovery code",
  logout: 'Sign out: the session ends on the server',
  sessions: "List the user's live sessions",
  revokeOtherSessions: 'End every session of the user but this one',
  revokeSession: 'End one session of the user, by its public id',
};

type VerifyEndpoints = typeof verifyEndpoints;
type LoginEndpoints = typeof loginEndpoints;
type SessionListEndpoints = typeof sessionListEndpoints;

declare module '../../contract/endpoints' {
  interface EndpointTable extends VerifyEndpoints, LoginEndpoints, SessionListEndpoints {}
}
