// How the tests find their way around the app: routes, views and the fields of the forms.
import type { Locator, Page } from 'playwright-core';

import { ROUTES, type RouteName } from '../../contract/routes';

export { ROUTES };
export type ViewName = RouteName;

export const GUEST_VIEWS: ViewName[] = ['login', 'signup', 'activation', 'resetPassword'];

export function view(page: Page, name: ViewName): Locator {
  return page.locator(`[data-view="${name}"]`);
}

/** Waits until `name` is the view on screen and the address bar shows `pathname`. */
export async function expectView(page: Page, name: ViewName, pathname = ROUTES[name]) {
  await view(page, name).waitFor();
  expect(new URL(page.url()).pathname).toBe(pathname);
}

export function field(page: Page, name: string): Locator {
  return page.locator(`form input[name="${name}"]`);
}

export function submitButton(page: Page): Locator {
  return page.locator('form [type="submit"]');
}

export function formAlert(page: Page): Locator {
  return page.getByRole('alert').filter({ hasText: /\S/ });
}

/** The home view's section titled `title`. */
export function section(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title, exact: true });
}

/** Opens home's section titled `title` (its heading's link) and waits for its content. */
export async function openSection(page: Page, title: string): Promise<Locator> {
  const region = section(page, title);
  const toggle = region.getByRole('link', { name: title, exact: true });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await region.locator('.home-section__panel').waitFor();
  return region;
}

/**
 * Confirms it is you in `scope` (a section's gate): the password, and the code where two-step
 * sign-in is on; waits until the gate opens.
 */
export async function confirmIt(scope: Locator, password: string, code?: string) {
  const gate = scope.locator('.confirm');
  await gate.getByLabel('Password', { exact: true }).fill(password);
  if (code !== undefined) await gate.getByLabel('Code from your authenticator app').fill(code);
  await gate.getByRole('button', { name: 'Confirm', exact: true }).click();
  await scope.locator('.confirmed').waitFor();
}

/** Logs out from home: the login view shows, and no token is left in the browser. */
export async function logOut(page: Page) {
  await page.locator('.overview .card__actions').getByRole('button', { name: 'Log out' }).click();
  await expectView(page, 'login');
  expect(await storedToken(page)).toBeNull();
}

/** Opens the footer's Help, where the activity-log tools are, if it is not open yet. */
export async function openHelp(page: Page) {
  const help = page.locator('details.help');
  if (!(await help.evaluate((details) => (details as HTMLDetailsElement).open))) {
    await help.locator('summary').click();
  }
}

export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('token'));
}

export async function logIn(page: Page, email: string, password: string) {
  await field(page, 'email').fill(email);
  await field(page, 'password').fill(password);
  await submitButton(page).click();
}

/** Fills and sends the sign-up form the way a visitor does, by its labels. */
export async function signUpThroughForm(
  page: Page,
  account: { name: string; email: string; password: string },
) {
  await page.getByLabel('Name', { exact: true }).fill(account.name);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
}
