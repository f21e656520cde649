// A visitor who signs up and logs in at once, before the mail has even left (the server's mail
// worker is held back here), reads that the account waits for its code, not that the password is
// wrong: the sign-up's 201 means the sign-up exists. In Chromium against the real server, in
// English and Khmer, at 1280 and 360 px.
import { newAccount } from '../../testing/browser/api';
import { expectView, field, formAlert, ROUTES, submitButton } from '../../testing/browser/app';
import { axeViolations } from '../../testing/browser/axe';
import { DESKTOP, PHONE } from '../../testing/browser/browser';
import { setUpBrowserSuite } from '../../testing/browser/harness';

// The worker starts a minute after each answer at the latest: long after this test's login.
const suite = setUpBrowserSuite({ env: { MAIL_KICK_DELAY_MS: '60000', MAIL_POLL_MS: '60000' } });
const NARROW = { ...PHONE, viewport: { width: 360, height: 740 } };

const WORDS = {
  en: {
    name: 'Name',
    email: 'Email',
    password: 'Password',
    signUp: 'Sign up',
    waits: 'not activated yet',
  },
  kh: {
    name: 'ឈ្មោះ',
    email: 'អ៊ីមែល',
    password: 'ពាក្យសម្ងាត់',
    signUp: 'ចុះឈ្មោះ',
    waits: 'មិនទាន់បានបើកដំណើរការ',
  },
} as const;

describe.each([
  ['en', DESKTOP],
  ['kh', NARROW],
  ['en', NARROW],
  ['kh', DESKTOP],
] as const)('signing up, then logging in at once, in %s', (language, options) => {
  test(`at ${options.viewport?.width} px says the account waits for its code`, async () => {
    const words = WORDS[language];
    const account = newAccount(`at-once-${language}`);
    const { page } = await suite.open({ localeRef: language }, options);
    await page.goto(suite.server.url + ROUTES.signup);
    await expectView(page, 'signup');
    await page.getByLabel(words.name, { exact: true }).fill(account.name);
    await page.getByLabel(words.email, { exact: true }).fill(account.email);
    await page.getByLabel(words.password, { exact: true }).fill(account.password);
    await page.getByRole('button', { name: words.signUp, exact: true }).click();
    await expectView(page, 'activation');

    await page.goto(suite.server.url + ROUTES.login);
    await expectView(page, 'login');
    await field(page, 'email').fill(account.email);
    await field(page, 'password').fill(account.password);
    await submitButton(page).click();
    await expect(formAlert(page).textContent()).resolves.toContain(words.waits);
    await expect(formAlert(page).textContent()).resolves.toContain(account.email);
    expect(await axeViolations(page)).toEqual([]);
  });
});
