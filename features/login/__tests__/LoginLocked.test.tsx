import { screen, waitFor } from '@testing-library/react';

import { SUPPORT_CONTACT } from '../../../store/constants';
import { json, USER } from '../../../testing/app/fetchStub';
import { renderApp } from '../../../testing/app/renderApp';

afterEach(() => jest.restoreAllMocks());

const LOCKED = {
  'POST /v1/api/user/login': () =>
    json(403, { error: true, code: 'ACCOUNT_LOCKED', message: 'This account is locked.' }),
};

it.each([
  ['en', ['Email', 'Password', 'Log in'], `This account is locked: contact ${SUPPORT_CONTACT}.`],
  ['kh', ['អ៊ីមែល', 'ពាក្យសម្ងាត់', 'ចូលគណនី'], `គណនីនេះត្រូវបានចាក់សោ៖ សូមទាក់ទង ${SUPPORT_CONTACT}។`],
])(
  'says in %s that a locked account is locked, and whom to contact',
  async (locale, words, said) => {
    const [email, password, submit] = words as [string, string, string];
    const app = renderApp({ path: '/login', storage: { localeRef: locale }, api: LOCKED });
    await app.user.type(await screen.findByLabelText(email), USER.email);
    await app.user.type(screen.getByLabelText(password), 'correct horse');
    await app.user.click(screen.getByRole('button', { name: submit }));
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent(said));
  },
);
