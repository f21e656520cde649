// Each form view opens with the focus on its first empty field; home, read first, on its heading
// (never on a field below the first screenful); and a skip link leads past the header to main.
import { screen, waitFor } from '@testing-library/react';

import { renderApp } from '../../testing/app/renderApp';

const DARA = 'dara%40example.com';

it.each([
  ['/login', 'Log in', 'Email'],
  ['/signup', 'Create your account', 'Name'],
  ['/user/verify-account', 'Activate your account', 'Email'],
  [`/user/verify-account?email=${DARA}`, 'Activate your account', 'Activation code'],
  [`/user/verify-account?email=${DARA}&code=791860`, 'Activate your account', 'Password'],
  ['/user/reset-password', 'Forgot your password?', 'Email'],
  [`/user/reset-password?email=${DARA}`, 'Choose a new password', 'Reset code'],
])('%s opens with the focus on %p', async (path, heading, field) => {
  renderApp({ path });
  await screen.findByRole('heading', { name: heading });
  await waitFor(() => expect(screen.getByLabelText(field, { exact: true })).toHaveFocus());
});

it.each(['/', '/?section=password'])(
  'home (%s) opens with the focus on its heading',
  async (path) => {
    renderApp({ path, storage: { token: 'tok' } });
    const heading = await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(heading).toHaveFocus());
    // The open section's field does not take it.
    expect(document.activeElement?.tagName).toBe('H1');
  },
);

it('the skip link comes first and takes the focus to main', async () => {
  const { user } = renderApp({ path: '/login' });
  await screen.findByRole('heading', { name: 'Log in' });
  const skip = screen.getByRole('link', { name: 'Skip to main content' });
  expect(document.querySelector('a, button, input')).toBe(skip);
  await user.click(skip);
  expect(screen.getByRole('main')).toHaveFocus();
});
