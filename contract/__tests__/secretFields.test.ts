// The action log hides exactly the secrets the endpoint table names: every secret field of every
// body, sent as a request's argument, and the session token wherever it appears.
import { endpoints, ENDPOINT_NAMES, type EndpointSpec, SECRET_FIELDS } from '../endpoints';
import { redacted, REDACTED } from '../redact';

const withSecrets = ENDPOINT_NAMES.filter((name) => (endpoints[name] as EndpointSpec).secret);

it.each(withSecrets)("hides %s's secret fields in the request's arguments", (name) => {
  const secret = (endpoints[name] as EndpointSpec).secret ?? [];
  const body = Object.fromEntries(secret.map((field) => [field, `value of ${field}`]));
  const action = { type: 'api/executeMutation/pending', meta: { arg: { originalArgs: body } } };
  const hidden = Object.fromEntries(secret.map((field) => [field, REDACTED]));
  expect(redacted(action)).toEqual({ ...action, meta: { arg: { originalArgs: hidden } } });
});

it('hides every secret field but `code` anywhere, and keeps other fields readable', () => {
  const always = SECRET_FIELDS.filter((field) => field !== 'code');
  expect(always).toEqual(expect.arrayContaining(['password', 'newPassword', 'token']));
  const payload = Object.fromEntries([...always, 'email'].map((field) => [field, 'seen']));
  expect(redacted({ payload })).toEqual({
    payload: { ...Object.fromEntries(always.map((field) => [field, REDACTED])), email: 'seen' },
  });
});
