// A signed-up account that is not activated yet, in Chromium against the real server: the right
// code with a password that is not the one chosen at sign-up, and "Forgot your password?" before
// activation, both end signed in with a new password chosen with the code.
import { loginStatus, newAccount, signUpOnly, waitForMail } from '../../testing/browser/api';
import { expectView, field, formAlert, ROUTES, storedToken } from '../../testing/browser/app';
import { axeViolations } from '../../testing/browser/axe';
import { DESKTOP, PHONE } from '../../testing/browser/browser';
import { setUpBrowserSuite } from '../../testing/browser/harness';

const suite = setUpBrowserSuite();
const NARROW = { ...PHONE, viewport: { width: 360, height: 740 } };

const WORDS = {
  en: {
    notChosen: 'That code is right, but this is not the password chosen at sign-up.',
    choose: 'Choose a new password',
    save: 'Save and activate',
    activate: 'Activate',
    intro: 'Enter the 6-digit code from the email and choose a new password.',
  },
  kh: {
    notChosen: 'លេខកូដនោះត្រឹមត្រូវ',
    choose: 'ជ្រើសរើសពាក្យសម្ងាត់ថ្មី',
    save: 'រក្សាទុក ហើយបើកដំណើរការ',
    activate: 'បើកដំណើរការ',
    intro: 'សូមបញ្ចូលលេខកូដ ៦ ខ្ទង់ពីអ៊ីមែល ហើយជ្រើសរើសពាក្យសម្ងាត់ថ្មី។',
  },
} as const;

describe.each([
  ['en', DESKTOP],
  ['kh', NARROW],
] as const)('a pending account in %s', (language, options) => {
  const words = WORDS[language];

  test('the right code with another password says so, and activates with a new one', async () => {
    const account = newAccount(`not-chosen-${language}`);
    await signUpOnly(suite.server.url, account);
    const mail = await waitForMail(suite.server.url, account.email, 1);
    const link = new URL(mail.link!);
    // As a mail in this language links (the page follows the language a link carries).
    link.searchParams.set('lang', language);
    const { page } = await suite.open({ localeRef: language }, options);
    await page.goto(suite.server.url + link.pathname + link.search);
    await expectView(page, 'activation');
    await field(page, 'password').fill(`${account.password}-misremembered`);
    await page.getByRole('button', { name: words.activate, exact: true }).click();
    await expect(formAlert(page).textContent()).resolves.toContain(words.notChosen);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: words.choose, exact: true }).click();
    await expect(field(page, 'password').count()).resolves.toBe(0);
    const fresh = field(page, 'newPassword');
    await expect(fresh.evaluate((input) => input === document.activeElement)).resolves.toBe(true);
    await expect(field(page, 'code').inputValue()).resolves.toBe(mail.code);
    const chosen = `${account.password}-chosen-anew`;
    await fresh.fill(chosen);
    await page.getByRole('button', { name: words.save, exact: true }).click();
    await expectView(page, 'home');
    expect(await storedToken(page)).toMatch(/\S{20,}/);
    await expect(loginStatus(suite.server.url, account.email, account.password)).resolves.toBe(401);
    await expect(loginStatus(suite.server.url, account.email, chosen)).resolves.toBe(200);
  });

  test('"Forgot your password?" before activation mails a way to finish signing up', async () => {
    const account = newAccount(`forgot-pending-${language}`);
    await signUpOnly(suite.server.url, account);
    const { page } = await suite.open({ localeRef: language }, options);
    await page.goto(suite.server.url + ROUTES.resetPassword);
    await expectView(page, 'resetPassword');
    await field(page, 'email').fill(account.email);
    await page.locator('form [type="submit"]').click();
    await page.waitForURL((url) => url.searchParams.get('email') === account.email);

    const mail = await waitForMail(suite.server.url, account.email, 2);
    expect(mail.text).toContain(mail.code);
    const link = new URL(mail.link!);
    expect(link.pathname).toBe(ROUTES.activation);
    expect(link.searchParams.get('choose')).toBe('1');
    await page.goto(suite.server.url + link.pathname + link.search);
    await expectView(page, 'activation');
    await page.getByText(words.intro, { exact: false }).waitFor();
    await expect(field(page, 'password').count()).resolves.toBe(0);
    await expect(field(page, 'email').inputValue()).resolves.toBe(account.email);
    await expect(field(page, 'code').inputValue()).resolves.toBe(mail.code);
    expect(await axeViolations(page)).toEqual([]);
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);

    const chosen = `${account.password}-after-forgetting`;
    await field(page, 'newPassword').fill(chosen);
    await page.getByRole('button', { name: words.save, exact: true }).click();
    await expectView(page, 'home');
    await expect(loginStatus(suite.server.url, account.email, chosen)).resolves.toBe(200);
    await expect(loginStatus(suite.server.url, account.email, account.password)).resolves.toBe(401);
  });
});
