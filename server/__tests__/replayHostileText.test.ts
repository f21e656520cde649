// What the replay command prints of a log is someone else's text: a line break, a carriage
// return, a line separator, a terminal escape or a bidirectional override in it is printed as a
// visible escape, so it can never forge a line of the timeline, --list or --stats.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { decodeLog } from '../../contract/action-log';
import { deviceClass, indexLog } from '../../contract/action-log-index';
import { HOSTILE_LOG_ID, hostileLogText } from '../../testing/actionLog/hostileLog';
import { replayCli } from '../../testing/server/actionLogs';
import { sqlite } from '../../testing/server/engines';
import { listeningServerFor } from '../../testing/server/injectedApp';
import { insertActionLog } from '../repo/action-logs';

/** A row the hostile text tries to add to the timeline, and the words it breaks on. */
const FORGED = 'login OK (1 ms)';
const HOSTILE = `a\nb\rc\u2028d\u2029e\u0085f\u000bg\u000ch\u001b[2Ji\u202ej\u2066k forged\n  12     +9.99 s  ${FORGED}`;
/** Anything that starts a line, moves the cursor or reorders text on a terminal. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** Every printed line: none forged, none holding a control character. */
function expectNoForgedLine(stdout: string) {
  const lines = stdout.split('\n');
  expect(lines.filter((line) => line.trimStart().startsWith(`12     +9.99 s  ${FORGED}`))).toEqual(
    [],
  );
  expect(lines.filter((line) => CONTROL.test(line))).toEqual([]);
  // The hostile text is there, escaped, on the line of its own row.
  expect(stdout).toContain('a\\u000ab\\u000dc\\u2028d\\u2029e\\u0085f');
  return lines;
}

describe('replay prints what a log holds on the line it belongs to', () => {
  const running = listeningServerFor(sqlite);
  const replay = (...args: string[]) => replayCli(running.place, ...args);
  const text = hostileLogText(HOSTILE);
  const actions = decodeLog(text).actions.length;
  let reference = '';

  beforeAll(async () => {
    const { db } = running.server.app;
    reference = await insertActionLog(db, {
      userId: null,
      now: Math.floor(Date.now() / 1000),
      body: text,
      index: indexLog(decodeLog(text)),
      device: deviceClass(HOSTILE),
    });
    const start = decodeLog(text).timestamps[0]!;
    await db
      .insertInto('auth_events')
      .values({
        id: 'hostile-event',
        time: start + 3500,
        event: HOSTILE,
        outcome: 'refused',
        status: 400,
        code: HOSTILE,
        limit_name: HOSTILE,
        limit_left: 1,
        limit_points: 5,
        user_id: null,
        session_id: null,
        address_hash: 'x',
        log_id: HOSTILE_LOG_ID,
        request_id: null,
      })
      .execute();
  });

  it('in the timeline of a file and of an upload, with its server lines', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hostile-text-')), 'log.json');
    fs.writeFileSync(file, text);
    const timeline = await replay(file);
    expect(timeline.code).toBe(0);
    const lines = expectNoForgedLine(timeline.stdout.trimEnd());
    expect(lines.filter((line) => /^\s*\d+\s+\+\d+\.\d\d s /.test(line))).toHaveLength(actions);

    const uploaded = await replay('--ref', reference);
    expect(uploaded.code).toBe(0);
    const withServer = expectNoForgedLine(uploaded.stdout.trimEnd());
    expect(withServer.filter((line) => /^\s+\+\d+\.\d\d s {2}server: /.test(line))).toHaveLength(1);
    expect(uploaded.stdout).toContain('server: a\\u000ab');
  });

  it('in --list and --stats', async () => {
    const list = await replay('--list');
    expect(list.code).toBe(0);
    const rows = expectNoForgedLine(list.stdout.trimEnd());
    // The header, one row, the total.
    expect(rows).toHaveLength(3);
    expect(rows[1]).toMatch(new RegExp(`^${reference} `));

    const stats = await replay('--stats');
    expect(stats.code).toBe(0);
    expectNoForgedLine(stats.stdout);
  });

  it('in a one-line refusal naming the file', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hostile-name-'));
    const refused = await replay(path.join(folder, `absent\n${FORGED}\u001b[2J.json`));
    expect(refused.code).toBe(2);
    expect(refused.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(refused.stderr).not.toMatch(CONTROL);
  });
});
