// The console's endpoints come with its chunk: the page's table and API have none of them until
// then. The redaction the page starts with already hides every secret field of every entry, the
// console's too, so no log leaves the browser with one, whatever chunk has loaded.
import {
  endpoints,
  ENDPOINT_NAMES,
  type EndpointSpec,
  SECRET_BODY_FIELDS,
} from '../../../contract/endpoints';
import { redacted } from '../../../contract/redact';
import { api } from '../../../store/apiSlice';
import { allEndpoints } from '../../endpoints.server';
import { operatorEndpoints } from '../endpoints';

const secretFields = Object.entries<EndpointSpec>(allEndpoints).flatMap(([name, spec]) =>
  (spec.secret ?? []).map((field) => [name, field] as const),
);

it('lists as secret exactly the body fields the entries name secret', () => {
  expect(new Set(secretFields.map(([, field]) => field))).toEqual(new Set(SECRET_BODY_FIELDS));
});

it.each(secretFields)("hides %s's %s from the page's first load on", (name, field) => {
  const action = {
    type: 'api/executeMutation/pending',
    meta: { arg: { endpointName: name, originalArgs: { [field]: 'kept secret' } } },
  };
  expect(JSON.stringify(redacted(action))).not.toContain('kept secret');
});

it("adds the console's entries to the table and the API when its chunk loads", async () => {
  const names = Object.keys(operatorEndpoints);
  expect(names.filter((name) => name in endpoints)).toEqual([]);
  expect(names.filter((name) => name in api.endpoints)).toEqual([]);

  const { operatorApi } = await import('../operatorApi');
  expect(operatorApi).toBe(api);
  expect(ENDPOINT_NAMES.slice(-names.length)).toEqual(names);
  expect(names.filter((name) => !(name in api.endpoints))).toEqual([]);
  expect(endpoints).toMatchObject(operatorEndpoints);
});
