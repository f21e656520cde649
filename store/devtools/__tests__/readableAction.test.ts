import { devToolsOptions } from '../devToolsOptions';
import { readableAction } from '../readableAction';

const rejectedLogin = {
  type: 'api/executeMutation/rejected',
  payload: { status: 401, data: { error: true, code: 'INVALID_CREDENTIALS' } },
  meta: {
    requestStatus: 'rejected',
    arg: {
      endpointName: 'login',
      originalArgs: { email: 'dara@example.com', password: 'blue-Mango-river' },
    },
  },
};

it('names an RTK Query request by its endpoint, in a copy', () => {
  const original = structuredClone(rejectedLogin);
  expect(readableAction(rejectedLogin).type).toBe('api/login/rejected');
  expect(readableAction({ ...rejectedLogin, type: 'api/executeQuery/pending' }).type).toBe(
    'api/login/pending',
  );
  expect(rejectedLogin).toEqual(original);
});

it('leaves other actions as they are', () => {
  const action = { type: 'router/locationChanged', payload: {} };
  expect(readableAction(action)).toBe(action);
  const noEndpoint = { type: 'api/executeMutation/fulfilled', meta: {} };
  expect(readableAction(noEndpoint)).toBe(noEndpoint);
});

it('is what the DevTools rows show, after redaction', () => {
  const shown = devToolsOptions.actionSanitizer!(rejectedLogin, 3) as typeof rejectedLogin;
  expect(shown.type).toBe('api/login/rejected');
  expect(shown.payload.data.code).toBe('INVALID_CREDENTIALS');
  expect(JSON.stringify(shown)).not.toContain('blue-Mango-river');
});
