// A visitor whom the server refuses for too many attempts reads when to try again, in English and
// in Khmer, beside a form that keeps working.
import { activatedAccount, newAccount } from '../../testing/browser/api';
import { expectView, formAlert, logIn, ROUTES } from '../../testing/browser/app';
import { setUpBrowserSuite } from '../../testing/browser/harness';

const suite = setUpBrowserSuite();

/** Ten wrong passwords from this machine's address, the one the browser also uses. */
async function usedUpTries(email: string) {
  for (let i = 0; i < 10; i += 1) {
    await fetch(`${suite.server.url}/v1/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: `wrong guess ${i}` }),
    });
  }
}

test.each([
  ['en', /Too many attempts\. Please try again in 15 minutes\./],
  ['kh', /សូមព្យាយាមម្ដងទៀតក្នុងរយៈពេល (15|១៥) នាទីទៀត/],
])('in %s, the login form says when to try again', async (localeRef, sentence) => {
  const account = newAccount(`limited-${localeRef}`);
  await activatedAccount(suite.server.url, account);
  await usedUpTries(account.email);

  const { page } = await suite.open({ localeRef });
  await page.goto(suite.server.url + ROUTES.login);
  await expectView(page, 'login');
  await logIn(page, account.email, account.password);
  await formAlert(page).getByText(sentence).waitFor();
  await expectView(page, 'login');
});
