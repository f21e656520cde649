// Deleting the account: their entries in the API's table (contract/endpoints.ts says what an entry
// holds), and their lines in the API reference. The entries join the table's type here.
import { defineEndpoints, type Summaries } from '../../contract/endpoints';
import * as S from '../../contract/schemas';

import { DeleteAccountBody } from './schemas';

export const accountDeletionEndpoints = defineEndpoints({
  deleteAccount: {
    method: 'POST',
    path: '/v1/api/user/delete-account',
    tag: 'account',
    session: 'required',
    records: 'all',
    body: DeleteAccountBody,
    secret: ['password', 'code'],
    confirmation: { password: 'password' },
    answers: { 200: S.PlainOk },
    refusals: ['RATE_LIMITED'],
    form: 'deleteAccount',
  },
});

/** Each endpoint's line in the API reference (the server's; the app leaves it out). */
export const accountDeletionSummaries: Summaries<typeof accountDeletionEndpoints> = {
  deleteAccount:
    'Delete the account and everything kept of it (a confirmation, or the password and, where two-step sign-in is on, a code in the body)',
};

type AccountDeletionEndpoints = typeof accountDeletionEndpoints;

declare module '../../contract/endpoints' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the entries join the table
  interface EndpointTable extends AccountDeletionEndpoints {}
}
