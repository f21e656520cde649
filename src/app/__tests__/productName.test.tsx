// The product's name (APP_NAME at build time) in the header and the page title, in every language.
import { screen, waitFor } from '@testing-library/react';

import { renderApp } from '../../../testing/app/renderApp';

it.each([
  ['en', 'Log in'],
  ['kh', 'ចូលគណនី'],
])('names the product in the header and the title, in %s', async (localeRef, title) => {
  renderApp({ path: '/login', storage: { localeRef } });
  await screen.findByRole('heading', { name: title });
  expect(screen.getByRole('banner')).toHaveTextContent('Accounts');
  await waitFor(() => expect(document.title).toBe(`${title} · Accounts`));
});

it('takes the name from APP_NAME', () => {
  const previous = process.env.APP_NAME;
  process.env.APP_NAME = 'Pagoda Bank';
  try {
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const constants = require('../../../store/constants') as { APP_NAME: string };
      expect(constants.APP_NAME).toBe('Pagoda Bank');
    });
  } finally {
    if (previous === undefined) delete process.env.APP_NAME;
    else process.env.APP_NAME = previous;
  }
});
