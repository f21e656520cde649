// The operator API (endpoints.ts): support finds a user, reads their summary, their record, the
// record of a client address and their uploaded logs, and acts: ends sessions, locks and unlocks,
// mails a new activation code, deletes the account; and reads the funnel of every visitor
// (funnel/funnel.ts). Every endpoint passes the operator gate first (auth/operator.ts).
// Every action is an auth event naming the operator (`operator_id`) and the user it acted on,
// written in the action's transaction with the mail that tells the user their account changed.
import { isIP, isIPv4 } from 'node:net';

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';

import type {
  OperatorEndSessionsOk,
  OperatorEventsOk,
  OperatorUserOk,
  OperatorUploadOk,
  OperatorUploadsOk,
  OperatorUsersOk,
  PlainOk,
} from '../../contract/api';
import { funnelPeriod } from '../../contract/funnel';
import { OPERATOR_EVENTS_PAGE, OPERATOR_SEARCH_MAX } from '../../contract/operator';
import { normalizeEmail } from '../../contract/schemas';
import { lockAccount, unlockAccount } from '../../server/auth/lock';
import { resendActivationJob } from '../../server/auth/mail-jobs';
import { operatorGate, refuseOperatorTarget } from '../../server/auth/operator';
import { listPasskeys } from '../../server/auth/passkey-queries';
import { secondFactorOn } from '../../server/auth/second-factor-queries';
import { sessionOf } from '../../server/auth/session';
import { deleteUser } from '../../server/auth/users';
import type { Database } from '../../server/db/schema';
import { computeFunnel } from '../../server/funnel/funnel';
import { defineRoutes } from '../../server/http/endpoints';
import { mailLanguage } from '../../server/mail/language';
import { supportNoticeMail, type SupportNotice } from '../../server/mail/operator-messages';
import { identitiesOf } from '../../server/oidc/identities';
import { findActionLog, normalizeReference } from '../../server/repo/action-logs';
import {
  eventsPage,
  findUserRow,
  findUsers,
  lastSignIn,
  userUploads,
} from '../../server/repo/operators';

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const isoOrNull = (seconds: number | null) => (seconds === null ? null : iso(seconds));

type UserRow = NonNullable<Awaited<ReturnType<typeof findUserRow>>>;

function rowOf(user: Omit<UserRow, 'operator_at'>) {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    createdAt: user.created_at,
    activatedAt: isoOrNull(user.activated_at),
    lockedAt: isoOrNull(user.locked_at),
  };
}

const operatorRoutes = defineRoutes(async (app) => {
  const { db, clock } = app;

  /** The user of the path's id, or a 404 answered. */
  async function target(request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) {
    const user = await findUserRow(db, request.params.id);
    if (!user) reply.fail('NOT_FOUND');
    return user;
  }

  /** The action's event, naming the operator, and the user's notice, in the action's transaction. */
  async function recorded(
    trx: Transaction<Database>,
    request: FastifyRequest,
    user: { id: string; name: string; email: string } | null,
    notice?: { kind: SupportNotice; to: { name: string; email: string }; count?: number },
  ) {
    if (notice) {
      await app.mail.send(trx, {
        to: notice.to.email,
        ...supportNoticeMail(notice.kind, {
          name: notice.to.name,
          atMs: clock.nowMs(),
          support: app.config.mail.supportContact,
          count: notice.count,
        }),
      });
    }
    await app.authEvents.accepted(trx, request, {
      userId: user?.id ?? null,
      sessionId: null,
      operatorId: sessionOf(request).userId,
    });
  }

  const gated = { preHandler: operatorGate(app) };

  /**
   * An action on `user` that may change nothing (a lock of a locked account): `change`, its event
   * and, when it changed the account, the user's notice `kind`, in one transaction.
   */
  async function changedWithNotice(
    request: FastifyRequest,
    reply: FastifyReply,
    user: { id: string; name: string; email: string },
    kind: SupportNotice,
    change: (trx: Transaction<Database>) => Promise<boolean>,
  ): Promise<PlainOk> {
    await db.transaction().execute(async (trx) => {
      const changed = await change(trx);
      await recorded(trx, request, user, changed ? { kind, to: user } : undefined);
    });
    app.mail.kickAfter(reply);
    return { error: false };
  }

  /** A page of events, newest first, and the cursor of the next. */
  async function eventsAnswer(
    of: Parameters<typeof eventsPage>[1],
    cursorText: string | undefined,
  ): Promise<OperatorEventsOk> {
    const cursor = cursorText?.split('~');
    const before = cursor ? { time: Number(cursor[0]), id: cursor[1]! } : undefined;
    const rows = await eventsPage(db, of, before, OPERATOR_EVENTS_PAGE);
    const last = rows.at(-1);
    return {
      error: false,
      events: rows.map((row) => ({
        id: row.id,
        time: new Date(Number(row.time)).toISOString(),
        event: row.event,
        outcome: row.outcome,
        status: row.status,
        code: row.code,
        limit:
          row.limit_name === null
            ? null
            : { name: row.limit_name, left: row.limit_left ?? 0, points: row.limit_points ?? 0 },
        userId: row.user_id,
        sessionId: row.session_id,
        addressHash: row.address_hash,
        logId: row.log_id,
        requestId: row.request_id,
        operatorId: row.operator_id,
      })),
      next: rows.length === OPERATOR_EVENTS_PAGE && last ? `${Number(last.time)}~${last.id}` : null,
    };
  }

  return {
    // The funnel of every visitor over whole UTC days (funnel/funnel.ts).
    operatorFunnel: {
      ...gated,
      handler: async (request, reply) => {
        const period = funnelPeriod(request.query.from, request.query.to, clock.nowMs());
        if ('field' in period) return reply.fail('VALIDATION', { [period.field]: period.why });
        return computeFunnel(db, period);
      },
    },

    operatorUsers: {
      ...gated,
      handler: async (request, reply) => {
        const { email, id } = request.query;
        if ((email === undefined) === (id === undefined)) {
          return reply.fail('VALIDATION', { [email === undefined ? 'email' : 'id']: 'REQUIRED' });
        }
        const rows = await findUsers(
          db,
          email === undefined ? { id } : { emailPrefix: normalizeEmail(email) },
          OPERATOR_SEARCH_MAX,
        );
        const answer: OperatorUsersOk = { error: false, users: rows.map(rowOf) };
        return answer;
      },
    },

    operatorUser: {
      ...gated,
      handler: async (request, reply) => {
        const user = await target(request, reply);
        if (!user) return reply;
        const now = clock.nowSeconds();
        const [secondFactor, passkeys, sessions, signedIn, identities] = await Promise.all([
          secondFactorOn(db, user.id),
          listPasskeys(db, user.id),
          app.sessions.list(user.id, now),
          lastSignIn(db, user.id),
          identitiesOf(db, user.id),
        ]);
        const providerNames = new Map(app.config.oidcProviders.map((p) => [p.id, p.name]));
        const answer: OperatorUserOk = {
          error: false,
          user: {
            ...rowOf(user),
            operator: user.operator_at !== null,
            secondFactor,
            passkeys: passkeys.map((passkey) => ({
              id: passkey.id,
              name: passkey.name,
              createdAt: iso(passkey.created_at),
              lastUsedAt: isoOrNull(passkey.last_used_at),
            })),
            sessions: sessions.map((session) => ({
              id: session.id ?? '',
              openedBy: session.opened_by,
              createdAt: iso(session.created_at),
              lastUsedAt: iso(session.last_used_at),
              userAgent: session.user_agent,
            })),
            lastSignInAt: signedIn === null ? null : new Date(signedIn).toISOString(),
            providers: identities.map((identity) => ({
              id: identity.provider_id,
              // A provider no longer configured still shows, by its id.
              name: providerNames.get(identity.provider_id) ?? identity.provider_id,
              email: identity.email,
              createdAt: iso(Number(identity.created_at)),
            })),
          },
        };
        return answer;
      },
    },

    operatorUserEvents: {
      ...gated,
      handler: async (request, reply) => {
        const user = await target(request, reply);
        if (!user) return reply;
        const of = { userId: user.id, emailHash: app.authEvents.emailHash(user.email) };
        return eventsAnswer(of, request.query.before);
      },
    },

    operatorAddressEvents: {
      ...gated,
      handler: async (request, reply) => {
        const { address, before } = request.query;
        if (address === undefined || !isIP(address)) {
          return reply.fail('VALIDATION', {
            address: address === undefined ? 'REQUIRED' : 'INVALID_CHARACTERS',
          });
        }
        // An IPv4 client may have been seen as its IPv6-mapped form: both are looked up.
        const forms = isIPv4(address) ? [address, `::ffff:${address}`] : [address.toLowerCase()];
        const addressHashes = forms.map((form) => app.authEvents.addressHash(form));
        return eventsAnswer({ addressHashes }, before);
      },
    },

    operatorUserUploads: {
      ...gated,
      handler: async (request, reply) => {
        const user = await target(request, reply);
        if (!user) return reply;
        const rows = await userUploads(db, user.id);
        const answer: OperatorUploadsOk = {
          error: false,
          uploads: rows.map((row) => ({
            reference: row.reference,
            createdAt: iso(row.created_at),
            size: row.size,
            appVersion: row.app_version,
            locale: row.locale,
            device: row.device,
            lastPath: row.last_path,
          })),
        };
        return answer;
      },
    },

    operatorUpload: {
      ...gated,
      handler: async (request, reply) => {
        const reference = normalizeReference(request.params.id);
        const log = reference === undefined ? undefined : await findActionLog(db, reference);
        if (reference === undefined || log === undefined) return reply.fail('NOT_FOUND');
        const answer: OperatorUploadOk = { error: false, reference, log };
        return answer;
      },
    },

    operatorEndSessions: {
      ...gated,
      handler: async (request, reply) => {
        const user = await target(request, reply);
        if (!user) return reply;
        const { sessionId } = request.body;
        const ended = await db.transaction().execute(async (trx) => {
          const count =
            sessionId === undefined
              ? await app.sessions.endAll(trx, user.id)
              : Number(await app.sessions.endById(trx, user.id, sessionId, clock.nowSeconds()));
          if (sessionId !== undefined && count === 0) return null;
          const notice =
            count > 0 ? { kind: 'sessionsEndedBySupport' as const, to: user, count } : undefined;
          await recorded(trx, request, user, notice);
          return count;
        });
        if (ended === null) return reply.fail('NOT_FOUND');
        app.mail.kickAfter(reply);
        const answer: OperatorEndSessionsOk = { error: false, ended };
        return answer;
      },
    },

    operatorLock: {
      ...gated,
      handler: async (request, reply) => {
        const user = await target(request, reply);
        if (!user) return reply;
        if (refuseOperatorTarget(request, reply, user)) return reply;
        return changedWithNotice(request, reply, user, 'accountLockedBySupport', (trx) =>
          lockAccount(trx, app.sessions, user.id, clock.nowSeconds()),
        );
      },
    },

    operatorUnlock: {
      ...gated,
      handler: async (request, reply) => {
        const user = await target(request, reply);
        if (!user) return reply;
        return changedWithNotice(request, reply, user, 'accountUnlockedBySupport', (trx) =>
          unlockAccount(trx, user.id),
        );
      },
    },

    operatorResendActivation: {
      ...gated,
      handler: async (request, reply) => {
        const user = await target(request, reply);
        if (!user) return reply;
        // Only an account waiting for its activation has a code to send.
        if (user.activated_at !== null) return reply.fail('NOT_FOUND');
        const job = {
          email: user.email,
          language: mailLanguage(request.headers['accept-language']),
          mayMail: await app.limits.mayMail(user.email),
        };
        await db.transaction().execute(async (trx) => {
          await app.mail.enqueue(trx, resendActivationJob, job);
          await recorded(trx, request, user);
        });
        app.mail.kickAfter(reply);
        const answer: PlainOk = { error: false };
        return reply.code(202).send(answer);
      },
    },

    operatorDeleteUser: {
      ...gated,
      handler: async (request, reply) => {
        const user = await target(request, reply);
        if (!user) return reply;
        if (refuseOperatorTarget(request, reply, user)) return reply;
        await db.transaction().execute(async (trx) => {
          await deleteUser(trx, user.id, app.authEvents.emailHash);
          // Its events went with it: this one names the operator and no account.
          await recorded(trx, request, null, { kind: 'accountDeletedBySupport', to: user });
        });
        await app.limits.forgetAccount(user);
        app.mail.kickAfter(reply);
        const answer: PlainOk = { error: false };
        return answer;
      },
    },
  };
});

export default operatorRoutes;
