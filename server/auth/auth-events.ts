// The server's record of what it decided on each account request (the auth_events table, migration
// 009), reached as `app.authEvents`. Every row is written here; repo/auth-events.ts only reads them
// (the analyst's tools) and deletes an account's. It observes: nothing it records imports it. The
// endpoint table's `records` says which answers each endpoint keeps; this plugin hooks those routes
// as they register (onRoute) and reads what the request came to from `request.facts` (its refusal,
// its limit: http/request-facts.ts). A handler may write its accepted event in the transaction of
// its decision (`accepted`); any other answer (a refusal, or a success that wrote nothing) is
// written as one insert before the answer leaves (the route's onSend). The session check records only
// its refusals: its success, the busiest call, writes nothing, and its refusals are written
// together about once a second, so a flood of bad tokens costs one insert a second rather than one
// each. A 5xx writes nothing: the decision did not happen. Each recorded answer is also counted
// in the metrics (plugins/metrics.ts), by endpoint, outcome and code.
import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

import type { FastifyPluginAsync, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely, Transaction } from 'kysely';

import { endpoints, type EndpointName } from '../../contract/endpoints';
import { normalizeEmail } from '../../contract/schemas';
import type { AuthEventsTable, Database } from '../db/schema';
import type { RequestFacts } from '../http/request-facts';
import { sentId } from '../logging';
import { bearerToken } from './session';

declare module 'fastify' {
  interface FastifyInstance {
    authEvents: AuthEvents;
  }
}

/** An event as written by `insert`: the request's parts it is made of. */
export interface EventParts {
  event: string;
  outcome: AuthEventsTable['outcome'];
  status: number;
  address: string;
  headers: IncomingHttpHeaders;
  code?: string | null;
  limit?: RequestFacts['limit'];
  userId?: string | null;
  /** The session's public id; or the token hash of the live session to read it from. */
  sessionId?: string | null;
  sessionTokenHash?: string;
  /** The operator who acted, on an operator's action. */
  operatorId?: string | null;
  /** When the flow this event completes began, Unix ms. */
  startedAt?: number | null;
  /** The email the request named, kept only as `emailHash` keeps it. */
  email?: string | null;
}

export interface AuthEvents {
  /** Writes the request's accepted event, in the transaction of its decision. */
  accepted(
    trx: Transaction<Database>,
    request: FastifyRequest,
    who?: { userId?: string | null; sessionId?: string | null; operatorId?: string | null },
  ): Promise<void>;
  insert(db: Kysely<Database>, parts: EventParts): Promise<void>;
  /** Writes the session check's refusals now rather than at the next second (tests, closing). */
  flush(): Promise<void>;
  /** A client address as the record keeps it: HMAC-SHA-256 with this deployment's key. */
  addressHash(address: string): string;
  /** An email as the record keeps it: the same HMAC of the normalized email, labelled apart. */
  emailHash(email: string): string;
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

/** The email a request's body names (sign-up, login, reset, …), whatever else it holds. */
function emailOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('email' in body)) return null;
  const { email } = body;
  return typeof email === 'string' && email.length > 0 && email.length <= 320 ? email : null;
}

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
  // The label keeps an email's hash from ever equalling an address's.
  const hashEmail = (email: string) =>
    createHmac('sha256', secret.value)
      .update(`email:${normalizeEmail(email)}`)
      .digest('base64url');

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
      email_hash: parts.email ? hashEmail(parts.email) : null,
      log_id: sentId(parts.headers['x-log-id']),
      request_id: sentId(parts.headers['x-request-id']),
      operator_id: parts.operatorId ?? null,
      started_at: parts.startedAt ?? null,
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

  /** Requests whose handler wrote the accepted event with its decision. */
  const acceptedWith = new WeakSet<FastifyRequest>();
  const partsOf = (request: FastifyRequest, name: EndpointName) => {
    const facts = request.facts;
    return {
      event: name,
      address: request.ip,
      headers: request.headers,
      code: facts?.refusal ?? null,
      limit: facts?.limit ?? null,
      startedAt: facts?.startedAt ?? null,
      userId: request.session?.userId ?? null,
      ...(request.session ? { sessionTokenHash: request.session.tokenHash } : {}),
      email: emailOf(request.body),
    };
  };

  /**
   * A refusal of an endpoint that records its refusals only, written later with others. Only a
   * route's refusals count, never a guest's: a request without a token (a guest's every
   * navigation) was refused nothing.
   */
  const refused = (request: FastifyRequest, reply: FastifyReply, name: EndpointName) => {
    const status = reply.statusCode;
    const facts = request.facts;
    if (status < 400 || status >= 500 || !facts?.decided) return;
    if (facts.refusal === 'INVALID_TOKEN' && bearerToken(request) === undefined) return;
    app.metrics.authDecision(name, 'refused', facts.refusal);
    later(rowOf(db, { ...partsOf(request, name), outcome: 'refused', status }));
  };

  /** The answer's event, unless the handler wrote it; a 5xx writes none. */
  const answered = async (request: FastifyRequest, reply: FastifyReply, name: EndpointName) => {
    const status = reply.statusCode;
    if (status >= 500) return;
    // A refusal answered with a redirect (a provider's callback sends the browser to the app with
    // the code) is a refusal all the same.
    const outcome = status < 400 && !request.facts?.decided ? 'accepted' : 'refused';
    app.metrics.authDecision(name, outcome, request.facts?.refusal ?? null);
    if (outcome === 'accepted' && acceptedWith.has(request)) return;
    try {
      await insert(db, { ...partsOf(request, name), outcome, status });
    } catch (error) {
      // The answer goes anyway: the record is the analyst's, not the visitor's.
      request.log.warn({ err: error }, 'auth event not written');
    }
  };

  // A recorded endpoint's answer is written before it leaves, unless its handler wrote it with
  // its decision (`accepted`); the routes of the others pass no hook of the record's.
  app.addHook('onRoute', (route) => {
    const name = route.config?.endpoint;
    const records = name ? endpoints[name].records : 'none';
    if (!name || records === 'none') return;
    const onSend: onSendHookHandler =
      records === 'refusals'
        ? (request, reply, payload, done) => {
            refused(request, reply, name);
            done(null, payload);
          }
        : (request, reply, payload, done) => {
            answered(request, reply, name).then(
              () => done(null, payload),
              (error: unknown) => done(error as Error),
            );
          };
    route.onSend = [...(route.onSend ? [route.onSend].flat() : []), onSend];
  });

  const authEvents: AuthEvents = {
    insert,
    flush,
    addressHash: hashAddress,
    emailHash: hashEmail,
    async accepted(trx, request, who = {}) {
      const name = request.routeOptions.config.endpoint;
      if (!name || endpoints[name].records === 'none') {
        throw new Error(`${request.url} is not a recorded endpoint`);
      }
      await insert(trx, {
        ...partsOf(request, name),
        ...who,
        outcome: 'accepted',
        status: successStatus(name),
        code: null,
      });
      acceptedWith.add(request);
    },
  };
  app.decorate('authEvents', authEvents);
};

export default fp(authEventsPlugin, {
  name: 'auth-events',
  fastify: '5.x',
  decorators: { fastify: ['db', 'clock', 'metrics'] },
});
