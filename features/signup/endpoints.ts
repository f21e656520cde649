// Signing up and activating the account: their entries in the API's table (contract/endpoints.ts says what an entry
// holds), and their lines in the API reference. The entries join the table's type here.
import { defineEndpoints, type Summaries } from '../../contract/endpoints';
import * as S from '../../contract/schemas';

import { ResendActivationBody, SignupBody, SignupOk, VerifyAccountBody } from './schemas';

export const signupEndpoints = defineEndpoints({
  signup: {
    method: 'POST',
    path: '/v1/api/user/signup',
    tag: 'signup',
    session: 'none',
    records: 'all',
    body: SignupBody,
    secret: ['password'],
    answers: { 201: SignupOk },
    refusals: ['RATE_LIMITED'],
    form: 'signup',
  },
  verifyAccount: {
    method: 'POST',
    path: '/v1/api/user/verify-account',
    tag: 'signup',
    session: 'none',
    records: 'all',
    body: VerifyAccountBody,
    secret: ['code', 'password', 'newPassword', 'linkToken'],
    signsIn: true,
    answers: { 200: S.LoginOk },
    refusals: ['INVALID_CODE', 'PASSWORD_NOT_CHOSEN', 'RATE_LIMITED'],
    form: 'activation',
  },
  resendActivation: {
    method: 'POST',
    path: '/v1/api/user/resend-activation',
    tag: 'signup',
    session: 'none',
    records: 'all',
    body: ResendActivationBody,
    answers: { 202: S.PlainOk },
    refusals: ['RATE_LIMITED'],
    form: 'resend',
  },
});

/** Each endpoint's line in the API reference (the server's; the app leaves it out). */
export const signupSummaries: Summaries<typeof signupEndpoints> = {
  signup: 'Sign up: an activation code is mailed (the same answer for a known email)',
  verifyAccount: 'Activate an account with its mailed code, and sign in',
  resendActivation: 'Mail a new activation code (the same answer whatever the email)',
};

type SignupEndpoints = typeof signupEndpoints;

declare module '../../contract/endpoints' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the entries join the table
  interface EndpointTable extends SignupEndpoints {}
}
