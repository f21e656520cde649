import { screen, waitFor } from '@testing-library/react';

import { renderApp } from '../../../testing/app/renderApp';

afterEach(() => {
  jest.restoreAllMocks();
  document.documentElement.lang = '';
});

const KHMER_LOGIN = 'ចូលគណនី';

it('shows Khmer, with <html lang="km">, when localeRef is kh', async () => {
  renderApp({ path: '/login', storage: { localeRef: 'kh' } });
  expect(await screen.findByRole('heading', { name: KHMER_LOGIN })).toBeInTheDocument();
  expect(screen.getByLabelText('ពាក្យសម្ងាត់')).toBeInTheDocument();
  expect(document.documentElement.lang).toBe('km');
});

it.each([
  ['fr', { localeRef: 'fr' }],
  ['empty', { localeRef: '' }],
  ['JSON', { localeRef: '{"x":1}' }],
  ['missing', {}],
])('shows English when localeRef is %s', async (_case, storage: Record<string, string>) => {
  renderApp({ path: '/login', storage });
  expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
  expect(screen.queryByText(KHMER_LOGIN)).not.toBeInTheDocument();
  expect(document.documentElement.lang).toBe('en');
});

it('switches language from the header, keeps what was typed and remembers the choice', async () => {
  const { user, effects } = renderApp({ path: '/signup' });
  await screen.findByRole('heading', { name: 'Create your account' });
  await user.type(screen.getByLabelText('Name'), 'Dara');

  await user.click(screen.getByRole('button', { name: 'ខ្មែរ' }));
  expect(await screen.findByRole('heading', { name: 'បង្កើតគណនីរបស់អ្នក' })).toBeInTheDocument();
  expect(screen.getByLabelText('ឈ្មោះ')).toHaveValue('Dara');
  await waitFor(() => expect(document.documentElement.lang).toBe('km'));
  expect(effects.data.get('localeRef')).toBe('kh');
  expect(screen.getByRole('button', { name: 'ខ្មែរ' })).toHaveAttribute('aria-pressed', 'true');

  await user.click(screen.getByRole('button', { name: 'English' }));
  expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
  expect(document.documentElement.lang).toBe('en');
  expect(effects.data.get('localeRef')).toBe('en');
});

it('offers the language switch on the home view too', async () => {
  renderApp({ path: '/', storage: { token: 'tok' } });
  await screen.findByRole('button', { name: 'Log out' });
  expect(screen.getByRole('group', { name: 'Language' })).toBeInTheDocument();
});
