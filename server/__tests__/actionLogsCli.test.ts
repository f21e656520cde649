// `npm run replay -- --list` and `--ref REFERENCE` read the uploads straight from the server's
// database, with the server's settings, on both engines.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { API_PATHS } from '../../contract/api';
// A realistic log with true state hashes, made by the recorder's tests.

import { generatedLogText, refusedActivationLog } from '../../testing/actionLog/generatedLog';
import {
  activatedAccount,
  OWNER_PASSWORD,
  pendingAccount,
  uniqueEmail,
  wrongCode,
} from '../../testing/server/abuse/accounts';
import { AddressClient, visitorAddress } from '../../testing/server/abuse/fromAddress';
import { replayCli, sendLog } from '../../testing/server/actionLogs';
import { ENGINES } from '../../testing/server/engines';
import { listeningServerFor } from '../../testing/server/injectedApp';

/** The lines of a --ref timeline, below the session's facts and the blank line after them. */
function timelineLines(stdout: string): string[] {
  const [facts = '', timeline = ''] = stdout.trimEnd().split('\n\n');
  expect(facts).toMatch(/^When: /);
  return timeline.split('\n');
}

describe.each(ENGINES)('replay --list and --ref on %s', (_name, engine) => {
  const running = listeningServerFor(engine);
  const log = generatedLogText(12);
  const replay = (...args: string[]) => replayCli(running.place, ...args);

  it('lists the uploads, newest first, with the accounts they are tied to, and replays one', async () => {
    const guest = await sendLog(running.server.url, log, { from: visitorAddress(1) });
    expect(guest.status).toBe(201);

    const client = new AddressClient(running.server.url, visitorAddress(2));
    const email = uniqueEmail('cli');
    await activatedAccount(client, email);
    const login = await client.post(API_PATHS.login, { email, password: OWNER_PASSWORD });
    client.close();
    const mine = await sendLog(running.server.url, log, {
      from: visitorAddress(2),
      token: login.body.token,
    });
    expect(mine.status).toBe(201);

    const list = await replay('--list');
    expect(list.code).toBe(0);
    const lines = list.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^reference\s+sent\s+size\s+started\s+length\s+app\s+lang\s+device/);
    expect(lines.at(-1)).toBe('2 of 2 uploads (page 1 of 1)');
    const rows = lines.slice(1, -1).join('\n');
    // The generated log names a user id of its own: signed in at some point by its word, tied to
    // no account the server saw (`unconfirmed`); the signed-in sender's upload is theirs alone.
    expect(rows).toMatch(
      new RegExp(
        `${guest.body.reference}\\s+\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ\\s+[\\d.]+ KiB\\s.*\\sunconfirmed\\s`,
      ),
    );
    expect(rows).toMatch(
      new RegExp(
        `${mine.body.reference}\\s+\\S+\\s+[\\d.]+ KiB\\s.*\\suser ${login.body.user.id}\\s`,
      ),
    );
    expect(rows).not.toMatch(/\buser u1\b/);

    const timeline = await replay('--ref', guest.body.reference);
    expect(timeline.stderr).toBe('');
    expect(timeline.code).toBe(0);
    expect(timelineLines(timeline.stdout)).toHaveLength(12 + 1);
    expect(timeline.stdout).toMatch(/^\s+4\s+\+1\.00 s\s+→ \/login\s/m);

    // Typed as someone reads it out: lower case, no dash.
    const typed = guest.body.reference.toLowerCase().replace('-', '');
    const check = await replay('--ref', typed, '--check');
    expect(check.stdout).toMatch(/^12 actions replayed: every state hash matches\n$/);
    expect(check.code).toBe(0);

    const state = await replay('--ref', mine.body.reference, '--at', '2', '--json');
    expect(state.code).toBe(0);
    expect(JSON.parse(state.stdout)).toHaveProperty('router');
  });

  it("shows what the server recorded of the log's requests in the --ref timeline", async () => {
    const client = new AddressClient(running.server.url, visitorAddress(4));
    const email = uniqueEmail('joined');
    const code = await pendingAccount(client, email);
    const logId = `cli-log-${Date.now()}`;
    // A request of the same tab before the log's first action: joined by the log id alone.
    const earlier = await client.post(
      API_PATHS.verifyAccount,
      { email, code: wrongCode(code, 2), password: OWNER_PASSWORD },
      { 'x-log-id': logId, 'x-request-id': 'cli-request-0' },
    );
    expect(earlier.status).toBe(400);
    const sentAt = Date.now() + 1;
    await new Promise((resolve) => setTimeout(resolve, 2));
    const refused = await client.post(
      API_PATHS.verifyAccount,
      { email, code: wrongCode(code), password: OWNER_PASSWORD },
      { 'x-log-id': logId, 'x-request-id': 'cli-request-1' },
    );
    client.close();
    expect(refused.status).toBe(400);
    const sent = await sendLog(
      running.server.url,
      refusedActivationLog(logId, 'cli-request-1', sentAt),
      {
        from: visitorAddress(4),
      },
    );
    expect(sent.status).toBe(201);

    const timeline = await replay('--ref', sent.body.reference);
    expect(timeline.code).toBe(0);
    const lines = timelineLines(timeline.stdout);
    // The header, the earlier request's decision (by its time), the request, the server's
    // decision (by its request id), then the answer it made.
    expect(lines).toHaveLength(5);
    expect(lines[1]).toMatch(
      /^ +-\d+\.\d\d s {2}server: verifyAccount 400 INVALID_CODE, try 1 of 5 /,
    );
    expect(lines[3]).toContain(
      'server: verifyAccount 400 INVALID_CODE, try 2 of 5 for this code from this address',
    );
    expect(lines[4]).toContain('verifyAccount FAILED 400 INVALID_CODE');

    const json = await replay('--ref', sent.body.reference, '--json');
    const steps = json.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { step: string; server?: boolean });
    expect(steps.map((step) => step.server ?? false)).toEqual([true, false, true, false]);
    expect(steps[2]!.step).toMatch(/^server: verifyAccount 400 INVALID_CODE, try 2 of 5/);
  });

  it('writes an upload to a file with --out, as it was stored', async () => {
    const sent = await sendLog(running.server.url, log, { from: visitorAddress(3) });
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'replay-out-')), 'log.json');
    const written = await replay('--ref', sent.body.reference, '--out', file);
    expect(written.code).toBe(0);
    expect(written.stdout).toBe(`${sent.body.reference} written to ${file}\n`);
    const timeline = await replay(file, '--check');
    expect(timeline.stdout).toMatch(/^12 actions replayed: every state hash matches\n$/);
  });

  it('exits 2 with one line for an unknown or malformed reference', async () => {
    const unknown = await replay('--ref', 'ZZZZ-ZZZZ');
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toBe(
      'replay: no upload ZZZZ-ZZZZ (unknown, or deleted after 30 days)\n',
    );

    const malformed = await replay('--ref', 'O0I1-\u001b[2J');
    expect(malformed.code).toBe(2);
    expect(malformed.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(malformed.stderr).not.toContain('\u001b');
  });
});
