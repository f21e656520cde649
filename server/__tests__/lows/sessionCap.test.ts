// Live sessions per account are capped (50 by default): each login beyond ends the oldest, so
// logging in again and again cannot grow the list, and the list stays right. On both engines.
import type { FastifyInstance } from 'fastify';

import * as v from 'valibot';
import { API_PATHS } from '../../../contract/api';
import { SessionsOk } from '../../../features/login/schemas';
import { activatedSession, bearer } from '../../../testing/server/abuse/accounts';
import { ApiClient } from '../../../testing/server/client';
import { ENGINES, type Engine } from '../../../testing/server/engines';
import { injectedApp, type InjectedApp } from '../../../testing/server/injectedApp';
import type { Clock } from '../../plugins/resources';

const PASSWORD = 'a session cap passphrase';

describe.each(ENGINES)('live sessions per account on %s', (_name, engine: Engine) => {
  let running: InjectedApp | undefined;
  let server: FastifyInstance;
  let api: ApiClient;
  // Each login a second after the one before, so that "the oldest" is well defined.
  let now = Math.floor(Date.now() / 1000);
  const clock: Clock = { nowSeconds: () => now, nowMs: () => now * 1000 };

  beforeAll(async () => {
    running = await injectedApp(engine, {}, { clock });
    ({ app: server, api } = running);
  });

  afterAll(() => running?.stop());

  it('keeps the newest 50: each new session beyond ends the oldest, and the list stays right', async () => {
    const email = `cap-${Date.now()}@example.com`;
    const activated = await activatedSession(api, email, PASSWORD);
    const tokens: string[] = [activated.token];
    for (let i = 0; i < 55; i += 1) {
      now += 1;
      const login = await api.post(
        API_PATHS.login,
        { email, password: PASSWORD },
        { 'user-agent': `agent ${i}` },
      );
      expect(login.status).toBe(200);
      tokens.push(login.body.token);
    }
    const verify = async (token: string) => (await api.get(API_PATHS.verify, bearer(token))).status;
    // 56 sessions opened: the 6 oldest have ended, the newest 50 live.
    for (const token of tokens.slice(0, 6)) expect(await verify(token)).toBe(401);
    for (const token of [tokens[6]!, tokens[30]!, tokens[55]!])
      expect(await verify(token)).toBe(200);

    const newest = tokens[55]!;
    const list = await api.get(API_PATHS.sessions, bearer(newest));
    expect(list.status).toBe(200);
    expect(v.is(SessionsOk, list.body)).toBe(true);
    expect(list.body.sessions).toHaveLength(50);
    const ids = list.body.sessions.map((s: { id: string }) => s.id);
    expect(new Set(ids).size).toBe(50);
    expect(list.body.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(list.body.sessions[0]).toMatchObject({ current: true, userAgent: 'agent 54' });
    const rows = await server.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', activated.userId)
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(50);
  });
});
