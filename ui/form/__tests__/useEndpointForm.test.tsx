// A form named by its endpoint alone: its fields, its checks, its request and its request state
// all come from the endpoint's entry in the table.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';

import { endpoints } from '../../../contract/endpoints';
import { startStore } from '../../../store/startStore';
import { selectSubmission } from '../../../store/submissionsSlice';
import { fakeEffects } from '../../../testing/app/fakeEffects';
import { guestAnswer, json, stubFetch } from '../../../testing/app/fetchStub';
import { formsEn } from '../forms.messages';
import { useEndpointForm } from '../useEndpointForm';

afterEach(() => jest.restoreAllMocks());

function RenameForm() {
  const { formProps, fieldErrors } = useEndpointForm('renamePasskey', {
    toArg: (values) => ({ id: 'pk 1', name: values.name.trim() }),
  });
  return (
    <form {...formProps}>
      <input name="name" aria-label="Name" aria-describedby="name-error" />
      <p id="name-error">{fieldErrors.messages.name}</p>
      <button type="submit">Save</button>
    </form>
  );
}

function renderForm() {
  const requests = stubFetch((request) =>
    request.url.includes('/passkeys/')
      ? json(200, {
          error: false,
          passkey: {
            id: 'pk 1',
            name: 'Laptop',
            createdAt: '2026-01-01T00:00:00Z',
            lastUsedAt: null,
          },
        })
      : guestAnswer(),
  );
  const store = startStore(fakeEffects({ path: '/login' }));
  render(
    <Provider store={store}>
      <IntlProvider locale="en" messages={formsEn}>
        <RenameForm />
      </IntlProvider>
    </Provider>,
  );
  const submission = () => selectSubmission(store.getState(), endpoints.renamePasskey.form);
  const sentHere = () => requests.filter((request) => request.url.includes('/passkeys/'));
  return { submission, sentHere, user: userEvent.setup() };
}

it("checks the fields with the body's schema and sends nothing when one is wrong", async () => {
  const { sentHere, user } = renderForm();
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Enter your name.');
  expect(screen.getByLabelText('Name')).toHaveFocus();
  expect(sentHere()).toHaveLength(0);
});

it("sends the table's method and path, and its answer sets the table's form state", async () => {
  const { submission, sentHere, user } = renderForm();
  await user.type(screen.getByLabelText('Name'), '  Laptop  ');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(submission().status).toBe('succeeded'));
  expect(sentHere()).toHaveLength(1);
  const request = sentHere()[0]!;
  expect(request.method).toBe(endpoints.renamePasskey.method);
  expect(new URL(request.url).pathname).toBe('/v1/api/user/passkeys/pk%201');
  expect(await request.clone().json()).toEqual({ id: 'pk 1', name: 'Laptop' });
});
