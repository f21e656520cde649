import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { refusedActivationLog } from '../../../testing/actionLog/generatedLog';
import { FAILED_LOGIN, journeyLogWith, recordedJourney } from '../../../testing/actionLog/journey';
import { stubFetch } from '../../../testing/app/fetchStub';
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
  expect(screen.getByRole('heading', { level: 2, name: '#0 the app started' })).toBeInTheDocument();
  expect(screen.getByText('api/config/middlewareRegistered')).toBeInTheDocument();
  expect(slider).toHaveAttribute('aria-valuetext', `After action #0 (the last is #${last - 1})`);
  expect(
    screen.getByRole('rowheader', { name: 'api.config.middlewareRegistered' }),
  ).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Next action' }));
  expect(screen.getByRole('heading', { level: 2, name: '#1 → /signup' })).toBeInTheDocument();
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

it('lists the steps in words, finds them, marks failures and moves to the one clicked', async () => {
  const file = await recordedLog();
  const user = userEvent.setup();
  render(<ReplayPage />);
  await user.upload(screen.getByLabelText('Open an action log'), file);
  const steps = await screen.findByRole('region', { name: 'Steps' });
  const slider = screen.getByRole('slider', { name: 'Position in the log' });
  // jsdom lays nothing out: the window shows its first rows.
  expect(steps.querySelector('[data-step="0"]')).toHaveTextContent('#0 +0.00 sthe app started');

  await user.type(within(steps).getByRole('searchbox', { name: 'Find a step' }), 'invalid_token');
  const found = [...steps.querySelectorAll('[data-step]')];
  expect(found.length).toBeGreaterThan(0);
  for (const row of found) expect(row).toHaveTextContent(/verify guest 401 INVALID_TOKEN/);
  expect(within(steps).getByText(/of \d+ steps/)).toHaveTextContent(`${found.length} of`);

  const index = Number(found[0]!.getAttribute('data-step'));
  await user.click(within(found[0] as HTMLElement).getByRole('button'));
  expect(slider).toHaveValue(String(index + 1));
  expect(within(found[0] as HTMLElement).getByRole('button')).toHaveAttribute(
    'aria-current',
    'step',
  );
  await user.keyboard('{ArrowDown}');
  expect(Number(slider.getAttribute('value'))).toBeGreaterThan(index + 1);
});

it('marks failed requests in the list and on the slider, and warns when hashes diverge', async () => {
  const { log, total } = await journeyLogWith(FAILED_LOGIN, [10, 100], '00000000');
  const user = userEvent.setup();
  render(<ReplayPage />);
  await user.upload(
    screen.getByLabelText('Open an action log'),
    new File([JSON.stringify(log)], 'altered.json', { type: 'application/json' }),
  );
  expect(await screen.findByText(/differs from the recording/)).toHaveTextContent(
    `after action #${total - 2}`,
  );
  expect(document.querySelector('.replay-warning')).toHaveAttribute('role', 'alert');
  const steps = screen.getByRole('region', { name: 'Steps' });
  await user.type(within(steps).getByRole('searchbox'), 'FAILED');
  const failed = steps.querySelector(`[data-step="${total - 1}"]`);
  expect(failed).toHaveClass('replay-step--failed');
  expect(failed).toHaveTextContent(/failedlogin FAILED 401 INVALID_CREDENTIALS \(90 ms\)$/);
  expect(document.querySelectorAll('.replay-controls__mark')).toHaveLength(1);
});

it('shows what the server recorded beside the answer it decided, from the page’s own address', async () => {
  const log = refusedActivationLog('page-log', 'page-request-1', Date.UTC(2026, 10, 24, 9));
  const events = [
    {
      time: Date.UTC(2026, 10, 24, 9) + 20,
      event: 'verifyAccount',
      outcome: 'refused',
      status: 400,
      code: 'INVALID_CODE',
      limit_name: 'code-pair',
      limit_left: 3,
      limit_points: 5,
      request_id: 'page-request-1',
    },
    { time: 'not a time', event: 'ignored' },
  ];
  const requests = stubFetch((request) =>
    request.url.endsWith('.server.json') ? new Response(JSON.stringify(events)) : new Response(log),
  );
  render(<ReplayPage logUrl="/logs/P.json" serverUrl="/logs/P.server.json" />);
  const steps = await screen.findByRole('region', { name: 'Steps' });
  const answer = await within(steps).findByText(/^server: /);
  expect(answer).toHaveTextContent(
    'server: verifyAccount 400 INVALID_CODE, try 2 of 5 for this code from this address',
  );
  expect(answer.closest('[data-step]')).toHaveAttribute('data-step', '1');
  expect(requests.map((request) => new URL(request.url).pathname).sort()).toEqual([
    '/logs/P.json',
    '/logs/P.server.json',
  ]);

  // The search finds a step by its server line too.
  const user = userEvent.setup();
  await user.type(within(steps).getByRole('searchbox', { name: 'Find a step' }), 'code-pair');
  expect(within(steps).getByText(/of \d+ steps/)).toHaveTextContent('0 of 2');
  await user.clear(within(steps).getByRole('searchbox', { name: 'Find a step' }));
  await user.type(within(steps).getByRole('searchbox', { name: 'Find a step' }), 'try 2 of 5');
  expect(within(steps).getByText(/of \d+ steps/)).toHaveTextContent('1 of 2');
});
