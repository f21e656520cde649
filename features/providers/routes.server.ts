// Signing in with an OpenID Connect provider (CONTRACT section 2c; server/oidc/, server/README.md
// Providers). `start` stores the flow and binds it to the browser (a cookie); the provider sends
// the browser to `callback`, which takes the flow once, checks the ID token through openid-client
// and, for a sign-in, hands the app a single-use code valid 60 seconds; `complete` takes it once,
// in the same browser, and decides: the identity's account signs in (the second step where its
// second factor is on), a verified email without an account becomes an activated account without
// a password, any other email is refused (never linked without its owner's own sign-in). A
// `connect` (a session, confirmed) and a `confirm` (a session; how an account without a password
// confirms it is you) are decided at the callback, for the session that started them.
import { randomUUID } from 'node:crypto';

import type { FastifyReply, FastifyRequest } from 'fastify';

import type { ErrorCode } from '../../contract/api';
import {
  HANDOFF_PARAM,
  PROVIDER_CONFIRMED_PARAM,
  PROVIDER_CONNECTED_PARAM,
  PROVIDER_ERROR_PARAM,
} from '../../contract/oidc';
import {
  checkEmail,
  checkName,
  CONFIRMATION_SECONDS,
  normalizeEmail,
} from '../../contract/schemas';
import { sessionConfirmed } from '../../server/auth/confirmation';
import { listPasskeys } from '../../server/auth/passkey-queries';
import { NO_PASSWORD } from '../../server/auth/passwords';
import { openSession, sessionOf } from '../../server/auth/session';
import { confirmSession } from '../../server/auth/session-queries';
import { findUserByEmail, findUserById } from '../../server/auth/users';
import { defineRoutes } from '../../server/http/endpoints';
import { noteFlowStart } from '../../server/http/request-facts';
import { providerChangedMail } from '../../server/mail/account-messages';
import { mailChangeNotice } from '../../server/mail/change-notice';
import {
  providerClient,
  ProviderUnavailable,
  type ProviderIdentity,
} from '../../server/oidc/client';
import {
  derivedSecrets,
  endFlow,
  FLOW_SECONDS,
  flowCookie,
  flowCookieOf,
  hashFlowSecret,
  newFlowSecret,
  storeFlow,
  storeHandoff,
  takeFlowForCallback,
  takeHandoff,
} from '../../server/oidc/flows';
import {
  connectIdentity,
  disconnectProvider,
  findIdentity,
  identitiesOf,
} from '../../server/oidc/identities';
import { noteConfirmationMethod } from '../../server/repo/operators';
import { endPendingSignups } from '../../server/repo/pending-signups';

/** A name the account may keep: the provider's, else the email's local part, else the email. */
function accountName(name: string | null, email: string): string {
  const given = (name ?? '').trim().slice(0, 100);
  if (given !== '' && checkName(given) === undefined) return given;
  const local = email.split('@')[0] ?? email;
  return checkName(local) === undefined ? local : 'Account';
}

/** `path` with `name=value` added to its query. */
function withParam(path: string, name: string, value: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(value)}`;
}

const oidcRoutes = defineRoutes(async (app) => {
  const { config, db, clock } = app;
  const clients = new Map(config.oidcProviders.map((p) => [p.id, providerClient(p)]));
  const base = () => app.link('/').replace(/\/$/, '');
  const redirectUri = (id: string) => `${base()}/v1/api/user/oidc/${id}/callback`;
  const secureCookie = () => base().startsWith('https://');

  /** The browser goes on to the app at `path` (a path of the app, never elsewhere). */
  const toApp = (reply: FastifyReply, path: string) => reply.redirect(`${base()}${path}`, 303);

  /** A refused callback: recorded as a refusal, and the app says why at `path`. */
  const refuseCallback = (
    request: FastifyRequest,
    reply: FastifyReply,
    code: ErrorCode,
    path = '/login',
  ) => {
    request.facts = {
      refusal: code,
      decided: true,
      limit: request.facts?.limit ?? null,
      startedAt: null,
    };
    return toApp(reply, withParam(path, PROVIDER_ERROR_PARAM, code));
  };

  return {
    oidcProviders: async () => ({
      error: false as const,
      providers: config.oidcProviders.map(({ id, name }) => ({ id, name })),
    }),

    oidcStart: async (request, reply) => {
      const provider = clients.get(request.params.id);
      if (!provider) return reply.fail('NOT_FOUND');
      const { intent, returnTo } = request.body;
      // `connect` and `confirm` belong to a session; `connect` adds a way in: confirmed first.
      if (intent !== 'login') {
        if (!request.session) return reply.fail('INVALID_TOKEN');
        if (intent === 'connect' && !(await sessionConfirmed(request))) {
          return reply.fail('CONFIRMATION_REQUIRED');
        }
      }
      if (!(await app.limits.take(reply, app.limits.passkeyOptions(request)))) return reply;
      const browserKey = flowCookieOf(request) ?? newFlowSecret();
      const state = newFlowSecret();
      const { codeVerifier, nonce } = derivedSecrets(browserKey, state);
      const now = clock.nowSeconds();
      let authorizationUrl: string;
      try {
        authorizationUrl = await provider.authorizationUrl({
          redirectUri: redirectUri(provider.config.id),
          state,
          nonce,
          codeVerifier,
        });
      } catch (error) {
        if (!(error instanceof ProviderUnavailable)) throw error;
        request.log.warn({ err: error.cause }, error.message);
        return reply.header('retry-after', '30').fail('SERVICE_UNAVAILABLE');
      }
      await storeFlow(db, {
        stateHash: hashFlowSecret(state),
        browserHash: hashFlowSecret(browserKey),
        providerId: provider.config.id,
        intent,
        returnTo: returnTo ?? null,
        userId: request.session?.userId ?? null,
        sessionHash: request.session?.tokenHash ?? null,
        expiresAt: now + FLOW_SECONDS,
      });
      reply.header('set-cookie', flowCookie(browserKey, FLOW_SECONDS, secureCookie()));
      return { error: false as const, authorizationUrl };
    },

    oidcCallback: async (request, reply) => {
      const provider = clients.get(request.params.id);
      if (!provider) return reply.fail('NOT_FOUND');
      const { state, code, error } = request.query;
      const browserKey = flowCookieOf(request);
      const draws = app.limits.passkeyCheck(request);
      if (!(await app.limits.take(reply, draws))) return reply;
      const now = clock.nowSeconds();
      // Once, by the browser that started it, within its ten minutes: else nothing is decided.
      const flow =
        state && browserKey
          ? await takeFlowForCallback(db, {
              state,
              browserKey,
              providerId: provider.config.id,
              now,
            })
          : undefined;
      if (!flow || !state || !browserKey) return refuseCallback(request, reply, 'PROVIDER_FAILED');
      const landing = flow.intent === 'login' ? '/login' : (flow.return_to ?? '/');
      if (error !== undefined || code === undefined) {
        await endFlow(db, flow.state_hash);
        const cancelled = error === 'access_denied';
        return refuseCallback(
          request,
          reply,
          cancelled ? 'PROVIDER_CANCELLED' : 'PROVIDER_FAILED',
          landing,
        );
      }
      const callbackUrl = new URL(redirectUri(provider.config.id));
      callbackUrl.search = new URL(request.url, 'http://callback.invalid').search;
      let identity: ProviderIdentity;
      try {
        identity = await provider.identityOf(callbackUrl, {
          state,
          ...derivedSecrets(browserKey, state),
          redirectUri: redirectUri(provider.config.id),
        });
      } catch (failure) {
        // A token for another client, with another nonce, expired, badly signed; a code used.
        request.log.info(
          { provider: provider.config.id, reason: String(failure) },
          'ID token refused',
        );
        await endFlow(db, flow.state_hash);
        return refuseCallback(request, reply, 'PROVIDER_FAILED', landing);
      }
      await app.limits.refund(draws);

      if (flow.intent === 'login') {
        const handoff = newFlowSecret();
        await storeHandoff(db, flow.state_hash, hashFlowSecret(handoff), identity, now);
        return toApp(reply, withParam('/login', HANDOFF_PARAM, handoff));
      }

      // `connect` and `confirm`: for the session that started the flow, if it still lives.
      await endFlow(db, flow.state_hash);
      const session = flow.session_hash
        ? await db
            .selectFrom('sessions')
            .select(['user_id', 'token_hash'])
            .where('token_hash', '=', flow.session_hash)
            .where('expires_at', '>', now)
            .executeTakeFirst()
        : undefined;
      if (!session || session.user_id !== flow.user_id) {
        return refuseCallback(request, reply, 'INVALID_TOKEN', '/login');
      }
      const owner = await findIdentity(db, identity.issuer, identity.subject);
      if (flow.intent === 'confirm') {
        // Only a provider already connected to this account confirms it is you.
        if (!owner || owner.user_id !== session.user_id) {
          return refuseCallback(request, reply, 'PROVIDER_FAILED', landing);
        }
        const until = now + CONFIRMATION_SECONDS;
        const confirmed = await db.transaction().execute(async (trx) => {
          if (!(await confirmSession(trx, session.token_hash, until))) return false;
          await noteConfirmationMethod(trx, session.token_hash, 'provider');
          await app.authEvents.accepted(trx, request, { userId: session.user_id });
          return true;
        });
        if (!confirmed) return refuseCallback(request, reply, 'INVALID_TOKEN', '/login');
        return toApp(reply, withParam(landing, PROVIDER_CONFIRMED_PARAM, provider.config.id));
      }
      if (owner) {
        const mine = owner.user_id === session.user_id;
        // Connected already to this account: nothing to do; to another: refused.
        return mine
          ? toApp(reply, withParam(landing, PROVIDER_CONNECTED_PARAM, provider.config.id))
          : refuseCallback(request, reply, 'IDENTITY_TAKEN', landing);
      }
      const user = await findUserById(db, session.user_id);
      const connected = await db.transaction().execute(async (trx) => {
        const made = await connectIdentity(trx, {
          issuer: identity.issuer,
          subject: identity.subject,
          userId: user.id,
          providerId: provider.config.id,
          email: identity.email ?? '',
          now,
        });
        if (!made) return false;
        await mailChangeNotice(trx, request, user, (language, notice, resetLink) =>
          providerChangedMail(
            language,
            notice,
            provider.config.name,
            { connected: true, providerEmail: identity.email ?? '' },
            resetLink,
          ),
        );
        await app.authEvents.accepted(trx, request, { userId: user.id });
        return true;
      });
      if (!connected) return refuseCallback(request, reply, 'IDENTITY_TAKEN', landing);
      app.mail.kickAfter(reply);
      return toApp(reply, withParam(landing, PROVIDER_CONNECTED_PARAM, provider.config.id));
    },

    oidcComplete: async (request, reply) => {
      if (clients.size === 0) return reply.fail('NOT_FOUND');
      const draws = app.limits.passkeyCheck(request);
      if (!(await app.limits.take(reply, draws))) return reply;
      const browserKey = flowCookieOf(request);
      const now = clock.nowSeconds();
      const flow = browserKey
        ? await takeHandoff(db, { handoff: request.body.handoff, browserKey, now })
        : undefined;
      if (!flow || flow.issuer === null || flow.subject === null) {
        return reply.fail('INVALID_HANDOFF');
      }
      reply.header('set-cookie', flowCookie('', 0, secureCookie()));
      const provider = clients.get(flow.provider_id);
      if (!provider) return reply.fail('INVALID_HANDOFF');
      const openedBy = `provider:${provider.config.id}` as const;
      const returnTo = flow.return_to ?? undefined;
      const signIn = async (userId: string) => {
        const user = await findUserById(db, userId);
        const answer = await db
          .transaction()
          .execute((trx) => openSession(trx, request, user, { askSecondFactor: true, openedBy }));
        await app.limits.succeeded(draws);
        await app.limits.signedIn(request);
        return { ...answer, ...(returnTo ? { returnTo } : {}) };
      };

      const known = await findIdentity(db, flow.issuer, flow.subject);
      if (known) return signIn(known.user_id);

      if (flow.email_verified !== 1 || flow.email === null) {
        await app.limits.refund(draws);
        return reply.fail('EMAIL_NOT_VERIFIED');
      }
      const email = normalizeEmail(flow.email);
      if (checkEmail(email) !== undefined) {
        await app.limits.refund(draws);
        return reply.fail('EMAIL_NOT_VERIFIED');
      }
      const existing = await findUserByEmail(db, email);
      // An account's email is never linked without that account's own sign-in.
      if (existing && existing.activated_at !== null) {
        await app.limits.refund(draws);
        return reply.fail('ACCOUNT_EXISTS');
      }
      const name = accountName(flow.name, email);
      const userId = await db.transaction().execute(async (trx) => {
        let id: string;
        if (existing) {
          // A sign-up never activated: the provider proved the email is this visitor's, so the
          // account is activated for them, and no sign-up's password ever opens it.
          id = existing.id;
          await trx
            .updateTable('users')
            .set({ activated_at: now, name, password_hash: NO_PASSWORD })
            .where('id', '=', id)
            .where('activated_at', 'is', null)
            .execute();
          await trx.deleteFrom('registrations').where('user_id', '=', id).execute();
          await trx.deleteFrom('activation_codes').where('user_id', '=', id).execute();
        } else {
          id = randomUUID();
          const inserted = await trx
            .insertInto('users')
            .values({
              id,
              email,
              name,
              password_hash: NO_PASSWORD,
              created_at: new Date(clock.nowMs()).toISOString(),
              activated_at: now,
            })
            .onConflict((oc) => oc.column('email').doNothing())
            .returning('id')
            .executeTakeFirst();
          // Signed up at the same moment by another request: an account now, never linked.
          if (!inserted) return undefined;
        }
        await endPendingSignups(trx, email);
        const made = await connectIdentity(trx, {
          issuer: flow.issuer!,
          subject: flow.subject!,
          userId: id,
          providerId: provider.config.id,
          email,
          now,
        });
        return made ? id : undefined;
      });
      if (!userId) {
        await app.limits.refund(draws);
        return reply.fail('ACCOUNT_EXISTS');
      }
      // A sign-up (the funnel's): it began when the visitor pressed "Continue with".
      noteFlowStart(request, (Number(flow.expires_at) - FLOW_SECONDS) * 1000);
      return signIn(userId);
    },

    oidcConnections: async (request, reply) => {
      if (clients.size === 0) return reply.fail('NOT_FOUND');
      const { userId } = sessionOf(request);
      const user = await findUserById(db, userId);
      const names = new Map(config.oidcProviders.map((p) => [p.id, p.name]));
      const rows = await identitiesOf(db, userId);
      return {
        error: false as const,
        connections: rows.map((row) => ({
          id: row.provider_id,
          name: names.get(row.provider_id) ?? row.provider_id,
          email: row.email,
          createdAt: new Date(Number(row.created_at) * 1000).toISOString(),
        })),
        hasPassword: user.password_hash !== NO_PASSWORD,
      };
    },

    oidcDisconnect: async (request, reply) => {
      if (clients.size === 0) return reply.fail('NOT_FOUND');
      const { userId } = sessionOf(request);
      const providerId = request.params.id;
      const user = await findUserById(db, userId);
      const outcome = await db.transaction().execute(async (trx) => {
        // The account's row is held, so two disconnects cannot each leave the other the last.
        await trx
          .updateTable('users')
          .set((eb) => ({ created_at: eb.ref('created_at') }))
          .where('id', '=', userId)
          .execute();
        const rows = await identitiesOf(trx, userId);
        const these = rows.filter((row) => row.provider_id === providerId);
        if (these.length === 0) return 'NOT_FOUND' as const;
        const others = rows.length - these.length;
        const passkeys = (await listPasskeys(trx, userId)).length;
        if (user.password_hash === NO_PASSWORD && passkeys === 0 && others === 0) {
          return 'LAST_WAY_IN' as const;
        }
        await disconnectProvider(trx, userId, providerId);
        const name = config.oidcProviders.find((p) => p.id === providerId)?.name ?? providerId;
        await mailChangeNotice(trx, request, user, (language, notice, resetLink) =>
          providerChangedMail(language, notice, name, { connected: false }, resetLink),
        );
        await app.authEvents.accepted(trx, request);
        return 'done' as const;
      });
      if (outcome !== 'done') return reply.fail(outcome);
      app.mail.kickAfter(reply);
      return { error: false as const };
    },
  };
});

export default oidcRoutes;
