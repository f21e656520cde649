// The details a visitor meets around the forms, in Chromium against the real server, in English
// and Khmer at 1280 and 360 px: a new password judged while it is typed; "Show password" as an
// icon with a name; a mail's link opening the page in the mail's language; two-step setup on a
// phone opening the key in the authenticator app; the browser told that a deleted account's
// passkeys sign in to nothing; and what makes the app installable and its first paint speak.
import { activatedAccount, newAccount, waitForMail } from '../../testing/browser/api';
import { confirmIt, expectView, field, openSection, ROUTES } from '../../testing/browser/app';
import { axeViolations } from '../../testing/browser/axe';
import { DESKTOP, PHONE } from '../../testing/browser/browser';
import { setUpBrowserSuite } from '../../testing/browser/harness';

const suite = setUpBrowserSuite();
const NARROW = { ...PHONE, viewport: { width: 360, height: 740 } };

const WORDS = {
  en: {
    name: 'Name',
    email: 'Email',
    password: 'Password',
    repeats: 'This password repeats itself',
    personal: 'made of your name, your email',
    good: 'Hard to guess: a good password.',
    show: 'Show password',
    hide: 'Hide password',
  },
  kh: {
    name: 'ឈ្មោះ',
    email: 'អ៊ីមែល',
    password: 'ពាក្យសម្ងាត់',
    repeats: 'តួអក្សរដដែលៗ',
    personal: 'បង្កើតចេញពីឈ្មោះ',
    good: 'ពិបាកទាយ៖ ជាពាក្យសម្ងាត់ល្អ។',
    show: 'បង្ហាញពាក្យសម្ងាត់',
    hide: 'លាក់ពាក្យសម្ងាត់',
  },
} as const;

describe.each([
  ['en', DESKTOP],
  ['kh', NARROW],
  ['en', NARROW],
  ['kh', DESKTOP],
] as const)('in %s', (language, options) => {
  const words = WORDS[language];
  const width = options.viewport?.width;

  test(`at ${width} px the sign-up says while the password is typed whether it is easy to guess`, async () => {
    const { page } = await suite.open({ localeRef: language }, options);
    await page.goto(suite.server.url + ROUTES.signup);
    await expectView(page, 'signup');
    await page.getByLabel(words.name, { exact: true }).fill('Sokha Chan');
    await page.getByLabel(words.email, { exact: true }).fill('sokha.chan@example.com');
    const password = page.getByLabel(words.password, { exact: true });
    const status = page.locator('.field__status');
    await password.pressSequentially('aaaaaaaa');
    await status.filter({ hasText: words.repeats }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await password.fill('');
    await password.pressSequentially('sokhachan1');
    await status.filter({ hasText: words.personal }).waitFor();
    await password.fill('');
    await password.pressSequentially('river of blue mangoes');
    await status.filter({ hasText: words.good }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // "Show password" is an icon with a name in the visitor's language, and leaves the field
    // most of the row.
    const toggle = page.getByRole('button', { name: words.show, exact: true });
    const [toggleBox, inputBox] = [await toggle.boundingBox(), await password.boundingBox()];
    expect(toggleBox!.width).toBeLessThan((inputBox!.width + toggleBox!.width) * 0.2);
    await toggle.click();
    await expect(password.getAttribute('type')).resolves.toBe('text');
    await page.getByRole('button', { name: words.hide, exact: true }).waitFor();
  });

  test(`at ${width} px a link in a mail opens the page in the mail's language`, async () => {
    const account = newAccount(`link-${language}`);
    // The mail is written in the other language than the one this browser has stored.
    const other = language === 'en' ? 'kh' : 'en';
    await fetch(`${suite.server.url}/v1/api/user/signup`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'accept-language': other === 'kh' ? 'km' : 'en',
      },
      body: JSON.stringify(account),
    });
    const mail = await waitForMail(suite.server.url, account.email, 1);
    const link = new URL(mail.link!);
    expect(link.searchParams.get('lang')).toBe(other);
    const { page } = await suite.open({ localeRef: language }, options);
    await page.goto(suite.server.url + link.pathname + link.search);
    await expectView(page, 'activation');
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe(
      other === 'kh' ? 'km' : 'en',
    );
    expect(await page.evaluate(() => localStorage.getItem('localeRef'))).toBe(other);
    expect(new URL(page.url()).searchParams.has('lang')).toBe(false);
    await expect(field(page, 'code').inputValue()).resolves.toBe(mail.code);
    expect(await axeViolations(page)).toEqual([]);
  });
});

test('on a phone, two-step setup offers to open the key in the authenticator app', async () => {
  const account = newAccount('phone-setup');
  const { token } = await activatedAccount(suite.server.url, account);
  const { page } = await suite.open({ token }, NARROW);
  await page.goto(suite.server.url + ROUTES.home);
  await expectView(page, 'home');
  const twoStep = await openSection(page, 'Two-step sign-in');
  await confirmIt(twoStep, account.password);
  await twoStep.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  const open = twoStep.getByRole('link', { name: 'Open in authenticator app' });
  const href = await open.getAttribute('href');
  expect(href).toMatch(/^otpauth:\/\/totp\/.*secret=[A-Z2-7]{32}/);
  expect(await axeViolations(page)).toEqual([]);
  // A reload during the setup: still confirmed, asked again, the server answers the same key.
  await page.reload();
  await expectView(page, 'home');
  await twoStep.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  await expect(open.getAttribute('href')).resolves.toBe(href);
});

test('deleting an account tells the browser its passkeys sign in to nothing', async () => {
  const account = newAccount('signal');
  const session = await activatedAccount(suite.server.url, account);
  const { page, context } = await suite.open({ token: session.token });
  // What the page tells the browser, where it can (Chromium has the Signal API).
  await context.addInitScript(() => {
    const calls: unknown[] = [];
    (window as unknown as { signals: unknown[] }).signals = calls;
    const credential = window.PublicKeyCredential as unknown as Record<string, unknown>;
    if (credential) {
      credential.signalAllAcceptedCredentials = (options: unknown) => {
        calls.push(options);
        return Promise.resolve();
      };
    }
  });
  await page.goto(suite.server.url + ROUTES.home);
  await expectView(page, 'home');
  const danger = await openSection(page, 'Delete your account');
  await confirmIt(danger, account.password);
  await danger.getByLabel('I understand that my account will be deleted for good.').check();
  await danger.getByRole('button', { name: 'Delete my account' }).click();
  await expectView(page, 'login');
  // The app navigated in place: the page that recorded the call is still the one on screen.
  const signals = await page.evaluate(() => (window as unknown as { signals: unknown[] }).signals);
  expect(signals).toEqual([
    {
      rpId: new URL(suite.server.url).hostname,
      userId: Buffer.from(session.user.id, 'utf8').toString('base64url'),
      allAcceptedCredentialIds: [],
    },
  ]);
});

test('the app is installable: a manifest with icons, a theme colour and a description', async () => {
  const { page } = await suite.open();
  await page.goto(suite.server.url + ROUTES.login);
  await expectView(page, 'login');
  const head = await page.evaluate(() => ({
    manifest: document.querySelector('link[rel="manifest"]')?.getAttribute('href'),
    theme: document.querySelector('meta[name="theme-color"]')?.getAttribute('content'),
    description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
  }));
  expect(head.theme).toMatch(/^#[0-9a-f]{6}$/);
  expect(head.description!.length).toBeGreaterThan(50);
  const manifest = (await (await fetch(suite.server.url + head.manifest!)).json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Accounts', start_url: '/', display: 'standalone' });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of manifest.icons) {
    const answer = await fetch(suite.server.url + icon.src);
    expect([icon.src, answer.status, answer.headers.get('content-type')]).toEqual([
      icon.src,
      200,
      'image/png',
    ]);
  }
  const cdp = await page.context().newCDPSession(page);
  const { errors } = await cdp.send('Page.getAppManifest');
  expect(errors).toEqual([]);
});

test('the first paint says it is loading, in both languages, before any script runs', async () => {
  // The page as it is before its script: the app's files refused.
  const { page, context } = await suite.open();
  await context.route('**/*.js', (route) => route.abort());
  await page.goto(suite.server.url + ROUTES.login);
  const status = page.getByRole('status').filter({ hasText: 'Loading…' });
  await status.waitFor();
  await expect(status.locator('[lang="km"]').textContent()).resolves.toBe('កំពុងផ្ទុក…');
  expect(await page.locator('[role="progressbar"]').count()).toBe(0);
  // Its bar shows once the wait is long enough to notice, by CSS alone.
  await page.waitForFunction(
    () => getComputedStyle(document.querySelector('.loading-card__bar')!).opacity === '1',
  );
  expect(await axeViolations(page)).toEqual([]);
});
