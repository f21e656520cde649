// A stolen session's wrong passwords on self-service (change password, change email, delete
// account) are limited per session and per client address, not per account: the thief is
// stopped, and the owner's own sessions elsewhere keep every self-service action.
import { API_PATHS } from '../../../contract/api';
import { ABUSE_ENGINES, serverUnderAttack } from '../../../testing/server/abuse/abuseServer';
import {
  activatedAccount,
  OWNER_PASSWORD,
  uniqueEmail,
} from '../../../testing/server/abuse/accounts';
import { tally } from '../../../testing/server/abuse/attack';

describe.each(ABUSE_ENGINES)('self-service password checks on %s', (_name, makeSetup) => {
  const attack = serverUnderAttack(makeSetup);
  const { from } = attack;

  it("stops a stolen session's guesses without locking the owner's other sessions out", async () => {
    const email = uniqueEmail('stolen');
    const owner = from(1);
    const thief = from(2);
    await activatedAccount(owner, email);
    const signIn = async () =>
      (await owner.post(API_PATHS.login, { email, password: OWNER_PASSWORD })).body.token as string;
    const ownerSession = { authorization: `Bearer ${await signIn()}` };
    const stolenSession = { authorization: `Bearer ${await signIn()}` };

    // Twelve wrong passwords through the stolen session, over the three endpoints.
    const guesses = [];
    for (let i = 0; i < 4; i += 1) {
      guesses.push(
        await thief.post(
          API_PATHS.changePassword,
          { currentPassword: `guess ${i}`, newPassword: 'the thief would like this' },
          stolenSession,
        ),
        await thief.post(
          API_PATHS.changeEmail,
          { password: `guess ${i}`, newEmail: uniqueEmail('thief') },
          stolenSession,
        ),
        await thief.post(API_PATHS.deleteAccount, { password: `guess ${i}` }, stolenSession),
      );
    }
    expect(tally(guesses)).toEqual({ 400: 10, 429: 2 });

    // The owner, in their own session: a typo is a typo, not a lock-out, and every action works.
    const typo = await owner.post(API_PATHS.deleteAccount, { password: 'typo' }, ownerSession);
    expect([typo.status, typo.body.fields]).toEqual([400, { password: 'INCORRECT' }]);
    const moved = await owner.post(
      API_PATHS.changeEmail,
      { password: OWNER_PASSWORD, newEmail: uniqueEmail('owner-new') },
      ownerSession,
    );
    expect(moved.status).toBe(202);
    const changed = await owner.post(
      API_PATHS.changePassword,
      { currentPassword: OWNER_PASSWORD, newPassword: 'the owner changed it' },
      ownerSession,
    );
    expect(changed.status).toBe(200);
    // Which also ended the stolen session.
    const after = await thief.post(API_PATHS.deleteAccount, { password: 'x' }, stolenSession);
    expect(after.status).toBe(401);
  });
});
