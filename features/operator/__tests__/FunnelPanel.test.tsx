// The console's funnel panel, on the whole app with a scripted API: the period's figures, every
// day's row and the refusals, in English and in Khmer; another period asked for; a period the
// server refuses.
import { screen, within } from '@testing-library/react';

import { json, USER } from '../../../testing/app/fetchStub';
import { renderApp } from '../../../testing/app/renderApp';

afterEach(() => jest.restoreAllMocks());

const MINUTE = 60_000;
const none = { count: 0, medianMs: null, p90Ms: null };
const day = (date: string, figures: Record<string, unknown> = {}) => ({
  day: date,
  signups: 0,
  activations: 0,
  firstLogins: 0,
  logins: 0,
  resetsRequested: 0,
  resetsCompleted: 0,
  secondFactorFailures: 0,
  refusals: 0,
  signupToActivation: none,
  resetToNewPassword: none,
  ...figures,
});
const FUNNEL = {
  error: false,
  from: '2026-11-20',
  to: '2026-11-21',
  days: [
    day('2026-11-20', {
      signups: 5,
      activations: 3,
      firstLogins: 1,
      logins: 1,
      refusals: 3,
      signupToActivation: { count: 3, medianMs: 3 * MINUTE, p90Ms: 10 * MINUTE },
    }),
    day('2026-11-21', {
      activations: 1,
      firstLogins: 2,
      logins: 3,
      resetsRequested: 3,
      resetsCompleted: 2,
      secondFactorFailures: 2,
      refusals: 3,
      signupToActivation: { count: 1, medianMs: 40 * MINUTE, p90Ms: 40 * MINUTE },
      resetToNewPassword: { count: 2, medianMs: 5 * MINUTE, p90Ms: 20 * MINUTE },
    }),
  ],
  period: {
    ...day(''),
    signups: 5,
    activations: 4,
    firstLogins: 3,
    logins: 4,
    resetsRequested: 3,
    resetsCompleted: 2,
    secondFactorFailures: 2,
    refusals: 6,
    signupToActivation: { count: 4, medianMs: 3 * MINUTE, p90Ms: 40 * MINUTE },
    resetToNewPassword: { count: 2, medianMs: 5 * MINUTE, p90Ms: 20 * MINUTE },
    refusalsByEndpoint: [
      { endpoint: 'loginSecondFactor', code: 'INVALID_CODE', count: 2 },
      { endpoint: 'signup', code: 'VALIDATION password:COMMON_PASSWORD', count: 1 },
    ],
  },
};
delete (FUNNEL.period as { day?: string }).day;

const SELF = {
  error: false,
  user: {
    id: USER.id,
    email: USER.email,
    name: USER.name,
    createdAt: USER.createdAt,
    activatedAt: USER.createdAt,
    lockedAt: null,
    operator: true,
    secondFactor: true,
    passkeys: [],
    sessions: [],
    lastSignInAt: null,
    providers: [],
  },
};

function consoleApp(locale: 'en' | 'kh', funnel: (request: Request) => Response) {
  return renderApp({
    path: '/operator?panel=funnel',
    storage: { token: 'tok', localeRef: locale },
    api: {
      [`GET /v1/api/operator/users/${USER.id}`]: () => json(200, SELF),
      'GET /v1/api/operator/funnel': funnel,
    },
  });
}

const cellsOf = (row: HTMLElement) =>
  [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);

it('shows the period, every day and the refusals in English', async () => {
  consoleApp('en', () => json(200, FUNNEL));
  await screen.findByRole('heading', { name: 'The funnel of every visitor' });
  expect(screen.getByRole('link', { name: 'Funnel' })).toHaveAttribute('aria-current', 'page');
  await screen.findByRole('heading', { name: 'From Nov 20, 2026 to Nov 21, 2026' });
  const figure = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling;
  expect(figure('Sign-ups')).toHaveTextContent('5');
  expect(figure('Activations')).toHaveTextContent('4');
  expect(figure('First logins')).toHaveTextContent('3');
  expect(figure('Logins')).toHaveTextContent('4');
  expect(figure('Password resets asked')).toHaveTextContent('3');
  expect(figure('Passwords reset')).toHaveTextContent('2');
  expect(figure('Wrong two-step codes')).toHaveTextContent('2');
  expect(figure('Refusals')).toHaveTextContent('6');
  expect(figure('Sign-up to activation')).toHaveTextContent(
    'median 3 min 0 s, 90% within 40 min 0 s',
  );
  expect(figure('Reset asked to new password')).toHaveTextContent(
    'median 5 min 0 s, 90% within 20 min 0 s',
  );
  const days = screen.getByRole('region', { name: 'Day by day' });
  const rows = within(days).getAllByRole('row').slice(1);
  expect(rows.map(cellsOf)).toEqual([
    [
      'Nov 20, 2026',
      '5',
      '3',
      '1',
      '1',
      '0',
      '0',
      '0',
      '3',
      'median 3 min 0 s, 90% within 10 min 0 s',
      'median –, 90% within –',
    ],
    [
      'Nov 21, 2026',
      '0',
      '1',
      '2',
      '3',
      '3',
      '2',
      '2',
      '3',
      'median 40 min 0 s, 90% within 40 min 0 s',
      'median 5 min 0 s, 90% within 20 min 0 s',
    ],
  ]);
  const refusals = screen.getByRole('region', { name: 'Refusals by endpoint and code' });
  expect(within(refusals).getAllByRole('row').slice(1).map(cellsOf)).toEqual([
    ['loginSecondFactor', 'INVALID_CODE', '2'],
    ['signup', 'VALIDATION password:COMMON_PASSWORD', '1'],
  ]);
});

it('says the same in Khmer, in Khmer digits', async () => {
  consoleApp('kh', () => json(200, FUNNEL));
  await screen.findByRole('heading', { name: 'ដំណើររបស់អ្នកចូលមើលទាំងអស់' });
  const figure = await screen.findByText('ការចុះឈ្មោះ', { selector: 'dt' });
  expect(figure.nextElementSibling).toHaveTextContent('៥');
  expect(
    screen.getByText('ពីការចុះឈ្មោះដល់ការបើកដំណើរការ', { selector: 'dt' }).nextElementSibling,
  ).toHaveTextContent('មេដ្យាន ៣ នាទី ០ វិនាទី, ៩០% ក្នុងរយៈ ៤០ នាទី ០ វិនាទី');
  const days = screen.getByRole('region', { name: 'តាមថ្ងៃនីមួយៗ' });
  const [first] = within(days).getAllByRole('row').slice(1);
  expect(cellsOf(first!).slice(1, 9)).toEqual(['៥', '៣', '១', '១', '០', '០', '០', '៣']);
  expect(screen.getByRole('link', { name: 'ដំណើរអ្នកប្រើ' })).toBeInTheDocument();
});

it('asks for the period chosen, and says so when the server refuses it', async () => {
  const app = consoleApp('en', (request) => {
    const from = new URL(request.url).searchParams.get('from');
    if (from === '2026-11-22') {
      return json(400, {
        error: true,
        code: 'VALIDATION',
        message: 'Some fields are not valid.',
        fields: { from: 'INCORRECT' },
      });
    }
    return json(200, FUNNEL);
  });
  await screen.findByRole('heading', { name: 'From Nov 20, 2026 to Nov 21, 2026' });
  // The first request asks for the server's default period; the fields then show it.
  const asked = () =>
    app.requests
      .filter((r) => new URL(r.url).pathname === '/v1/api/operator/funnel')
      .map((r) => new URL(r.url).search);
  expect(asked()).toEqual(['']);
  const from = screen.getByLabelText('From');
  expect(from).toHaveValue('2026-11-20');
  await app.user.clear(from);
  await app.user.type(from, '2026-11-22');
  await app.user.click(screen.getByRole('button', { name: 'Show' }));
  expect(
    await screen.findByText(
      'Choose a first day on or before the last one, at most 366 days apart.',
    ),
  ).toBeInTheDocument();
  expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
  expect(asked()).toEqual(['', '?from=2026-11-22&to=2026-11-21']);
  // The last figures stay on screen.
  expect(screen.getByRole('region', { name: 'Day by day' })).toBeInTheDocument();
});
