// The server's record of what it decided on each account request (the auth_events table, migration
// 009), reached as `app.authEvents`. Every row is written here; repo/auth-events.ts only reads them
// (the analyst's tools) and deletes an account's. A route module's recorded endpoint (RECORDED)
// writes its accepted event in the transaction of its decision (`accepted`); any other answer of it
// (a refusal, or a success that wrote nothing) is written as one insert before the answer leaves
// (`answered`, the route's onSend hook, added by http/endpoints.ts). The session check records only
// its refusals: its success, the busiest call, writes nothing, and its refusals are written
// together about once a second, so a flood of bad tokens costs one insert a second rather than one
// each. A 5xx writes nothing: the decision did not happen. Each recorded answer is also counted
// in the metrics (plugins/metrics.ts), by endpoint, outcome and code.
import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely, Transaction } from 'kysely';

import type { ErrorCode, FieldErrorCode } from '../../contract/api';
import { endpoints, type EndpointName } from '../../contract/endpoints';
import type { AuthEventsTable, Database } from '../db/schema';
import { sentId } from '../logging';

/**
 * Which answers of each endpoint are recorded: every one of the account endpoints, only the
 * refusals of the session check, none of the rest (reads, uploads, health). Every endpoint is
 * named, so a new one does not compile until it says.
 */
export const RECORDED: Record<EndpointName, 'all' | 'refusals' | 'none'> = {
  verify: 'refusals',
  signup: 'all',
  verifyAccount: 'all',
  resendActivation: 'all',
  login: 'all',
  loginSecondFactor: 'all',
  logout: 'all',
  requestPasswordReset: 'all',
  resetPassword: 'all',
  changePassword: 'all',
  changeEmail: 'all',
  emailChange: 'none',
  resendEmailChange: 'all',
  cancelEmailChange: 'all',
  confirmEmailChange: 'all',
  deleteAccount: 'all',
  sessions: 'none',
  revokeOtherSessions: 'all',
  revokeSession: 'all',
  secondFactor: 'none',
  startSecondFactor: 'all',
  confirmSecondFactor: 'all',
  renewRecoveryCodes: 'all',
  disableSecondFactor: 'all',
  // Options only hand out a challenge: their refusals (a spent limit, a bad token) are decisions.
  passkeyRegistrationOptions: 'refusals',
  addPasskey: 'all',
  passkeys: 'none',
  renamePasskey: 'all',
  removePasskey: 'all',
  passkeyLoginOptions: 'refusals',
  passkeyLogin: 'all',
  confirmation: 'none',
  confirm: 'all',
  confirmOptions: 'refusals',
  actionLogs: 'none',
  health: 'none',
  live: 'none',
  ready: 'none',
  outbox: 'none',
  // Support's reads record their refusals (someone not an operator trying); its actions all.
  operatorUsers: 'refusals',
  operatorUser: 'refusals',
  operatorUserEvents: 'refusals',
  operatorEndSessions: 'all',
  operatorLock: 'all',
  operatorUnlock: 'all',
  operatorResendActivation: 'all',
  operatorDeleteUser: 'all',
  operatorAddressEvents: 'refusals',
  operatorUserUploads: 'refusals',
  operatorUpload: 'refusals',
};

/** What a request gathered for its event on the way. */
export interface AuthEventState {
  /** The refusal's code, a VALIDATION's field codes after it (`VALIDATION password:INCORRECT`). */
  refusal: string | null;
  /** The limit that refused, or the one closest to refusing among those drawn. */
  limit: { name: string; left: number; points: number } | null;
  /** The handler wrote the accepted event with its decision. */
  accepted: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    authEvent: AuthEventState | null;
  }
  interface FastifyInstance {
    authEvents: AuthEvents;
  }
  interface FastifyContextConfig {
    /** The endpoint's name, on a recorded endpoint's route. */
    authEvent?: EndpointName;
  }
}

export function authEventState(request: FastifyRequest): AuthEventState {
  request.authEvent ??= { refusal: null, limit: null, accepted: false };
  return request.authEvent;
}

/** Notes the refusal a request is answered with (errors.ts), for its event and its log line. */
export function noteRefusal(
  request: FastifyRequest,
  code: ErrorCode,
  fields?: Record<string, FieldErrorCode>,
): void {
  const detail = fields ? Object.entries(fields).map(([field, why]) => ` ${field}:${why}`) : [];
  authEventState(request).refusal = `${code}${detail.join('')}`.slice(0, 200);
}

/** Notes a drawn limit and how many tries are left on it (limits/plugin.ts). */
export function noteLimit(
  request: FastifyRequest,
  limit: { name: string; left: number; points: number },
): void {
  const state = authEventState(request);
  if (!state.limit || limit.left <= state.limit.left) state.limit = limit;
}

/** An event as written by `insert`: the request's parts it is made of. */
export interface EventParts {
  event: string;
  outcome: AuthEventsTable['outcome'];
  status: number;
  address: string;
  headers: IncomingHttpHeaders;
  code?: string | null;
  limit?: AuthEventState['limit'];
  userId?: string | null;
  /** The session's public id; or the token hash of the live session to read it from. */
  sessionId?: string | null;
  sessionTokenHash?: string;
  /** The operator who acted, on an operator's action. */
  operatorId?: string | null;
}

export interface AuthEvents {
  /** Writes the request's accepted event, in the transaction of its decision. */
  accepted(
    trx: Transaction<Database>,
    request: FastifyRequest,
    who?: { userId?: string | null; sessionId?: string | null; operatorId?: string | null },
  ): Promise<void>;
  /** The answer's event, unless the handler wrote it; a 5xx writes none. */
  answered(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  insert(db: Kysely<Database>, parts: EventParts): Promise<void>;
  /** Writes the session check's refusals now rather than at the next second (tests, closing). */
  flush(): Promise<void>;
  /** A client address as the record keeps it: HMAC-SHA-256 with this deployment's key. */
  addressHash(address: string): string;
}

/** How long the session check's refusals wait to be written together, and how many at most. */
const BATCH_MS = 1000;
const BATCH_ROWS = 500;
/** Beyond this many waiting (the database is away), a refusal is not recorded. */
const MAX_WAITING = 20 * BATCH_ROWS;
/**
 * A flood of bad tokens must not fill the table (each row is kept 30 days): a minute records at
 * most this many session-check refusals from one client address, and MINUTE_REFUSALS in all; the
 * rest are answered as always, counted, and said in one log line when the minute ends.
 */
export const SESSION_CHECK_REFUSALS_PER_ADDRESS = 20;
const MINUTE_REFUSALS = 6000;

/** The success status the contract gives an endpoint (its first 2xx answer). */
function successStatus(name: EndpointName): number {
  const statuses = Object.keys(endpoints[name].answers).map(Number);
  return statuses.find((status) => status < 300) ?? 200;
}

const authEventsPlugin: FastifyPluginAsync = async (app) => {
  const { db, clock } = app;
  // Made by migration 009: one per deployment, so a hashed address means nothing elsewhere.
  const secret = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', 'address-hmac')
    .executeTakeFirstOrThrow();
  const hashAddress = (address: string) =>
    createHmac('sha256', secret.value).update(address).digest('base64url');

  const rowOf = (into: Kysely<Database>, parts: EventParts) => {
    const tokenHash = parts.sessionId === undefined ? parts.sessionTokenHash : undefined;
    return {
      id: randomBytes(12).toString('base64url'),
      time: clock.nowMs(),
      event: parts.event,
      outcome: parts.outcome,
      status: parts.status,
      code: parts.code ?? null,
      limit_name: parts.limit?.name ?? null,
      limit_left: parts.limit?.left ?? null,
      limit_points: parts.limit?.points ?? null,
      user_id: parts.userId ?? null,
      session_id:
        tokenHash === undefined
          ? (parts.sessionId ?? null)
          : into.selectFrom('sessions').select('id').where('token_hash', '=', tokenHash),
      address_hash: hashAddress(parts.address),
      log_id: sentId(parts.headers['x-log-id']),
      request_id: sentId(parts.headers['x-request-id']),
      operator_id: parts.operatorId ?? null,
    };
  };
  const insert: AuthEvents['insert'] = async (into, parts) => {
    await into.insertInto('auth_events').values(rowOf(into, parts)).execute();
  };

  // The session check's refusals (no session, so no subquery: plain rows), written together.
  let waiting: ReturnType<typeof rowOf>[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const rows = waiting;
    waiting = [];
    writing = writing.then(async () => {
      for (let at = 0; at < rows.length; at += BATCH_ROWS) {
        try {
          await db
            .insertInto('auth_events')
            .values(rows.slice(at, at + BATCH_ROWS))
            .execute();
        } catch (error) {
          app.log.warn({ err: error, events: rows.length - at }, 'auth events not written');
          return;
        }
      }
    });
    return writing;
  };
  let minute = { start: 0, recorded: 0, skipped: 0, perAddress: new Map<string, number>() };
  /** Whether this minute's bounds leave room for one more refusal from `addressHash`. */
  const withinBounds = (addressHash: string) => {
    const now = clock.nowMs();
    if (now - minute.start >= 60_000) {
      if (minute.skipped > 0) {
        app.log.warn(
          { skipped: minute.skipped },
          'session check refusals beyond the bound not recorded',
        );
      }
      minute = { start: now, recorded: 0, skipped: 0, perAddress: new Map() };
    }
    const fromAddress = minute.perAddress.get(addressHash) ?? 0;
    if (fromAddress >= SESSION_CHECK_REFUSALS_PER_ADDRESS || minute.recorded >= MINUTE_REFUSALS) {
      minute.skipped += 1;
      return false;
    }
    minute.perAddress.set(addressHash, fromAddress + 1);
    minute.recorded += 1;
    return true;
  };
  const later = (row: ReturnType<typeof rowOf>) => {
    if (waiting.length >= MAX_WAITING || !withinBounds(row.address_hash)) return;
    waiting.push(row);
    if (waiting.length >= BATCH_ROWS) void flush();
    else if (!timer) {
      timer = setTimeout(() => void flush(), BATCH_MS);
      timer.unref();
    }
  };
  // Before the database closes (its own hook runs after the plugins').
  app.addHook('onClose', () => flush());

  const partsOf = (request: FastifyRequest, name: EndpointName) => {
    const state = authEventState(request);
    return {
      event: name,
      address: request.ip,
      headers: request.headers,
      code: state.refusal,
      limit: state.limit,
      userId: request.session?.userId ?? null,
      ...(request.session ? { sessionTokenHash: request.session.tokenHash } : {}),
    };
  };

  const authEvents: AuthEvents = {
    insert,
    flush,
    addressHash: hashAddress,
    async accepted(trx, request, who = {}) {
      const name = request.routeOptions.config.authEvent;
      if (!name) throw new Error(`${request.url} is not a recorded endpoint`);
      await insert(trx, {
        ...partsOf(request, name),
        ...who,
        outcome: 'accepted',
        status: successStatus(name),
        code: null,
      });
      authEventState(request).accepted = true;
    },
    async answered(request, reply) {
      const name = request.routeOptions.config.authEvent;
      const status = reply.statusCode;
      if (!name || status >= 500) return;
      // The metrics count what is recorded, and the session check's refusals beyond its bound.
      if (status >= 400 || RECORDED[name] === 'all') {
        app.metrics.authDecision(
          name,
          status < 400 ? 'accepted' : 'refused',
          request.authEvent?.refusal ?? null,
        );
      }
      if (status < 400 && request.authEvent?.accepted) return;
      if (RECORDED[name] === 'refusals') {
        if (status >= 400)
          later(rowOf(db, { ...partsOf(request, name), outcome: 'refused', status }));
        return;
      }
      try {
        await insert(db, {
          ...partsOf(request, name),
          outcome: status < 400 ? 'accepted' : 'refused',
          status,
        });
      } catch (error) {
        // The answer goes anyway: the record is the analyst's, not the visitor's.
        request.log.warn({ err: error }, 'auth event not written');
      }
    },
  };
  app.decorate('authEvents', authEvents);
  app.decorateRequest('authEvent', null);
};

export default fp(authEventsPlugin, {
  name: 'auth-events',
  fastify: '5.x',
  decorators: { fastify: ['db', 'clock', 'metrics'] },
});
