import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { stubFetch } from '../../../__tests__/support/fetchStub';
import { recordedJourney } from '../../../store/actionLog/__tests__/support/journey';
import { ReplayPage } from '../ReplayPage';

afterEach(() => jest.restoreAllMocks());

async function recordedLog(): Promise<File> {
  const { store } = await recordedJourney();
  jest.restoreAllMocks();
  return new File([store.actionLog.export()], 'activity-log.json', { type: 'application/json' });
}

it('opens a log and steps through its states with the real views, sending nothing', async () => {
  const file = await recordedLog();
  const requests = stubFetch(() => new Response('{}'));
  const pushState = jest.spyOn(window.history, 'pushState');
  const user = userEvent.setup();
  render(<ReplayPage />);

  await user.upload(screen.getByLabelText('Open an action log'), file);
  const slider = await screen.findByRole('slider', { name: 'Position in the log' });
  const preview = screen.getByRole('region', { name: 'The app in this state' });
  const last = Number(slider.getAttribute('max'));
  expect(slider).toHaveValue(String(last));
  expect(await within(preview).findByRole('button', { name: 'Log out' })).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'First state' }));
  expect(slider).toHaveValue('0');
  expect(screen.getByRole('heading', { name: 'Before the first action' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Next action' }));
  // The first action is RTK Query registering its middleware: the change table names the field.
  expect(
    screen.getByRole('heading', { level: 2, name: 'api/config/middlewareRegistered' }),
  ).toBeInTheDocument();
  expect(
    screen.getByRole('rowheader', { name: 'api.config.middlewareRegistered' }),
  ).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Next action' }));
  expect(
    screen.getByRole('heading', { level: 2, name: 'router/locationChanged' }),
  ).toBeInTheDocument();
  // The first navigation lands where the store already started; only the wait for it begins.
  expect(screen.getByRole('rowheader', { name: 'navigation.wait' })).toBeInTheDocument();
  expect(screen.queryByRole('rowheader', { name: /^router\./ })).toBeNull();

  // Keyboard: the step buttons work with Enter (the range input takes arrows in browsers).
  await user.click(screen.getByRole('button', { name: 'Last state' }));
  screen.getByRole('button', { name: 'Previous action' }).focus();
  await user.keyboard('{Enter}{Enter}');
  expect(slider).toHaveValue(String(last - 2));

  // A click inside a replayed view goes nowhere.
  await user.click(screen.getByRole('button', { name: 'Last state' }));
  await user.click(await within(preview).findByRole('button', { name: 'Log out' }));
  expect(requests).toHaveLength(0);
  expect(pushState).not.toHaveBeenCalled();
  expect(slider).toHaveValue(String(last));
});

it('refuses a file that is not a log with one line saying why', async () => {
  const user = userEvent.setup();
  render(<ReplayPage />);
  await user.upload(
    screen.getByLabelText('Open an action log'),
    new File(['{"payload":'], 'cut.json', { type: 'application/json' }),
  );
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'This file cannot be replayed: the file is truncated: its JSON ends early',
  );
  expect(screen.queryByRole('slider')).not.toBeInTheDocument();
});

it('speaks Khmer when asked', async () => {
  const user = userEvent.setup();
  render(<ReplayPage />);
  await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'kh');
  expect(await screen.findByLabelText('បើកកំណត់ហេតុសកម្មភាព')).toBeInTheDocument();
});
