// Limits before work: an upload from an address over its limit is refused as soon as its headers
// arrive (its body is never waited for, read or parsed); a body nested past the bound is refused
// before JSON.parse sees it; and redaction cannot make a stored log larger than the upload limit.
import http from 'node:http';

import { API_PATHS } from '../../../contract/api';
import { ACTION_LOG_BODY_LIMIT } from '../../../features/action-logs/endpoints';
import { ABUSE_ENGINES, type AbuseSetup } from '../../../testing/server/abuse/abuseServer';
import { visitorAddress } from '../../../testing/server/abuse/fromAddress';
import { sendLog, tinyLog } from '../../../testing/server/actionLogs';
import type { Answer } from '../../../testing/server/client';
import { readAnswer } from '../../../testing/server/client';
import type { RunningServer } from '../../app';
import { MAX_JSON_DEPTH } from '../../http/json-depth';

/** Sends the headers of a 2 MiB upload and only its first kilobyte; resolves with the answer. */
function startUpload(url: string, from: string): { answer: Promise<Answer>; abort(): void } {
  const request = http.request(url + API_PATHS.actionLogs, {
    method: 'POST',
    localAddress: from,
    headers: { 'content-type': 'application/json', 'content-length': ACTION_LOG_BODY_LIMIT },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('no answer while the body is held back')),
      3000,
    );
    request.on('response', (response) => {
      clearTimeout(timer);
      void readAnswer(response).then(resolve, reject);
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
  });
  request.write(`{"payload":"${' '.repeat(1024)}`);
  return { answer, abort: () => request.destroy() };
}

/** Runs `send` and returns its answer and every text JSON.parse was given meanwhile. */
async function parsedDuring<T>(send: () => Promise<T>): Promise<[T, string[]]> {
  const parse = jest.spyOn(JSON, 'parse');
  try {
    const answer = await send();
    return [answer, parse.mock.calls.map(([text]) => String(text))];
  } finally {
    parse.mockRestore();
  }
}

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe.each(ABUSE_ENGINES)('limits before work on %s', (_name, makeSetup) => {
  let setup: AbuseSetup;
  let server: RunningServer;
  let visitor = 0;
  const freshAddress = () => visitorAddress((visitor += 1));

  beforeAll(async () => {
    setup = await makeSetup();
    server = await setup.start({ RATE_LIMIT_LOG_UPLOADS_MAX: '2' });
  });

  afterAll(async () => {
    await setup?.tearDown();
  });

  it('refuses an upload over its limit with 429 before its body arrives', async () => {
    const address = freshAddress();
    for (let i = 0; i < 2; i += 1) {
      expect((await sendLog(server.url, tinyLog(), { from: address })).status).toBe(201);
    }
    // Eight uploads at once from the address at its limit, each holding back its body.
    const uploads = Array.from({ length: 8 }, () => startUpload(server.url, address));
    try {
      const answers = await Promise.all(uploads.map((upload) => upload.answer));
      for (const answer of answers) {
        expect(answer.status).toBe(429);
        expect(answer.body).toMatchObject({ error: true, code: 'RATE_LIMITED' });
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
        // The rest of the body is not read to keep the connection.
        expect(answer.headers.get('connection')).toBe('close');
      }
    } finally {
      for (const upload of uploads) upload.abort();
    }
    // An address under its limit still waits for the body and stores the log.
    expect((await sendLog(server.url, tinyLog(), { from: freshAddress() })).status).toBe(201);
  });

  it('refuses a request body nested past the bound with 400 before parsing it', async () => {
    const deep = JSON.stringify({ email: 'x@example.com', password: 'p' }).replace(
      '"p"',
      nested(MAX_JSON_DEPTH + 1),
    );
    const [answer, parsed] = await parsedDuring(() =>
      fetch(server.url + API_PATHS.login, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: deep,
      }).then(async (response) => ({ status: response.status, text: await response.text() })),
    );
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toEqual({
      error: true,
      code: 'BAD_REQUEST',
      message: `The JSON body nests more than ${MAX_JSON_DEPTH} levels deep.`,
    });
    expect(parsed.includes(deep)).toBe(false);

    // At the bound, the body is parsed and checked as usual.
    const atBound = deep.replace(nested(MAX_JSON_DEPTH + 1), nested(MAX_JSON_DEPTH - 1));
    const ordinary = await fetch(server.url + API_PATHS.login, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: atBound,
    });
    expect(ordinary.status).toBe(400);
    expect(await ordinary.json()).toMatchObject({ code: 'VALIDATION' });
  });

  const deepActions = `[{"type":"x","p":${nested(500_000)}}]`;
  it.each([
    // The file itself nests too deeply: it is not parsed.
    ['in the file', tinyLog().replace('"actionLog"', `"x":${nested(500_000)},"actionLog"`), ''],
    // The file is shallow, its actions (a JSON text inside it) are not: they are not parsed.
    [
      'in its actions',
      JSON.stringify({ ...JSON.parse(tinyLog()), payload: deepActions }),
      deepActions,
    ],
  ])(
    'refuses a log nested past the bound %s with 400 VALIDATION, unparsed',
    async (_where, log, inner) => {
      const [answer, parsed] = await parsedDuring(() =>
        sendLog(server.url, log, { from: freshAddress() }),
      );
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: true, code: 'VALIDATION' });
      expect(parsed.includes(inner || log)).toBe(false);
    },
  );

  it('never stores a log larger than the limit, however redaction lengthens it', async () => {
    // Each `{"token":0}` becomes `{"token":"[redacted]"}`: the stored text nearly doubles.
    const items = Array.from({ length: 110_000 }, () => ({ token: 0 }));
    const text = tinyLog({ type: 'x', items });
    expect(Buffer.byteLength(text)).toBeLessThan(ACTION_LOG_BODY_LIMIT);
    const before = await server.app.db
      .selectFrom('action_logs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const answer = await sendLog(server.url, text, { from: freshAddress() });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ error: true, code: 'PAYLOAD_TOO_LARGE' });
    const after = await server.app.db
      .selectFrom('action_logs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const largest = await server.app.db
      .selectFrom('action_logs')
      .select((eb) => eb.fn.max('size').as('size'))
      .executeTakeFirstOrThrow();
    expect(Number(largest.size ?? 0)).toBeLessThanOrEqual(ACTION_LOG_BODY_LIMIT);
  });
});
