// Confirming it is you (auth/confirmation.ts): until when the session is confirmed, the options of
// a confirmation with one of the account's passkeys, and the confirmation itself (the password with
// the second factor's code where it is on, or a passkey's signature), which lets the session make
// sensitive changes for CONFIRMATION_SECONDS.
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';

import type { ConfirmOk } from '../../contract/api';
import { CONFIRMATION_SECONDS } from '../../contract/schemas';
import { credentialsConfirm } from '../auth/confirmation';
import { listPasskeys, recordPasskeyUse, storeChallenge } from '../auth/passkey-queries';
import { checkPasskey, confirmationOptions, type PasskeyUse } from '../auth/passkeys';
import { secondFactorOn } from '../auth/second-factor-queries';
import { sessionOf } from '../auth/session';
import { confirmSession, sessionConfirmedUntil } from '../auth/session-queries';
import type { SessionConfirmer } from '../db/schema';
import { defineRoutes } from '../http/endpoints';
import { noteConfirmationMethod } from '../repo/operators';

const confirmationRoutes = defineRoutes(async (app) => {
  const { db, clock } = app;

  return {
    confirmation: async (request) => {
      const until = await sessionConfirmedUntil(db, sessionOf(request).tokenHash);
      const live = until !== null && until > clock.nowSeconds();
      return { error: false as const, until: live ? until : null };
    },

    confirmOptions: async (request, reply) => {
      if (!(await app.limits.take(reply, app.limits.passkeyOptions(request)))) return reply;
      const session = sessionOf(request);
      const held = await listPasskeys(db, session.userId);
      if (held.length === 0) {
        return reply.fail('NOT_FOUND');
      }
      const options = await confirmationOptions(app, held);
      await storeChallenge(
        db,
        options.challenge,
        { purpose: 'confirmation', user_id: session.userId, session_hash: session.tokenHash },
        clock.nowSeconds(),
      );
      return { error: false as const, options: { ...options } };
    },

    confirm: async (request, reply) => {
      const session = sessionOf(request);
      const { passkeyResponse } = request.body;
      let passkeyUse: PasskeyUse | undefined;
      let draws: ReturnType<typeof app.limits.passkeyCheck> = [];
      // How it was confirmed, for the operator API (a password alone is not enough there).
      let by: SessionConfirmer = 'passkey';
      if (passkeyResponse) {
        const response = passkeyResponse as unknown as AuthenticationResponseJSON;
        draws = app.limits.passkeyCheck(request);
        if (!(await app.limits.take(reply, draws))) return reply;
        // Once, for this session's own options, within their five minutes; alone, even where the
        // second factor is on (checkPasskey).
        const checked = await checkPasskey(app, response, 'confirmation', session);
        if (typeof checked === 'string') return reply.fail('INVALID_CREDENTIAL');
        passkeyUse = checked.use;
      } else {
        by = (await secondFactorOn(db, session.userId)) ? 'second-factor' : 'password';
        const outcome = await credentialsConfirm(request, reply, 'password');
        if (outcome === false) return reply;
        if (outcome === 'missing') return reply.fail('VALIDATION', { code: 'REQUIRED' });
      }
      const until = clock.nowSeconds() + CONFIRMATION_SECONDS;
      const confirmed = await db.transaction().execute(async (trx) => {
        if (passkeyUse && !(await recordPasskeyUse(trx, passkeyUse))) return 'replayed';
        if (!(await confirmSession(trx, session.tokenHash, until))) return 'ended';
        await noteConfirmationMethod(trx, session.tokenHash, by);
        await app.authEvents.accepted(trx, request);
        return 'confirmed';
      });
      if (confirmed === 'replayed') return reply.fail('INVALID_CREDENTIAL');
      if (confirmed === 'ended') return reply.fail('INVALID_TOKEN');
      await app.limits.refund(draws);
      const answer: ConfirmOk = { error: false, until };
      return answer;
    },
  };
});

export default confirmationRoutes;
