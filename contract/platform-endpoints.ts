// The platform's endpoints, shared by every feature: confirming it is you, and the server's
// health and development helpers. Their entries and lines in the API reference, as a feature's.
import { defineEndpoints, type Summaries } from './endpoints';
import * as S from './schemas';

export const confirmationEndpoints = defineEndpoints({
  confirmation: {
    method: 'GET',
    path: '/v1/api/user/confirm',
    tag: 'confirmation',
    session: 'required',
    records: 'none',
    answers: { 200: S.ConfirmationOk },
    refusals: [],
  },
  confirm: {
    method: 'POST',
    path: '/v1/api/user/confirm',
    tag: 'confirmation',
    session: 'required',
    records: 'all',
    body: S.ConfirmBody,
    secret: ['password', 'code', 'passkeyResponse'],
    answers: { 200: S.ConfirmOk },
    refusals: ['INVALID_CODE', 'INVALID_CREDENTIAL', 'RATE_LIMITED'],
    form: 'confirm',
  },
  confirmOptions: {
    method: 'POST',
    path: '/v1/api/user/confirm/options',
    tag: 'confirmation',
    session: 'required',
    records: 'refusals',
    answers: { 200: S.PasskeyOptionsOk },
    refusals: ['NOT_FOUND', 'RATE_LIMITED'],
  },
});

export const operationsEndpoints = defineEndpoints({
  health: {
    method: 'GET',
    path: '/healthz',
    tag: 'operations',
    session: 'none',
    records: 'none',
    answers: { 200: S.HealthDetails, 503: S.HealthFailing },
    refusals: [],
  },
  live: {
    method: 'GET',
    path: '/livez',
    tag: 'operations',
    session: 'none',
    records: 'none',
    answers: { 200: S.HealthOk },
    refusals: [],
  },
  ready: {
    method: 'GET',
    path: '/readyz',
    tag: 'operations',
    session: 'none',
    records: 'none',
    answers: { 200: S.HealthOk, 503: S.HealthFailing },
    refusals: [],
  },
  outbox: {
    method: 'GET',
    path: '/v1/dev/outbox',
    tag: 'development',
    session: 'none',
    records: 'none',
    answers: { 200: S.OutboxOk },
    refusals: [],
    internal: true,
  },
});

/** Each endpoint's line in the API reference (the server's; the app leaves it out). */
export const platformSummaries: Summaries<
  typeof confirmationEndpoints & typeof operationsEndpoints
> = {
  confirmation: "Until when the session's confirmation lasts (Unix seconds), or null",
  confirm:
    'Confirm it is you: the password (with the code or a recovery code where two-step sign-in is on), or a passkey; the session may make sensitive changes for ten minutes',
  confirmOptions:
    "WebAuthn request options for confirming it is you with one of the user's passkeys: single use, five minutes, for this session only",
  health:
    "Whether the server is ready (as /readyz), with the mail queue's state as a detail that never fails it",
  live: 'Whether the process serves requests (a liveness probe: nothing else is asked)',
  ready:
    'Whether the database, and Redis when configured, answer (a readiness probe; the mail queue never fails it)',
  outbox: 'The mails kept in the outbox mail mode, newest last',
};

type ConfirmationEndpoints = typeof confirmationEndpoints;
type OperationsEndpoints = typeof operationsEndpoints;

declare module './endpoints' {
  interface EndpointTable extends ConfirmationEndpoints, OperationsEndpoints {}
}
