// The step list of replay.html on small logs made by hand: the replay command's words and indexes,
// the search, the failure marks, moving by click, Enter and arrows, and the window of rows.
import type { UnknownAction } from '@reduxjs/toolkit';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { actionLogText } from '../../../contract/action-log';
import { stateHash } from '../../../store/actionLog/stateHash';
import { tokenRejected, verifyStarted } from '../../../store/authSlice';
import { localeChanged } from '../../../store/locale/localeSlice';
import { rootReducer } from '../../../store/rootReducer';
import { locationChanged } from '../../../store/router/routerSlice';
import { ReplayPage } from '../ReplayPage';

const START = Date.UTC(2026, 0, 1);

function login(requestId: string, outcome: 'rejected' | 'fulfilled'): UnknownAction {
  const meta = { arg: { endpointName: 'login', type: 'mutation' }, requestId };
  return outcome === 'rejected'
    ? {
        type: 'api/executeMutation/rejected',
        payload: { status: 401, data: { error: true, code: 'INVALID_CREDENTIALS' } },
        meta,
      }
    : { type: 'api/executeMutation/fulfilled', payload: { error: false }, meta };
}

/** A visitor on /login who mistypes the password once, then gets in, then switches language. */
const SMALL_LOG: Array<[offsetMs: number, action: UnknownAction]> = [
  [0, locationChanged({ action: 'POP', location: loc('/login') })],
  [10, verifyStarted({ navigationKey: 'k1' })],
  [40, tokenRejected({ navigationKey: 'k1', code: 'INVALID_TOKEN' })],
  [
    4620,
    {
      type: 'api/executeMutation/pending',
      meta: { arg: { endpointName: 'login' }, requestId: 'a' },
    },
  ],
  [4710, login('a', 'rejected')],
  [
    9000,
    {
      type: 'api/executeMutation/pending',
      meta: { arg: { endpointName: 'login' }, requestId: 'b' },
    },
  ],
  [9120, login('b', 'fulfilled')],
  [12_000, localeChanged('kh')],
];

function loc(pathname: string) {
  return { pathname, search: '', hash: '', key: pathname, state: null };
}

/** The log file's text, with the hashes a recording would hold (`alter` changes one of them). */
function logText(entries: Array<[number, UnknownAction]>, alter?: number): string {
  const preloaded = rootReducer(undefined, { type: '@@INIT' });
  let state = preloaded;
  const stateHashes = entries.map(([, action], index) => {
    state = rootReducer(state, action);
    return index === alter ? '00000000' : stateHash(state);
  });
  return actionLogText({
    actionJsons: entries.map(([, action]) => JSON.stringify(action)),
    preloadedStateJson: JSON.stringify(preloaded),
    timestamps: entries.map(([offset]) => START + offset),
    stateHashes,
  });
}

async function openLog(text: string) {
  const user = userEvent.setup();
  render(<ReplayPage />);
  await user.upload(
    screen.getByLabelText('Open an action log'),
    new File([text], 'activity-log.json', { type: 'application/json' }),
  );
  const steps = await screen.findByRole('region', { name: 'Steps' });
  return {
    user,
    steps,
    slider: screen.getByRole('slider', { name: 'Position in the log' }),
    search: within(steps).getByRole('searchbox', { name: 'Find a step' }),
    rows: () => [...steps.querySelectorAll<HTMLElement>('li[data-step]')],
    row: (index: number) => steps.querySelector<HTMLElement>(`li[data-step="${index}"]`)!,
  };
}

const indexes = (rows: HTMLElement[]) => rows.map((row) => Number(row.dataset.step));

it('lists one step per action with the replay command’s index, time and words', async () => {
  const { rows, row, slider } = await openLog(logText(SMALL_LOG));
  expect(indexes(rows())).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  expect(row(0)).toHaveTextContent(/^#0 \+0\.00 s→ \/login$/);
  expect(row(2)).toHaveTextContent(/^#2 \+0\.04 sa guest: no valid token$/);
  expect(row(3)).toHaveTextContent(/^#3 \+4\.62 slogin sent$/);
  expect(row(4)).toHaveTextContent(
    /^#4 \+4\.71 sfailedlogin FAILED 401 INVALID_CREDENTIALS \(90 ms\)$/,
  );
  expect(row(6)).toHaveTextContent(/^#6 \+9\.12 slogin OK \(120 ms\)$/);
  expect(row(7)).toHaveTextContent(/^#7 \+12\.00 slanguage kh$/);
  expect(screen.getByText('8 of 8 steps')).toBeInTheDocument();

  // The log opens on its last state: the step list and the position name the same action.
  expect(slider).toHaveValue('8');
  expect(slider).toHaveAttribute('aria-valuetext', 'After action #7 (the last is #7)');
  expect(within(row(7)).getByRole('button')).toHaveAttribute('aria-current', 'step');
  expect(document.querySelectorAll('[aria-current="step"]')).toHaveLength(1);
  // A clean log has no warning.
  expect(document.querySelector('.replay-warning')).toBeNull();
});

it('filters the steps by their words, in any case, or by #index', async () => {
  const { user, search, rows } = await openLog(logText(SMALL_LOG));

  await user.type(search, 'FAILED');
  expect(indexes(rows())).toEqual([4]);
  expect(screen.getByText('1 of 8 steps')).toBeInTheDocument();

  await user.clear(search);
  await user.type(search, 'LoGiN');
  expect(indexes(rows())).toEqual([0, 3, 4, 5, 6]);

  await user.clear(search);
  await user.type(search, '#2');
  expect(indexes(rows())).toEqual([2]);

  await user.clear(search);
  await user.type(search, 'nothing like this');
  expect(rows()).toHaveLength(0);
  expect(screen.getByText('0 of 8 steps')).toBeInTheDocument();

  await user.clear(search);
  expect(rows()).toHaveLength(8);
});

it('marks failed steps in the list, for the eye and for screen readers, and on the slider', async () => {
  const { rows, row } = await openLog(logText(SMALL_LOG));
  const failed = rows().filter((item) => item.classList.contains('replay-step--failed'));
  expect(indexes(failed)).toEqual([4]);
  expect(within(row(4)).getByText('failed')).toHaveClass('replay-step__mark');
  expect(within(row(4)).getByRole('button')).toHaveAccessibleName(/failed/);
  expect(within(row(3)).queryByText('failed')).toBeNull();
  // The tick sits at the state after action #4: position 5 of 8.
  const ticks = document.querySelectorAll<HTMLElement>('.replay-controls__mark');
  expect(ticks).toHaveLength(1);
  expect(ticks[0]!.style.left).toBe('62.5%');
});

it('moves to the state after the step clicked, or chosen with Enter and the arrow keys', async () => {
  const { user, slider, row, search } = await openLog(logText(SMALL_LOG));
  const button = (index: number) => within(row(index)).getByRole('button');

  await user.click(button(2));
  expect(slider).toHaveValue('3');
  expect(slider).toHaveAttribute('aria-valuetext', 'After action #2 (the last is #7)');
  expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('#2 a guest: no valid token');
  expect(button(2)).toHaveAttribute('aria-current', 'step');
  expect(button(7)).not.toHaveAttribute('aria-current');
  // The list is one tab stop: the current step.
  expect(button(2)).toHaveAttribute('tabindex', '0');
  expect(button(3)).toHaveAttribute('tabindex', '-1');

  await user.keyboard('{ArrowDown}');
  expect(slider).toHaveValue('4');
  expect(button(3)).toHaveFocus();
  await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
  expect(slider).toHaveValue('5');
  expect(button(4)).toHaveFocus();
  await user.keyboard('{Home}');
  expect(slider).toHaveValue('1');
  await user.keyboard('{ArrowUp}');
  expect(slider).toHaveValue('1');
  await user.keyboard('{End}');
  expect(slider).toHaveValue('8');
  expect(button(7)).toHaveFocus();

  button(4).focus();
  await user.keyboard('{Enter}');
  expect(slider).toHaveValue('5');
  expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(
    '#4 login FAILED 401 INVALID_CREDENTIALS (90 ms)',
  );

  // In a filtered list the arrows go from one match to the next.
  await user.type(search, 'login');
  button(4).focus();
  await user.keyboard('{ArrowDown}');
  expect(slider).toHaveValue('6');
  await user.keyboard('{ArrowDown}');
  expect(slider).toHaveValue('7');

  // The step buttons and the slider move the list's mark too.
  await user.click(screen.getByRole('button', { name: 'First state' }));
  expect(document.querySelector('[aria-current="step"]')).toBeNull();
  expect(slider).toHaveAttribute('aria-valuetext', 'Before the first action (the last is #7)');
  fireEvent.change(slider, { target: { value: '1' } });
  expect(button(0)).toHaveAttribute('aria-current', 'step');
});

it('names the position with the command’s index in Khmer too', async () => {
  const { user, slider } = await openLog(logText(SMALL_LOG));
  await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'kh');
  await screen.findByRole('region', { name: 'ជំហាន' });
  expect(slider).toHaveAttribute('aria-valuetext', 'ក្រោយសកម្មភាព #7 (សកម្មភាពចុងក្រោយគឺ #7)');
  expect(screen.getByText('8 ក្នុងចំណោម 8 ជំហាន')).toBeInTheDocument();
  expect(screen.getByText('បរាជ័យ')).toHaveClass('replay-step__mark');
});

it('warns once where the replay differs from the recording, and goes there', async () => {
  const { user, slider } = await openLog(logText(SMALL_LOG, 3));
  const warning = document.querySelector('.replay-warning');
  expect(warning).toHaveAttribute('role', 'alert');
  expect(warning).toHaveTextContent(
    'This replay differs from the recording after action #3 (api/executeMutation/pending)',
  );
  await user.click(screen.getByRole('button', { name: 'Show action #3' }));
  expect(slider).toHaveValue('4');
});

it('renders only the rows in view of a 10,000-action log, over a spacer as tall as all', async () => {
  const entries = Array.from({ length: 10_000 }, (_, index): [number, UnknownAction] => [
    index * 50,
    localeChanged(index % 2 ? 'en' : 'kh'),
  ]);
  const { user, steps, rows, search, slider } = await openLog(logText(entries));
  expect(screen.getByText('10000 of 10000 steps')).toBeInTheDocument();
  const list = steps.querySelector<HTMLElement>('.replay-steps__list')!;
  expect(list.style.height).toBe(`${10_000 * 48}px`);
  expect(rows().length).toBeGreaterThan(0);
  expect(rows().length).toBeLessThan(100);
  expect(rows().at(0)).toHaveAttribute('aria-setsize', '10000');

  // Indexes read as the replay command prints them, with no thousands separator.
  expect(slider).toHaveAttribute('aria-valuetext', 'After action #9999 (the last is #9999)');

  await user.type(search, '#5000');
  expect(indexes(rows())).toEqual([5000]);
  expect(rows()[0]).toHaveTextContent('#5000 +250.00 slanguage kh');
  await user.click(within(rows()[0]!).getByRole('button'));
  expect(slider).toHaveValue('5001');
  expect(slider).toHaveAttribute('aria-valuetext', 'After action #5000 (the last is #9999)');
});
