// The operator console: their entries in the API's table (contract/endpoints.ts says what an entry
// holds), and their lines in the API reference. The entries join the table's type here.
import { defineEndpoints, type Summaries } from '../../contract/endpoints';
import * as F from '../../contract/funnel';
import * as O from '../../contract/operator';
import * as S from '../../contract/schemas';

const OPERATOR_REFUSALS = ['FORBIDDEN', 'CONFIRMATION_REQUIRED', 'RATE_LIMITED'] as const;
const OPERATOR_USER = '/v1/api/operator/users/:id';

/**
 * The operator API: every endpoint needs an operator's session, confirmed strongly (tag). Support's
 * reads record their refusals (someone not an operator trying); its actions all. The app loads
 * these with the console's chunk (operatorApi.ts), not with the page.
 */
export const operatorEndpoints = defineEndpoints({
  operatorUsers: {
    records: 'refusals',
    method: 'GET',
    path: '/v1/api/operator/users',
    tag: 'operator',
    session: 'required',
    query: O.OperatorUsersQuery,
    answers: { 200: O.OperatorUsersOk },
    refusals: [...OPERATOR_REFUSALS, 'VALIDATION'],
  },
  operatorUser: {
    records: 'refusals',
    method: 'GET',
    path: OPERATOR_USER,
    tag: 'operator',
    session: 'required',
    params: O.OperatorUserParams,
    answers: { 200: O.OperatorUserOk },
    refusals: [...OPERATOR_REFUSALS, 'NOT_FOUND'],
  },
  operatorUserEvents: {
    records: 'refusals',
    method: 'GET',
    path: `${OPERATOR_USER}/events`,
    tag: 'operator',
    session: 'required',
    params: O.OperatorUserParams,
    query: O.OperatorEventsQuery,
    answers: { 200: O.OperatorEventsOk },
    refusals: [...OPERATOR_REFUSALS, 'NOT_FOUND', 'VALIDATION'],
  },
  operatorEndSessions: {
    records: 'all',
    method: 'POST',
    path: `${OPERATOR_USER}/sessions/end`,
    tag: 'operator',
    session: 'required',
    params: O.OperatorUserParams,
    body: O.OperatorEndSessionsBody,
    answers: { 200: O.OperatorEndSessionsOk },
    refusals: [...OPERATOR_REFUSALS, 'NOT_FOUND'],
  },
  operatorLock: {
    records: 'all',
    method: 'POST',
    path: `${OPERATOR_USER}/lock`,
    tag: 'operator',
    session: 'required',
    params: O.OperatorUserParams,
    answers: { 200: S.PlainOk },
    refusals: [...OPERATOR_REFUSALS, 'NOT_FOUND'],
  },
  operatorUnlock: {
    records: 'all',
    method: 'POST',
    path: `${OPERATOR_USER}/unlock`,
    tag: 'operator',
    session: 'required',
    params: O.OperatorUserParams,
    answers: { 200: S.PlainOk },
    refusals: [...OPERATOR_REFUSALS, 'NOT_FOUND'],
  },
  operatorResendActivation: {
    records: 'all',
    method: 'POST',
    path: `${OPERATOR_USER}/resend-activation`,
    tag: 'operator',
    session: 'required',
    params: O.OperatorUserParams,
    answers: { 202: S.PlainOk },
    refusals: [...OPERATOR_REFUSALS, 'NOT_FOUND'],
  },
  operatorDeleteUser: {
    records: 'all',
    method: 'DELETE',
    path: OPERATOR_USER,
    tag: 'operator',
    session: 'required',
    params: O.OperatorUserParams,
    answers: { 200: S.PlainOk },
    refusals: [...OPERATOR_REFUSALS, 'NOT_FOUND'],
  },
  operatorAddressEvents: {
    records: 'refusals',
    method: 'GET',
    path: '/v1/api/operator/events',
    tag: 'operator',
    session: 'required',
    query: O.OperatorAddressEventsQuery,
    answers: { 200: O.OperatorEventsOk },
    refusals: [...OPERATOR_REFUSALS, 'VALIDATION'],
  },
  operatorUserUploads: {
    records: 'refusals',
    method: 'GET',
    path: `${OPERATOR_USER}/uploads`,
    tag: 'operator',
    session: 'required',
    params: O.OperatorUserParams,
    answers: { 200: O.OperatorUploadsOk },
    refusals: [...OPERATOR_REFUSALS, 'NOT_FOUND'],
  },
  operatorUpload: {
    records: 'refusals',
    method: 'GET',
    path: '/v1/api/operator/uploads/:id',
    tag: 'operator',
    session: 'required',
    params: O.OperatorUploadParams,
    answers: { 200: O.OperatorUploadOk },
    refusals: [...OPERATOR_REFUSALS, 'NOT_FOUND'],
  },
  operatorFunnel: {
    records: 'refusals',
    method: 'GET',
    path: '/v1/api/operator/funnel',
    tag: 'operator',
    session: 'required',
    query: F.FunnelQuery,
    answers: { 200: F.FunnelOk },
    refusals: [...OPERATOR_REFUSALS, 'VALIDATION'],
  },
});

/** Each endpoint's line in the API reference (the server's; the app leaves it out). */
export const operatorSummaries: Summaries<typeof operatorEndpoints> = {
  operatorUsers: 'Find users by the start of their email, or by id',
  operatorUser: "A user's summary: activation, lock, second factor, passkeys, live sessions",
  operatorUserEvents: "A user's auth events, newest first, 50 a page",
  operatorEndSessions: "End one of a user's sessions, or all of them; the user is mailed",
  operatorLock: "Lock a user's account (its sessions end); the user is mailed",
  operatorUnlock: "Unlock a user's account; the user is mailed",
  operatorResendActivation: 'Mail a new activation code to a user not yet activated',
  operatorDeleteUser: 'Delete a user and every row of theirs; the user is mailed',
  operatorAddressEvents: 'The auth events from a client address, newest first, 50 a page',
  operatorUserUploads: 'The activity logs tied to a user, newest first',
  operatorUpload: 'An activity log by its reference, for the replay page',
  operatorFunnel:
    'The funnel of every visitor from the auth events, per UTC day and over the period: sign-ups, activations, first logins, logins, resets, second-factor failures, nearest-rank median and 90th percentile times, refusals by endpoint and code',
};

type OperatorEndpoints = typeof operatorEndpoints;

declare module '../../contract/endpoints' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the entries join the table
  interface EndpointTable extends OperatorEndpoints {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- loaded with the console
  interface LazyEndpointTable extends OperatorEndpoints {}
}
