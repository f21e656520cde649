// replay.html for finding things: failures only, `n` / `p` and their buttons, a search that finds
// what the badges say, the session's header, and a preview whose links do nothing.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { FAILED_LOGIN, journeyLogWith } from '../../../testing/actionLog/journey';
import { ReplayPage } from '../ReplayPage';

afterEach(() => jest.restoreAllMocks());

/** The journey, then a form the browser refused and a failed login. */
async function troubledFile(): Promise<{ file: File; refused: number; failed: number }> {
  const { log, before: refused } = await journeyLogWith(
    [
      { type: 'form/validationFailed', payload: { form: 'login', fields: { email: 'REQUIRED' } } },
      ...FAILED_LOGIN,
    ],
    [5, 10, 100],
  );
  const file = new File([JSON.stringify(log)], 'troubled.json', { type: 'application/json' });
  return { file, refused, failed: refused + 2 };
}

async function opened(device?: string) {
  const { file, refused, failed } = await troubledFile();
  const user = userEvent.setup();
  render(<ReplayPage device={device} />);
  await user.upload(screen.getByLabelText('Open an action log'), file);
  const slider = await screen.findByRole('slider', { name: 'Position in the log' });
  return { user, slider, refused, failed, steps: screen.getByRole('region', { name: 'Steps' }) };
}

it('finds the refused form by its badge, and shows the failures only', async () => {
  const { user, steps, refused, failed } = await opened();
  const shownRows = () =>
    [...steps.querySelectorAll('[data-step]')].map((row) => row.getAttribute('data-step'));

  await user.type(within(steps).getByRole('searchbox', { name: 'Find a step' }), 'failed');
  expect(shownRows()).toEqual([String(refused), String(failed)]);
  expect(steps.querySelector(`[data-step="${refused}"]`)).toHaveTextContent(
    /failedlogin form refused in the browser: email REQUIRED$/,
  );

  await user.clear(within(steps).getByRole('searchbox'));
  await user.click(within(steps).getByRole('checkbox', { name: 'Failures only' }));
  expect(shownRows()).toEqual([String(refused), String(failed)]);
  expect(within(steps).getByText(/of \d+ steps/)).toHaveTextContent(/^2 of \d+ steps$/);
});

it('moves to the next and previous failure with n and p, and with the buttons', async () => {
  const { user, slider, refused, failed } = await opened();
  await user.click(screen.getByRole('button', { name: 'First state' }));
  (document.activeElement as HTMLElement).blur();

  await user.keyboard('n');
  expect(slider).toHaveValue(String(refused + 1));
  await user.keyboard('n');
  expect(slider).toHaveValue(String(failed + 1));
  expect(screen.getByRole('button', { name: 'Next failure (n)' })).toBeDisabled();
  await user.keyboard('p');
  expect(slider).toHaveValue(String(refused + 1));

  await user.click(screen.getByRole('button', { name: 'Next failure (n)' }));
  expect(slider).toHaveValue(String(failed + 1));
  await user.click(screen.getByRole('button', { name: 'Previous failure (p)' }));
  expect(slider).toHaveValue(String(refused + 1));

  // Typing `n` in the search box is typing, not a move.
  await user.type(screen.getByRole('searchbox', { name: 'Find a step' }), 'n');
  expect(slider).toHaveValue(String(refused + 1));
});

it('says when, how long, which app, language and device, in both languages', async () => {
  const { user } = await opened('mobile');
  const session = screen.getByRole('region', { name: 'The session' });
  const value = (term: string) =>
    within(session).getByText(term).closest('div')!.querySelector('dd')!.textContent;
  expect(value('When')).toMatch(/\d{4}.*\d:\d\d:\d\d.*(UTC|GMT)/);
  expect(value('How long')).toMatch(/^\d+ s$/);
  expect(value('App version')).toBe('1.0.0');
  expect(value('Language')).toBe('en');
  expect(value('Device')).toBe('mobile');

  await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'kh');
  expect(await screen.findByRole('region', { name: 'វគ្គប្រើប្រាស់' })).toHaveTextContent('mobile');
  expect(screen.getByRole('button', { name: 'ការបរាជ័យបន្ទាប់ (n)' })).toBeInTheDocument();
});

it('keeps the preview’s links inert: its footer’s download does nothing', async () => {
  const createObjectURL = jest.fn(() => 'blob:x');
  Object.defineProperty(URL, 'createObjectURL', { value: createObjectURL, configurable: true });
  await opened();
  const preview = screen.getByRole('region', { name: 'The app in this state' });
  preview.querySelector('details')?.setAttribute('open', '');
  const user = userEvent.setup();
  const before = window.location.href;
  await user.click(within(preview).getByRole('link', { name: 'Download activity log' }));
  expect(createObjectURL).not.toHaveBeenCalled();
  expect(window.location.href).toBe(before);
});
