// A credential change ends the codes mailed before it: after a password change, a password reset
// or an email change, an earlier reset code (and email-change code) no longer works. Both engines.
import { API_PATHS } from '../../../contract/api';
import { activatedAccount, bearer, uniqueEmail } from '../../../testing/server/abuse/accounts';
import { ENGINES, type Engine } from '../../../testing/server/engines';
import { injectedAppFor } from '../../../testing/server/injectedApp';

const PASSWORD = 'a credential change passphrase';
const NEW_PASSWORD = 'another credential passphrase';

describe.each(ENGINES)(
  'credential changes end outstanding codes on %s',
  (_name, engine: Engine) => {
    const running = injectedAppFor(engine, { RATE_LIMIT_SIGNUP_MAX: '1000' });

    async function account() {
      const email = uniqueEmail('creds');
      return { email, token: await activatedAccount(running.api, email, PASSWORD) };
    }

    /** Asks for a reset code and returns it (the newest mail to the address). */
    async function resetCode(email: string): Promise<string> {
      // Earlier requests' mail (a notice to this address) has come: the next one is the code.
      await running.app.mail.idle();
      const before = (await running.api.mailsTo(email)).length;
      expect((await running.api.post(API_PATHS.requestPasswordReset, { email })).status).toBe(202);
      return (await running.api.waitForMail(email, before + 1)).code ?? '';
    }

    async function emailChangeCode(token: string, target: string): Promise<string> {
      const asked = await running.api.post(
        API_PATHS.changeEmail,
        { password: PASSWORD, newEmail: target },
        bearer(token),
      );
      expect(asked.status).toBe(202);
      return (await running.api.waitForMail(target, 1)).code ?? '';
    }

    const reset = (email: string, code: string) =>
      running.api.post(API_PATHS.resetPassword, { email, code, password: `${NEW_PASSWORD} reset` });

    it('a password change ends an earlier reset code and email-change code', async () => {
      const { email, token } = await account();
      const code = await resetCode(email);
      const target = uniqueEmail('after-password');
      const changeCode = await emailChangeCode(token, target);
      const changed = await running.api.post(
        API_PATHS.changePassword,
        { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
        bearer(token),
      );
      expect(changed.status).toBe(200);
      expect((await reset(email, code)).body).toMatchObject({ code: 'INVALID_CODE' });
      const confirm = await running.api.post(
        API_PATHS.confirmEmailChange,
        { code: changeCode },
        bearer(token),
      );
      expect([confirm.status, confirm.body.code]).toEqual([400, 'INVALID_CODE']);
    });

    it('a password reset ends an earlier email-change code', async () => {
      const { email, token } = await account();
      const target = uniqueEmail('after-reset');
      const changeCode = await emailChangeCode(token, target);
      const done = await reset(email, await resetCode(email));
      expect(done.status).toBe(200);
      const confirm = await running.api.post(
        API_PATHS.confirmEmailChange,
        { code: changeCode },
        bearer(done.body.token),
      );
      expect([confirm.status, confirm.body.code]).toEqual([400, 'INVALID_CODE']);
    });

    it('an email change ends an earlier reset code', async () => {
      const { email, token } = await account();
      const code = await resetCode(email);
      const target = uniqueEmail('moved');
      const changeCode = await emailChangeCode(token, target);
      const confirm = await running.api.post(
        API_PATHS.confirmEmailChange,
        { code: changeCode },
        bearer(token),
      );
      expect(confirm.status).toBe(200);
      // Neither by the old address nor by the new one.
      expect((await reset(email, code)).body).toMatchObject({ code: 'INVALID_CODE' });
      expect((await reset(target, code)).body).toMatchObject({ code: 'INVALID_CODE' });
    });
  },
);
