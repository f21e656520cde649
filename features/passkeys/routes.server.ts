// Passkeys (WebAuthn, auth/passkeys.ts): the signed-in account adds one (after a confirmation:
// creation options, then the browser's new credential and a name), lists, renames and removes them
// (a confirmation, or the password in the body), and
// anyone signs in with one (request options, then the signature). Every challenge is single use,
// lives five minutes and is taken by a conditional delete before the ceremony is checked; a
// registration's belongs to the session that asked, a sign-in's is found by the challenge inside
// the signed clientDataJSON (the body is only `{response}`). Each ceremony checked takes its tries
// first (per address, and across all), and a success gives them back. A passkey sign-in opens a
// session like a password login, `openedBy: 'passkey'`, and asks for no second factor.
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { PlainOk } from '../../contract/api';
import { ROUTES } from '../../contract/routes';
import { PASSKEYS_MAX } from '../../contract/schemas';
import {
  createPasskey,
  deletePasskey,
  findUserPasskey,
  listPasskeys,
  recordPasskeyUse,
  renamePasskey,
  roomForPasskey,
  storeChallenge,
  takeChallenge,
  toPasskeyInfo,
} from '../../server/auth/passkey-queries';
import {
  checkPasskey,
  claimedChallenge,
  loginOptions,
  registrationOptions,
  verifiedRegistration,
} from '../../server/auth/passkeys';
import { openSession, sessionOf } from '../../server/auth/session';
import { findUserById } from '../../server/auth/users';
import { defineRoutes } from '../../server/http/endpoints';
import { passkeyChangedMail } from '../../server/mail/account-messages';
import { mailChangeNotice } from '../../server/mail/change-notice';

const passkeyRoutes = defineRoutes(async (app) => {
  const { db, clock } = app;

  /** Takes the options' tries; false when answered 429. */
  const optionsAllowed = (request: FastifyRequest, reply: FastifyReply) =>
    app.limits.take(reply, app.limits.passkeyOptions(request));

  return {
    passkeyRegistrationOptions: async (request, reply) => {
      if (!(await optionsAllowed(request, reply))) return reply;
      const session = sessionOf(request);
      const user = await findUserById(db, session.userId);
      const held = await listPasskeys(db, user.id);
      // Refused before the ceremony, so that no one goes through the browser's steps for nothing.
      if (held.length >= PASSKEYS_MAX) {
        return reply.fail('PASSKEY_LIMIT');
      }
      const options = await registrationOptions(app, user, held);
      const now = clock.nowSeconds();
      await storeChallenge(
        db,
        options.challenge,
        { purpose: 'registration', user_id: user.id, session_hash: session.tokenHash },
        now,
      );
      return { error: false as const, options: { ...options } };
    },

    addPasskey: async (request, reply) => {
      const session = sessionOf(request);
      const response = request.body.response as unknown as RegistrationResponseJSON;
      const draws = app.limits.passkeyCheck(request);
      if (!(await app.limits.take(reply, draws))) return reply;
      const challenge = claimedChallenge(response.response.clientDataJSON);
      const now = clock.nowSeconds();
      // Once, for this session's own options, within their five minutes.
      if (!challenge || !(await takeChallenge(db, challenge, 'registration', now, session))) {
        return reply.fail('INVALID_CREDENTIAL');
      }
      const credential = await verifiedRegistration(app, response, challenge);
      if (!credential) return reply.fail('INVALID_CREDENTIAL');
      const user = await findUserById(db, session.userId);
      const name = request.body.name.trim();
      const added = await db.transaction().execute(async (trx) => {
        if (!(await roomForPasskey(trx, user.id))) return 'full';
        // A credential stored already, this account's or another's, is not taken again.
        const row = await createPasskey(trx, { ...credential, userId: user.id, name, now });
        if (!row) return undefined;
        // It says where the passkey is removed: home's Passkeys section.
        await mailChangeNotice(trx, request, user, (language, owner, link) => {
          const passkeysLink = app.link(ROUTES.home, { section: 'passkeys' }, language);
          return passkeyChangedMail(language, owner, name, { added: true, passkeysLink }, link);
        });
        await app.authEvents.accepted(trx, request);
        return row;
      });
      if (!added) return reply.fail('INVALID_CREDENTIAL');
      // The ceremony was right: its tries come back.
      await app.limits.succeeded(draws);
      if (added === 'full') return reply.fail('PASSKEY_LIMIT');
      app.mail.kickAfter(reply);
      return reply.code(201).send({ error: false as const, passkey: toPasskeyInfo(added) });
    },

    passkeys: async (request) => {
      const rows = await listPasskeys(db, sessionOf(request).userId);
      return { error: false as const, passkeys: rows.map(toPasskeyInfo) };
    },

    renamePasskey: async (request, reply) => {
      const { userId } = sessionOf(request);
      const row = await renamePasskey(db, userId, request.params.id, request.body.name.trim());
      if (!row) return reply.fail('NOT_FOUND');
      return { error: false as const, passkey: toPasskeyInfo(row) };
    },

    removePasskey: async (request, reply) => {
      const user = await findUserById(db, sessionOf(request).userId);
      const passkey = await findUserPasskey(db, user.id, request.params.id);
      if (!passkey) return reply.fail('NOT_FOUND');
      const removed = await db.transaction().execute(async (trx) => {
        if (!(await deletePasskey(trx, user.id, passkey.id))) return false;
        await mailChangeNotice(trx, request, user, (language, owner, link) =>
          passkeyChangedMail(language, owner, passkey.name, { added: false }, link),
        );
        await app.authEvents.accepted(trx, request);
        return true;
      });
      if (!removed) return reply.fail('NOT_FOUND');
      app.mail.kickAfter(reply);
      const answer: PlainOk = { error: false };
      return answer;
    },

    passkeyLoginOptions: async (request, reply) => {
      if (!(await optionsAllowed(request, reply))) return reply;
      const options = await loginOptions(app);
      const bound = { purpose: 'login', user_id: null, session_hash: null } as const;
      await storeChallenge(db, options.challenge, bound, clock.nowSeconds());
      return { error: false as const, options: { ...options } };
    },

    passkeyLogin: async (request, reply) => {
      const response = request.body.response as unknown as AuthenticationResponseJSON;
      // Every check counts as a failure until it succeeds, so parallel tries cannot overrun.
      const draws = app.limits.passkeyCheck(request);
      if (!(await app.limits.take(reply, draws))) return reply;
      // UNKNOWN_CREDENTIAL is said as such, so the app can tell the browser to forget it (the
      // WebAuthn Signal API): a credential id is random and only its holder has it.
      const checked = await checkPasskey(app, response, 'login');
      if (typeof checked === 'string') return reply.fail(checked);
      const user = await findUserById(db, checked.passkey.user_id);
      const answer = await db.transaction().execute(async (trx) => {
        if (!(await recordPasskeyUse(trx, checked.use))) return undefined;
        // Two factors already (checkPasskey): no second step.
        return openSession(trx, request, user, { openedBy: 'passkey' });
      });
      if (!answer) return reply.fail('INVALID_CREDENTIAL');
      await app.limits.succeeded(draws);
      await app.limits.signedIn(request);
      return answer;
    },
  };
});

export default passkeyRoutes;
