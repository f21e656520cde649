// The two languages on every view, and the accessibility of every view in each.
import type { Page } from 'playwright-core';

import { activatedAccount, newAccount } from '../../testing/browser/api';
import {
  expectView,
  formAlert,
  logIn,
  ROUTES,
  view,
  type ViewName,
} from '../../testing/browser/app';
import { axeViolations } from '../../testing/browser/axe';
import { setUpBrowserSuite } from '../../testing/browser/harness';

const suite = setUpBrowserSuite();
const KHMER = /[\u1780-\u17FF]/;
const ALL_VIEWS: ViewName[] = ['login', 'signup', 'activation', 'home'];

async function openView(name: ViewName, localeRef?: string): Promise<Page> {
  const token =
    name === 'home'
      ? (await activatedAccount(suite.server.url, newAccount('language'))).token
      : undefined;
  const { page } = await suite.open({ token, localeRef });
  await page.goto(suite.server.url + ROUTES[name]);
  await expectView(page, name);
  return page;
}

function heading(page: Page, name: ViewName) {
  return view(page, name).getByRole('heading', { level: 1 });
}

describe.each([
  ['kh', 'km', true],
  ['en', 'en', false],
] as const)('in %s', (localeRef, lang, khmer) => {
  test.each(ALL_VIEWS)('the %s view speaks the language and has no axe violation', async (name) => {
    const page = await openView(name, localeRef);

    await expect(page.locator('html').getAttribute('lang')).resolves.toBe(lang);
    await heading(page, name).waitFor();
    expect(KHMER.test(await heading(page, name).innerText())).toBe(khmer);
    expect(await axeViolations(page)).toEqual([]);
  });
});

test('the switch on the page changes the language, and the choice survives a reload', async () => {
  const page = await openView('login');
  await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en');

  await page.getByRole('button', { name: 'ខ្មែរ' }).click();
  await page.locator('html[lang="km"]').waitFor({ state: 'attached' });
  await expect(heading(page, 'login').innerText()).resolves.toMatch(KHMER);
  expect(await page.evaluate(() => localStorage.getItem('localeRef'))).toBe('kh');

  await page.reload();
  await expectView(page, 'login');
  await expect(page.locator('html').getAttribute('lang')).resolves.toBe('km');
  await expect(heading(page, 'login').innerText()).resolves.toMatch(KHMER);

  await page.getByRole('button', { name: 'English' }).click();
  await page.locator('html[lang="en"]').waitFor({ state: 'attached' });
  await expect(heading(page, 'login').innerText()).resolves.toBe('Log in');
});

test('switching to Khmer loads the bundled Khmer web font', async () => {
  const page = await openView('login');
  const khmerFontLoaded = () =>
    page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].some(
        (face) => face.family.replaceAll('"', '') === 'Noto Sans Khmer' && face.status === 'loaded',
      );
    });
  expect(await khmerFontLoaded()).toBe(false);

  await page.getByRole('button', { name: 'ខ្មែរ' }).click();
  await page.locator('html[lang="km"]').waitFor({ state: 'attached' });
  await expect(heading(page, 'login').innerText()).resolves.toMatch(KHMER);
  await page.waitForFunction(() => document.fonts.status === 'loaded');
  expect(await khmerFontLoaded()).toBe(true);
});

test('in Khmer, numbers in sentences are written in Khmer digits', async () => {
  const page = await openView('signup', 'kh');
  const hint = view(page, 'signup')
    .locator('.field', { has: page.locator('input[name="password"]') })
    .locator('.field__hint');
  await expect(hint.innerText()).resolves.toMatch(/យ៉ាងហោចណាស់ [០-៩]+ តួអក្សរ/);
  await expect(hint.innerText()).resolves.not.toMatch(/[0-9]/);
});

test.each(['fr', 'KH', '"kh"', ''])('an unknown localeRef %p means English', async (localeRef) => {
  const page = await openView('login', localeRef);

  await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en');
  await expect(heading(page, 'login').innerText()).resolves.toBe('Log in');
});

test('a refused log-in says why in Khmer, with no axe violation', async () => {
  const account = newAccount('khmer');
  await activatedAccount(suite.server.url, account);
  const page = await openView('login', 'kh');

  await logIn(page, account.email, `${account.password}-wrong`);
  await formAlert(page).waitFor();

  await expect(formAlert(page).innerText()).resolves.toMatch(KHMER);
  expect(await axeViolations(page)).toEqual([]);
});
