// The second factor: their entries in the API's table (contract/endpoints.ts says what an entry
// holds), and their lines in the API reference. The entries join the table's type here.
import { defineEndpoints, type Summaries } from '../../contract/endpoints';
import * as S from '../../contract/schemas';

import {
  ConfirmSecondFactorBody,
  DisableSecondFactorBody,
  RecoveryCodesOk,
  RenewRecoveryCodesBody,
  SecondFactorSetupOk,
  SecondFactorStatusOk,
  StartSecondFactorBody,
} from './schemas';

export const secondFactorEndpoints = defineEndpoints({
  secondFactor: {
    method: 'GET',
    path: '/v1/api/user/totp',
    tag: 'secondFactor',
    session: 'required',
    records: 'none',
    answers: { 200: SecondFactorStatusOk },
    refusals: [],
  },
  startSecondFactor: {
    method: 'POST',
    path: '/v1/api/user/totp/setup',
    tag: 'secondFactor',
    session: 'required',
    records: 'all',
    body: StartSecondFactorBody,
    secret: ['password', 'code'],
    confirmation: { password: 'password' },
    answers: { 200: SecondFactorSetupOk },
    refusals: ['SECOND_FACTOR_ON', 'RATE_LIMITED'],
    form: 'startSecondFactor',
  },
  confirmSecondFactor: {
    method: 'POST',
    path: '/v1/api/user/totp/enable',
    tag: 'secondFactor',
    session: 'required',
    records: 'all',
    body: ConfirmSecondFactorBody,
    secret: ['code'],
    answers: { 200: RecoveryCodesOk },
    refusals: ['INVALID_CODE', 'NOT_FOUND', 'RATE_LIMITED'],
    form: 'confirmSecondFactor',
  },
  renewRecoveryCodes: {
    method: 'POST',
    path: '/v1/api/user/totp/recovery-codes',
    tag: 'secondFactor',
    session: 'required',
    records: 'all',
    body: RenewRecoveryCodesBody,
    secret: ['password', 'code'],
    confirmation: { password: 'password' },
    answers: { 200: RecoveryCodesOk },
    refusals: ['INVALID_CODE', 'NOT_FOUND', 'RATE_LIMITED'],
    form: 'renewRecoveryCodes',
  },
  disableSecondFactor: {
    method: 'POST',
    path: '/v1/api/user/totp/disable',
    tag: 'secondFactor',
    session: 'required',
    records: 'all',
    body: DisableSecondFactorBody,
    secret: ['password', 'code'],
    confirmation: { password: 'password' },
    answers: { 200: S.PlainOk },
    refusals: ['INVALID_CODE', 'NOT_FOUND', 'RATE_LIMITED'],
    form: 'disableSecondFactor',
  },
});

/** Each endpoint's line in the API reference (the server's; the app leaves it out). */
export const secondFactorSummaries: Summaries<typeof secondFactorEndpoints> = {
  secondFactor: 'Whether the second factor is on, and how many recovery codes are left',
  startSecondFactor:
    'Start setting up a second factor (a confirmation, or the password in the body): a new secret for the authenticator app (replaces one not yet confirmed)',
  confirmSecondFactor:
    "Turn the second factor on with the authenticator's code; the ten recovery codes are answered once",
  renewRecoveryCodes:
    'Replace the ten recovery codes (a confirmation, or the password and a code in the body); the new ones are answered once',
  disableSecondFactor:
    'Turn the second factor off (a confirmation, or the password and a code or recovery code in the body)',
};

type SecondFactorEndpoints = typeof secondFactorEndpoints;

declare module '../../contract/endpoints' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the entries join the table
  interface EndpointTable extends SecondFactorEndpoints {}
}
