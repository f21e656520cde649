// Development: a view that throws while rendering shows its error (not the visitor's "This page
// could not load"), and the next hot update (the fix, applied) tries it again.
import { act, screen } from '@testing-library/react';

import { viewRetried } from '../../../store/navigationSlice';
import { renderApp } from '../../../testing/app/renderApp';
import { retryBrokenViewAfterHotUpdate } from '../viewErrors';

const mockThrows = { resetPassword: false };

jest.mock('../../../features/password/ResetPasswordView', () => {
  const { default: View } = jest.requireActual('../../../features/password/ResetPasswordView');
  return {
    __esModule: true,
    default: function ResetPasswordView() {
      if (mockThrows.resetPassword) throw new TypeError('reading "fields" of undefined');
      return <View />;
    },
  };
});

const environment = process.env.NODE_ENV;
beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => {
  process.env.NODE_ENV = environment;
  jest.restoreAllMocks();
});

it('shows the error in development, and recovers on the next hot update', async () => {
  process.env.NODE_ENV = 'development';
  mockThrows.resetPassword = true;
  const { actions, store } = renderApp({ path: '/user/reset-password' });
  expect(
    await screen.findByRole('heading', { name: 'TypeError: reading "fields" of undefined' }),
  ).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent(/In the components:\s+at ResetPasswordView/);
  expect(screen.queryByText('This page could not load')).toBeNull();

  mockThrows.resetPassword = false;
  act(() => retryBrokenViewAfterHotUpdate(store));
  expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();
  expect(actions).toContainEqual(viewRetried({ view: 'resetPassword', trigger: 'hotUpdate' }));
  expect(store.getState().navigation.failure).toBeNull();
});

it("shows the visitor's words outside development", async () => {
  mockThrows.resetPassword = true;
  renderApp({ path: '/user/reset-password' });
  expect(
    await screen.findByRole('heading', { name: 'This page could not load' }),
  ).toBeInTheDocument();
  expect(screen.queryByText(/TypeError/)).toBeNull();
  mockThrows.resetPassword = false;
});
