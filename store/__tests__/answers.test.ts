// Every answer is read through the contract's schemas before it reaches the store: a refusal is an
// error whatever its status, and a success that does not match its schema is an unexpected answer.
import { fakeEffects } from '../../testing/app/fakeEffects';
import { json, stubFetch, USER } from '../../testing/app/fetchStub';
import { api, decodeRequestError, UNTRACKED } from '../apiSlice';
import { startStore } from '../startStore';

afterEach(() => jest.restoreAllMocks());

async function login(answer: () => Response) {
  stubFetch(() => answer());
  const effects = fakeEffects();
  const store = startStore(effects);
  return store.dispatch(
    api.endpoints.login.initiate({ email: USER.email, password: 'correct horse' }, UNTRACKED),
  );
}

it('takes a 200 whose body says error: true as the refusal it is', async () => {
  const result = await login(() =>
    json(200, { error: true, code: 'INVALID_CREDENTIALS', message: 'no' }),
  );
  expect('error' in result && decodeRequestError(result.error)).toEqual({
    code: 'INVALID_CREDENTIALS',
    status: 200,
  });
});

it.each([
  [
    'a user without an email',
    { error: false, token: 't', user: { id: 'u1', name: 'A' }, signature: { exp: 1 } },
  ],
  ['no token', { error: false, user: USER, signature: { exp: 1 } }],
  ['an expiry that is text', { error: false, token: 't', user: USER, signature: { exp: 'soon' } }],
  ['a list', [1, 2, 3]],
])('takes a success with %s as an unexpected answer', async (_what, body) => {
  const result = await login(() => json(200, body));
  expect('error' in result && decodeRequestError(result.error)).toEqual({ code: 'UNEXPECTED' });
});

it('passes a success that matches its schema', async () => {
  const body = { error: false, token: 't0k3n', user: USER, signature: { exp: 1_900_000_000 } };
  const result = await login(() => json(200, body));
  expect('data' in result && result.data).toEqual(body);
});

it('keeps the known field codes of a refusal and drops unknown ones', async () => {
  const result = await login(() =>
    json(400, {
      error: true,
      code: 'VALIDATION',
      message: 'no',
      fields: { email: 'INVALID_EMAIL', password: 'SOMETHING_NEW' },
    }),
  );
  expect('error' in result && decodeRequestError(result.error)).toEqual({
    code: 'VALIDATION',
    status: 400,
    fields: { email: 'INVALID_EMAIL' },
  });
});
