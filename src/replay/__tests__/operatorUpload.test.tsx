import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { generatedLogText } from '../../../testing/actionLog/generatedLog';
import { json, stubFetch } from '../../../testing/app/fetchStub';
import { ReplayPage } from '../ReplayPage';

afterEach(() => {
  jest.restoreAllMocks();
  window.localStorage.clear();
});

it('opens an upload by its reference through the operator API, with the stored session', async () => {
  window.localStorage.setItem('token', 'operator-token');
  const requests = stubFetch(() =>
    json(200, { error: false, reference: 'ABCD-EFGH', log: generatedLogText(7) }),
  );
  render(<ReplayPage upload="abcd-efgh" />);
  await screen.findByText(/^ABCD-EFGH\.json: 7 actions recorded by /);
  expect(requests.map((r) => [new URL(r.url).pathname, r.headers.get('authorization')])).toEqual([
    ['/v1/api/operator/uploads/abcd-efgh', 'Bearer operator-token'],
  ]);
});

it('says what to do when the session is not confirmed, and tries again on the button', async () => {
  window.localStorage.setItem('token', 'operator-token');
  let confirmed = false;
  stubFetch(() =>
    confirmed
      ? json(200, { error: false, reference: 'ABCD-EFGH', log: generatedLogText(3) })
      : json(403, { error: true, code: 'CONFIRMATION_REQUIRED', message: 'Confirm.' }),
  );
  const user = userEvent.setup();
  render(<ReplayPage upload="ABCD-EFGH" />);
  await screen.findByText(/confirm it is you \(with two-step sign-in or a passkey\)/);
  expect(screen.getByRole('link', { name: 'Open the support console' })).toHaveAttribute(
    'href',
    '/operator?panel=reference',
  );
  confirmed = true;
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  await screen.findByText(/^ABCD-EFGH\.json: 3 actions recorded by /);
});

it.each([
  [401, 'INVALID_TOKEN', 'Sign in to the app as an operator in this browser'],
  [403, 'FORBIDDEN', 'Only an operator may open activity logs by reference.'],
  [404, 'NOT_FOUND', 'No activity log has the reference ZZZZ-ZZZZ.'],
  [503, 'UNAVAILABLE', 'The activity log could not be loaded.'],
])('reads a %i %s in words', async (status, code, said) => {
  window.localStorage.setItem('token', 'a-token');
  stubFetch(() => json(status, { error: true, code, message: code }));
  render(<ReplayPage upload="ZZZZ-ZZZZ" />);
  await screen.findByText(new RegExp(said.replace(/[.()]/g, '\\$&')));
});

it('asks for a sign-in without a stored session, sending nothing', async () => {
  const requests = stubFetch(() => json(500, {}));
  render(<ReplayPage upload="ABCD-EFGH" />);
  await screen.findByText(/Sign in to the app as an operator/);
  expect(requests).toEqual([]);
});
