// Resetting and changing the password: their entries in the API's table (contract/endpoints.ts says what an entry
// holds), and their lines in the API reference. The entries join the table's type here.
import { defineEndpoints, type Summaries } from '../../contract/endpoints';
import * as S from '../../contract/schemas';

import { ChangePasswordBody, RequestPasswordResetBody, ResetPasswordBody } from './schemas';

export const passwordEndpoints = defineEndpoints({
  requestPasswordReset: {
    method: 'POST',
    path: '/v1/api/user/request-password-reset',
    tag: 'password',
    session: 'none',
    records: 'all',
    body: RequestPasswordResetBody,
    answers: { 202: S.PlainOk },
    refusals: ['RATE_LIMITED'],
    form: 'requestReset',
  },
  resetPassword: {
    method: 'POST',
    path: '/v1/api/user/reset-password',
    tag: 'password',
    session: 'none',
    records: 'all',
    body: ResetPasswordBody,
    secret: ['code', 'password', 'linkToken'],
    signsIn: true,
    answers: { 200: S.LoginOk },
    refusals: ['INVALID_CODE', 'RATE_LIMITED'],
    form: 'resetPassword',
  },
  changePassword: {
    method: 'POST',
    path: '/v1/api/user/change-password',
    tag: 'account',
    session: 'required',
    records: 'all',
    body: ChangePasswordBody,
    secret: ['currentPassword', 'newPassword', 'code'],
    confirmation: { password: 'currentPassword' },
    answers: { 200: S.PlainOk },
    refusals: ['RATE_LIMITED'],
    form: 'changePassword',
  },
});

/** Each endpoint's line in the API reference (the server's; the app leaves it out). */
export const passwordSummaries: Summaries<typeof passwordEndpoints> = {
  requestPasswordReset: 'Mail a password-reset code (the same answer whatever the email)',
  resetPassword:
    "Choose a new password with the mailed code, sign in (through the second step when the account has a second factor), and end the user's other sessions",
  changePassword:
    "Change the password (a confirmation, or the current password in the body) and end the user's other sessions",
};

type PasswordEndpoints = typeof passwordEndpoints;

declare module '../../contract/endpoints' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the entries join the table
  interface EndpointTable extends PasswordEndpoints {}
}
