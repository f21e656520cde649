// Any answer to the verify call, however broken, lands in exactly one of the three outcomes.
import fc from 'fast-check';

import { fakeEffects } from '../../../testing/app/fakeEffects';
import { settle, stubFetch } from '../../../testing/app/fetchStub';
import { startStore } from '../../startStore';

const TOKEN = 'stored-token';
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

interface Answer {
  status: number;
  body: string;
}

const user = fc.record({
  id: fc.oneof(fc.string(), fc.integer()),
  name: fc.string(),
  email: fc.string(),
  createdAt: fc.string(),
});
const plausible = fc.record(
  {
    error: fc.oneof(fc.boolean(), fc.constantFrom('false', 'true', 0, 1, null)),
    user: fc.oneof(user, fc.anything()),
    signature: fc.oneof(fc.record({ exp: fc.anything() }), fc.anything()),
    code: fc.string(),
  },
  { requiredKeys: [] },
);
const json = fc.oneof(plausible, fc.anything()).map((value) => JSON.stringify(value) ?? '');
const truncated = fc
  .tuple(json, fc.nat())
  .map(([text, cut]) => text.slice(0, text.length === 0 ? 0 : cut % text.length));
const answer: fc.Arbitrary<Answer> = fc.record({
  status: fc.integer({ min: 200, max: 599 }),
  body: fc.oneof({ weight: 4, arbitrary: json }, truncated, fc.string(), fc.constant('')),
});
const network = fc.constantFrom('refused', 'aborted');

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What the contract (docs/architecture.md, Verify outcomes) allows for this answer, without the app's code. */
function allowed(given: Answer | string): Set<string> {
  if (typeof given === 'string') return new Set(['failed']);
  const body = NULL_BODY_STATUSES.has(given.status) ? undefined : parse(given.body);
  const is2xx = given.status < 300;
  const is4xx = given.status >= 400 && given.status < 500;
  if (isObject(body) && body.error === true && (is2xx || is4xx)) return new Set(['rejected']);
  if (isObject(body) && body.error === false && is2xx) return new Set(['signedIn', 'failed']);
  return new Set(['failed']);
}

function respond(given: Answer | string): Promise<Response> {
  if (typeof given === 'string') return Promise.reject(new TypeError(`fetch failed: ${given}`));
  const body = NULL_BODY_STATUSES.has(given.status) ? null : given.body;
  return Promise.resolve(new Response(body, { status: given.status }));
}

/** Starts the app on /login; only the first verify is answered, later ones never settle. */
async function outcomeOf(given: Answer | string) {
  let calls = 0;
  stubFetch(() => (calls++ === 0 ? respond(given) : new Promise<Response>(() => {})));
  const effects = fakeEffects({ storage: { token: TOKEN }, path: '/login' });
  const store = startStore(effects);
  await settle(store);
  const state = store.getState();
  const tokenKept = effects.data.get('token') === TOKEN;
  const errorLines = effects.errors.filter(([label]) => label === 'user-token-error').length;
  const cookies = effects.cookieWrites.map(({ op, name }) => `${op}:${name}`);
  const path = state.router.location?.pathname;
  const outcomes = [
    path === '/' && tokenKept && errorLines === 0 && cookies.length === 1 ? 'signedIn' : null,
    path === '/login' &&
    !tokenKept &&
    errorLines === 0 &&
    state.auth.status === 'guest' &&
    cookies.join() === 'remove:user'
      ? 'rejected'
      : null,
    path === '/login' &&
    tokenKept &&
    errorLines === 1 &&
    state.auth.status === 'guest' &&
    cookies.length === 0
      ? 'failed'
      : null,
  ].filter((outcome) => outcome !== null);
  jest.restoreAllMocks();
  return { outcomes, tokenKept };
}

afterEach(() => jest.restoreAllMocks());

it('lands every generated answer in exactly one allowed outcome', async () => {
  await fc.assert(
    fc.asyncProperty(fc.oneof({ weight: 9, arbitrary: answer }, network), async (given) => {
      const { outcomes, tokenKept } = await outcomeOf(given);
      expect(outcomes).toHaveLength(1);
      expect(allowed(given).has(outcomes[0]!)).toBe(true);
      expect(tokenKept).toBe(outcomes[0] !== 'rejected');
    }),
    { seed: 20260115, numRuns: 400 },
  );
});

it('signs in on every well-formed answer, whatever the user strings hold', async () => {
  await fc.assert(
    fc.asyncProperty(user, fc.integer({ min: 200, max: 299 }), async (who, status) => {
      fc.pre(!NULL_BODY_STATUSES.has(status));
      const body = JSON.stringify({ error: false, user: who, signature: { exp: 4e9 } });
      const { outcomes } = await outcomeOf({ status, body });
      expect(outcomes).toEqual(['signedIn']);
    }),
    { seed: 20260116, numRuns: 150 },
  );
});
