// Changing the email address: their entries in the API's table (contract/endpoints.ts says what an entry
// holds), and their lines in the API reference. The entries join the table's type here.
import { defineEndpoints, type Summaries } from '../../contract/endpoints';
import * as S from '../../contract/schemas';

import {
  ChangeEmailBody,
  ConfirmEmailChangeBody,
  ConfirmEmailChangeOk,
  EmailChangeOk,
} from './schemas';

export const emailChangeEndpoints = defineEndpoints({
  changeEmail: {
    method: 'POST',
    path: '/v1/api/user/change-email',
    tag: 'account',
    session: 'required',
    records: 'all',
    body: ChangeEmailBody,
    secret: ['password', 'code'],
    confirmation: { password: 'password' },
    answers: { 202: S.PlainOk },
    refusals: ['RATE_LIMITED'],
    form: 'changeEmail',
  },
  emailChange: {
    method: 'GET',
    path: '/v1/api/user/email-change',
    tag: 'account',
    session: 'required',
    records: 'none',
    answers: { 200: EmailChangeOk },
    refusals: [],
  },
  resendEmailChange: {
    method: 'POST',
    path: '/v1/api/user/email-change/resend',
    tag: 'account',
    session: 'required',
    records: 'all',
    answers: { 202: S.PlainOk },
    refusals: ['NOT_FOUND', 'RATE_LIMITED'],
    form: 'resendEmailCode',
  },
  cancelEmailChange: {
    method: 'DELETE',
    path: '/v1/api/user/email-change',
    tag: 'account',
    session: 'required',
    records: 'all',
    answers: { 200: S.PlainOk },
    refusals: [],
    form: 'cancelEmailChange',
  },
  confirmEmailChange: {
    method: 'POST',
    path: '/v1/api/user/confirm-email-change',
    tag: 'account',
    session: 'required',
    records: 'all',
    body: ConfirmEmailChangeBody,
    secret: ['code', 'linkToken'],
    answers: { 200: ConfirmEmailChangeOk },
    refusals: ['INVALID_CODE', 'RATE_LIMITED'],
    form: 'confirmEmail',
  },
});

/** Each endpoint's line in the API reference (the server's; the app leaves it out). */
export const emailChangeSummaries: Summaries<typeof emailChangeEndpoints> = {
  changeEmail:
    'Ask to change the email (a confirmation, or the password in the body): a code is mailed to the new address',
  emailChange: 'Read the email change waiting for its code, if any',
  resendEmailChange: 'Mail a new code for the pending email change',
  cancelEmailChange: 'Cancel the pending email change',
  confirmEmailChange:
    "Confirm the email change with its mailed code, and end the user's other sessions",
};

type EmailChangeEndpoints = typeof emailChangeEndpoints;

declare module '../../contract/endpoints' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the entries join the table
  interface EndpointTable extends EmailChangeEndpoints {}
}
