// A view that cannot load or render: the layout stays, the failure is the store's, and the view
// is tried again on "Try again", when the browser is back online, and on the next navigation.
import { act, render, screen, within } from '@testing-library/react';

import { viewFailed, viewRetried } from '../../../store/navigationSlice';
import { makeStore } from '../../../store/store';
import { renderApp } from '../../../testing/app/renderApp';
import { App } from '../App';

// How many more times each view's chunk fails to load, and whether a view throws on render.
const mockFailures = { signup: 0, activation: 0 };
const mockThrows = { resetPassword: false };

jest.mock('../../../features/signup/SignupView', () => {
  if (mockFailures.signup-- > 0) throw new Error('Loading chunk view-signup failed.');
  return jest.requireActual('../../../features/signup/SignupView');
});
jest.mock('../../../features/signup/ActivationView', () => {
  if (mockFailures.activation-- > 0) throw new Error('Loading chunk view-activation failed.');
  return jest.requireActual('../../../features/signup/ActivationView');
});
jest.mock('../../../features/password/ResetPasswordView', () => {
  const { default: View } = jest.requireActual('../../../features/password/ResetPasswordView');
  return {
    __esModule: true,
    default: () => {
      if (mockThrows.resetPassword) throw new Error('the view broke');
      return <View />;
    },
  };
});

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => jest.restoreAllMocks());

const failureCard = () => screen.findByRole('heading', { name: 'This page could not load' });

it('shows a chunk that failed inside the layout, and "Try again" loads it', async () => {
  mockFailures.signup = 1;
  const { actions, store, user } = renderApp({ path: '/signup' });
  await failureCard();
  expect(screen.getByRole('banner')).toHaveTextContent('Accounts');
  expect(within(screen.getByRole('banner')).getByRole('button', { name: 'ខ្មែរ' })).toBeVisible();
  expect(screen.getByRole('alert')).toHaveTextContent(/Check your connection/);
  expect(actions).toContainEqual(viewFailed({ view: 'signup', reason: 'load' }));
  expect(store.getState().navigation.failure).toEqual({ view: 'signup', reason: 'load' });

  // What is on screen is the state's: a store made from it (as replay's) shows the same card.
  // A bare store on purpose: the recorded state alone, nothing running.
  const replayed = render(<App store={makeStore(store.getState())} />);
  expect(
    await within(replayed.container).findByRole('heading', { name: 'This page could not load' }),
  ).toBeInTheDocument();
  replayed.unmount();

  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
  expect(actions).toContainEqual(viewRetried({ view: 'signup', trigger: 'button' }));
  expect(store.getState().navigation.failure).toBeNull();
});

it('tries again by itself when the browser is back online, in Khmer too', async () => {
  mockFailures.activation = 1;
  const { actions, effects } = renderApp({
    path: '/user/verify-account',
    storage: { localeRef: 'kh' },
  });
  expect(await screen.findByRole('heading', { name: 'មិនអាចផ្ទុកទំព័រនេះបានទេ' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'ព្យាយាមម្ដងទៀត' })).toBeInTheDocument();
  act(() => effects.goOnline());
  expect(await screen.findByRole('heading', { name: 'បើកដំណើរការគណនីរបស់អ្នក' })).toBeVisible();
  expect(actions).toContainEqual(viewRetried({ view: 'activation', trigger: 'online' }));
});

it('shows a view that throws as a failure, and a new navigation tries it again', async () => {
  mockThrows.resetPassword = true;
  const { actions, effects, store } = renderApp({ path: '/user/reset-password' });
  await failureCard();
  expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong while showing it.');
  expect(actions).toContainEqual(viewFailed({ view: 'resetPassword', reason: 'render' }));

  mockThrows.resetPassword = false;
  act(() => effects.history.push('/login'));
  expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
  act(() => effects.history.push('/user/reset-password'));
  expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();
  expect(store.getState().navigation.failure).toBeNull();
});
