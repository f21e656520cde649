// Pre-registration takeover: whoever signs up first, and in whatever order strangers and the owner
// act, only the holder of the emailed code activates (with a password chosen at sign-up, or a new
// one chosen with the code), and no other sign-up's password ever opens the account.
import { API_PATHS } from '../../../contract/api';
import { ABUSE_ENGINES, type AbuseSetup } from '../../../testing/server/abuse/abuseServer';
import { AddressClient, visitorAddress } from '../../../testing/server/abuse/fromAddress';
import type { RunningServer } from '../../app';

const OWNER_PASSWORD = 'owner chose this one';
const strangerPassword = (n: number) => `stranger password ${n}`;
let counter = 0;
const victimEmail = () => `victim-${++counter}-${Date.now()}@example.com`;

describe.each(ABUSE_ENGINES)('pre-registration takeover on %s', (_name, makeSetup) => {
  let setup: AbuseSetup;
  let server: RunningServer;
  let owner: AddressClient;
  let strangers: AddressClient[];

  beforeAll(async () => {
    setup = await makeSetup();
    server = await setup.start();
    owner = new AddressClient(server.url, visitorAddress(1));
    strangers = [2, 3, 4].map((n) => new AddressClient(server.url, visitorAddress(n)));
  });

  afterAll(async () => {
    owner?.close();
    for (const stranger of strangers ?? []) stranger.close();
    await setup?.tearDown();
  });

  const signUp = (client: AddressClient, email: string, password: string) =>
    client.post(API_PATHS.signup, { name: 'Same Name', email, password });

  /** The owner reads the newest code in their mailbox and activates with it. */
  async function ownerActivates(email: string, mailsSoFar: number, password = OWNER_PASSWORD) {
    const { code } = await owner.waitForMail(email, mailsSoFar);
    return owner.post(API_PATHS.verifyAccount, { email, code, password });
  }

  async function expectOnlyOwnerGetsIn(email: string, strangerCount: number) {
    for (let n = 0; n < strangerCount; n++) {
      const login = await strangers[n % strangers.length]!.post(API_PATHS.login, {
        email,
        password: strangerPassword(n),
      });
      expect(login.status).toBe(401);
    }
    expect((await owner.post(API_PATHS.login, { email, password: OWNER_PASSWORD })).status).toBe(
      200,
    );
  }

  it('stranger first: the owner signs up, resends, activates; the stranger stays out', async () => {
    const email = victimEmail();
    const strangerAnswer = await signUp(strangers[0]!, email, strangerPassword(0));
    const ownerAnswer = await signUp(owner, email, OWNER_PASSWORD);
    expect(ownerAnswer.status).toBe(strangerAnswer.status);
    expect(ownerAnswer.body).toEqual(strangerAnswer.body);
    await owner.waitForMail(email, 2);
    expect((await owner.post(API_PATHS.resendActivation, { email })).status).toBe(202);

    const activated = await ownerActivates(email, 3);
    expect(activated.status).toBe(200);
    await expectOnlyOwnerGetsIn(email, 1);
  });

  it('the code with a password no sign-up chose does not activate, and stays usable', async () => {
    const email = victimEmail();
    await signUp(strangers[0]!, email, strangerPassword(0));
    await signUp(owner, email, OWNER_PASSWORD);
    const mistyped = await ownerActivates(email, 2, `${OWNER_PASSWORD}!`);
    expect(mistyped.status).toBe(400);
    expect(mistyped.body).toMatchObject({ code: 'PASSWORD_NOT_CHOSEN' });
    expect((await ownerActivates(email, 2)).status).toBe(200);
    await expectOnlyOwnerGetsIn(email, 1);
  });

  it('a wrong code says INVALID_CODE whatever the password, and counts as a wrong try', async () => {
    const email = victimEmail();
    await signUp(owner, email, OWNER_PASSWORD);
    await signUp(strangers[0]!, email, strangerPassword(0));
    const { code } = await owner.waitForMail(email, 2);
    const wrong = code === '000000' ? '000001' : '000000';
    const bodies = [
      { email, code: wrong, password: strangerPassword(0) },
      { email, code: wrong, password: 'nobody chose this one' },
      { email, code: wrong, newPassword: 'a stranger wants this one' },
    ];
    for (const body of bodies) {
      const answer = await strangers[1]!.post(API_PATHS.verifyAccount, body);
      expect([answer.status, answer.body.code]).toEqual([400, 'INVALID_CODE']);
    }
    // Five wrong tries per code from one address: two more, then the sixth is refused.
    for (let n = 0; n < 2; n++) {
      const answer = await strangers[1]!.post(API_PATHS.verifyAccount, bodies[2]);
      expect(answer.status).toBe(400);
    }
    expect((await strangers[1]!.post(API_PATHS.verifyAccount, bodies[2])).status).toBe(429);
    // Still pending, and the owner's code still works.
    expect((await owner.post(API_PATHS.login, { email, password: OWNER_PASSWORD })).status).toBe(
      403,
    );
    expect((await ownerActivates(email, 2)).status).toBe(200);
    await expectOnlyOwnerGetsIn(email, 1);
  });

  it("the code's holder activates with a new password; every sign-up's password is dropped", async () => {
    const email = victimEmail();
    await signUp(strangers[0]!, email, strangerPassword(0));
    await signUp(owner, email, OWNER_PASSWORD);
    await signUp(strangers[1]!, email, strangerPassword(1));
    const { code } = await owner.waitForMail(email, 3);
    const chosen = 'chosen with the code';
    const weak = await owner.post(API_PATHS.verifyAccount, { email, code, newPassword: 'short' });
    expect([weak.status, weak.body.fields]).toEqual([400, { newPassword: 'TOO_SHORT' }]);
    const common = await owner.post(API_PATHS.verifyAccount, {
      email,
      code,
      newPassword: 'password123',
    });
    expect([common.status, common.body.fields]).toEqual([400, { newPassword: 'COMMON_PASSWORD' }]);
    const activated = await owner.post(API_PATHS.verifyAccount, {
      email,
      code,
      newPassword: chosen,
    });
    expect(activated.status).toBe(200);
    expect(activated.body).toMatchObject({ error: false, user: { email } });
    expect(activated.body.token).toEqual(expect.any(String));
    for (const password of [strangerPassword(0), strangerPassword(1), OWNER_PASSWORD]) {
      expect((await owner.post(API_PATHS.login, { email, password })).status).toBe(401);
    }
    expect((await owner.post(API_PATHS.login, { email, password: chosen })).status).toBe(200);
    // The code is used up.
    const again = await strangers[0]!.post(API_PATHS.verifyAccount, {
      email,
      code,
      newPassword: 'a stranger wants this one',
    });
    expect([again.status, again.body.code]).toEqual([400, 'INVALID_CODE']);
  });

  it('a password reset for a pending account mails the code and a link to choose a new password', async () => {
    const email = victimEmail();
    await signUp(strangers[0]!, email, strangerPassword(0));
    await owner.waitForMail(email, 1);
    expect((await owner.post(API_PATHS.requestPasswordReset, { email })).status).toBe(202);
    const mail = await owner.waitForMail(email, 2);
    expect(mail.code).toMatch(/^\d{6}$/);
    expect(mail.subject).toMatch(/finish/i);
    expect(mail.text).toMatch(/not activated/);
    const link = new URL(mail.link ?? '');
    expect(link.pathname).toBe('/user/verify-account');
    expect(link.searchParams.get('email')).toBe(email);
    expect(link.searchParams.get('code')).toBe(mail.code);
    expect(link.searchParams.get('choose')).toBe('1');
    // No word a stranger chose: the sign-up's name is not in it.
    expect(mail.text).not.toContain('Same Name');
    const chosen = 'chosen after forgetting';
    const activated = await owner.post(API_PATHS.verifyAccount, {
      email,
      code: mail.code,
      newPassword: chosen,
    });
    expect(activated.status).toBe(200);
    expect((await owner.post(API_PATHS.login, { email, password: chosen })).status).toBe(200);
    expect(
      (await strangers[0]!.post(API_PATHS.login, { email, password: strangerPassword(0) })).status,
    ).toBe(401);
  });

  it('owner first, then a stranger: the stranger password never opens the account', async () => {
    const email = victimEmail();
    await signUp(owner, email, OWNER_PASSWORD);
    await owner.waitForMail(email, 1);
    await signUp(strangers[0]!, email, strangerPassword(0));
    expect((await ownerActivates(email, 2)).status).toBe(200);
    await expectOnlyOwnerGetsIn(email, 1);
  });

  it('several strangers before and after the owner: only the owner gets in', async () => {
    const email = victimEmail();
    await signUp(strangers[0]!, email, strangerPassword(0));
    await signUp(strangers[1]!, email, strangerPassword(1));
    await signUp(owner, email, OWNER_PASSWORD);
    await signUp(strangers[2]!, email, strangerPassword(2));
    await signUp(strangers[0]!, email, strangerPassword(3));
    expect((await ownerActivates(email, 5)).status).toBe(200);
    await expectOnlyOwnerGetsIn(email, 4);
  });

  it('a code without any sign-up password activates nothing', async () => {
    const email = victimEmail();
    await signUp(strangers[0]!, email, strangerPassword(0));
    const { code } = await owner.waitForMail(email, 1);
    const answer = await owner.post(API_PATHS.verifyAccount, { email, code });
    expect(answer.status).toBe(400);
    const login = await strangers[0]!.post(API_PATHS.login, {
      email,
      password: strangerPassword(0),
    });
    expect(login.status).toBe(403);
  });
});
