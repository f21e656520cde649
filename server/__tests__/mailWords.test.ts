// What the mails say: their links carry the mail's language (`lang=kh`, `lang=en`); a mail to a
// confirmed address greets its owner by name, never by a name a stranger typed; security notices
// say from which device and when (Khmer digits in Khmer); the email-changed notice names
// SUPPORT_CONTACT; a recovery code's use and a sign-in from a new device are mailed. On SQLite
// and on PostgreSQL.
import { API_PATHS } from '../../contract/api';
import type { OutboxMessage } from '../../contract/api';
import { ENGINES, type Engine } from '../../testing/server/engines';
import { injectedAppFor } from '../../testing/server/injectedApp';

const PASSWORD = 'river of blue mangoes';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/156.0 Mobile Safari/537.36';
const WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36';
const KHMER_DIGIT = /[០-៩]/;

describe.each(ENGINES)('mails on %s', (_name, engine: Engine) => {
  const running = injectedAppFor(engine, {
    SUPPORT_CONTACT: 'help@accounts.example',
    RATE_LIMIT_SIGNUP_MAX: '1000',
  });

  let count = 0;
  const newEmail = (label: string) => `${label}-${++count}-${Date.now()}@example.com`;
  const km = { 'accept-language': 'km' };
  const en = { 'accept-language': 'en' };

  async function activated(email: string, headers: Record<string, string>, name = 'Sokha') {
    await running.api.post(API_PATHS.signup, { name, email, password: PASSWORD }, headers);
    const { code, link } = await running.api.waitForMail(email, 1);
    expect(new URL(link!).searchParams.get('lang')).toBe(headers === km ? 'kh' : 'en');
    const answer = await running.api.post(
      API_PATHS.verifyAccount,
      { email, code, password: PASSWORD },
      headers,
    );
    expect(answer.status).toBe(200);
    return { authorization: `Bearer ${answer.body.token as string}` };
  }

  async function nthMail(email: string, n: number): Promise<OutboxMessage> {
    return running.api.waitForMail(email, n);
  }

  it('links in the language of the mail, and greets the confirmed address by name', async () => {
    const email = newEmail('kh');
    await activated(email, km, 'Sokha');
    // A stranger's sign-up with the address: its owner is greeted, by the account's own name.
    await running.api.post(API_PATHS.signup, { name: 'Stranger', email, password: PASSWORD }, en);
    const notice = await nthMail(email, 2);
    expect(notice.text).toContain('Hello Sokha,');
    expect(notice.text).not.toContain('Stranger');
    expect(new URL(notice.link!).searchParams.get('lang')).toBe('en');

    await running.api.post(API_PATHS.requestPasswordReset, { email }, km);
    const reset = await nthMail(email, 3);
    expect(reset.text).toContain('សួស្តី Sokha');
    const link = new URL(reset.link!);
    expect([link.pathname, link.searchParams.get('lang')]).toEqual(['/user/reset-password', 'kh']);
  });

  it('never greets an address that has confirmed nothing by a name', async () => {
    const email = newEmail('pending');
    await running.api.post(
      API_PATHS.signup,
      { name: 'Typed By Someone', email, password: PASSWORD },
      en,
    );
    await running.api.post(
      API_PATHS.signup,
      { name: 'Another Name', email, password: PASSWORD },
      en,
    );
    for (const n of [1, 2]) {
      const mail = await nthMail(email, n);
      expect(mail.text).toContain('Hello,');
      expect(mail.text).not.toMatch(/Typed By Someone|Another Name/);
    }
  });

  it('says from which device and when a change was made, in Khmer digits in Khmer', async () => {
    const email = newEmail('notice');
    const signedIn = await activated(email, en, 'Dara');
    const changed = await running.api.post(
      API_PATHS.changePassword,
      { currentPassword: PASSWORD, newPassword: 'mangoes by the river' },
      { ...signedIn, ...km, 'user-agent': ANDROID },
    );
    expect(changed.status).toBe(200);
    const notice = await nthMail(email, 2);
    expect(notice.text).toContain('សួស្តី Dara');
    expect(notice.text).toContain('Chrome លើ Android');
    expect(notice.text).toMatch(KHMER_DIGIT);
    expect(new URL(notice.link!).searchParams.get('lang')).toBe('kh');
  });

  it('names SUPPORT_CONTACT when the account email changed, with the device and time', async () => {
    const email = newEmail('moving');
    const signedIn = await activated(email, en, 'Dara');
    const newAddress = newEmail('moved');
    const asked = await running.api.post(
      API_PATHS.changeEmail,
      { password: PASSWORD, newEmail: newAddress },
      { ...signedIn, ...en, 'user-agent': WINDOWS },
    );
    expect(asked.status).toBe(202);
    const requested = await nthMail(email, 2);
    expect(requested.text).toContain('Hello Dara,');
    expect(requested.text).toMatch(/This was done on .*20\d\d.*, from Chrome on Windows\./);
    const { code } = await nthMail(newAddress, 1);
    const confirmed = await running.api.post(
      API_PATHS.confirmEmailChange,
      { code },
      { ...signedIn, ...en, 'user-agent': WINDOWS },
    );
    expect(confirmed.status).toBe(200);
    const changed = await nthMail(email, 3);
    expect(changed.subject).toBe('The email of your account was changed');
    expect(changed.text).toContain('contact help@accounts.example');
    expect(changed.text).toContain('from Chrome on Windows');
  });

  it('mails a sign-in from a device the account has not used, once', async () => {
    const email = newEmail('device');
    await activated(email, { ...en, 'user-agent': WINDOWS } as never, 'Dara');
    const login = (agent: string) =>
      running.api.post(
        API_PATHS.login,
        { email, password: PASSWORD },
        { ...en, 'user-agent': agent },
      );
    expect((await login(WINDOWS)).status).toBe(200);
    expect((await login(ANDROID)).status).toBe(200);
    expect((await login(ANDROID)).status).toBe(200);
    await running.app.mail.idle();
    const subjects = (await running.api.mailsTo(email)).map((mail) => mail.subject);
    expect(subjects.filter((subject) => subject === 'A sign-in from a new device')).toHaveLength(1);
    const mail = (await running.api.mailsTo(email)).find(
      (m) => m.subject === 'A sign-in from a new device',
    );
    expect(mail?.text).toContain('from Chrome on Android');
  });
});
