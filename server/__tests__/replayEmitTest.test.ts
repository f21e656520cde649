// `npm run replay -- --emit-test` turns someone else's log into a file a developer runs: whatever
// the log holds (and whatever the server recorded beside it) reaches that file only inside string
// literals, so running it runs none of it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import ts from 'typescript';

import { runEmittedTest } from '../../testing/actionLog/emittedTest';
import {
  foldedLogText,
  HOSTILE_LOG_ID,
  hostileLogText,
  hostileText,
  markerCode,
} from '../../testing/actionLog/hostileLog';
import { replayCli } from '../../testing/server/actionLogs';
import { sqlite } from '../../testing/server/engines';
import { listeningServerFor } from '../../testing/server/injectedApp';

/** What each hostile variant runs, if it ever runs. */
const PAYLOAD = 'writeFileSync';

/**
 * Where `PAYLOAD` occurs outside a string literal of the parsed file (in a comment, a template,
 * code), or inside one whose source holds a raw U+2028 or U+2029: empty when the file keeps the
 * hostile text as data.
 */
function outsideStringLiterals(source: string): string[] {
  const file = ts.createSourceFile('kept.test.tsx', source, ts.ScriptTarget.Latest, true);
  const literals: [number, number][] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node)) literals.push([node.getStart(file), node.end]);
    node.forEachChild(visit);
  };
  visit(file);
  const found: string[] = [];
  for (let at = source.indexOf(PAYLOAD); at !== -1; at = source.indexOf(PAYLOAD, at + 1)) {
    const literal = literals.find(([start, end]) => start < at && at < end);
    const line = source.slice(source.lastIndexOf('\n', at) + 1, at + PAYLOAD.length).slice(-80);
    if (!literal) found.push(`outside a string literal: ${line}`);
    else if (/[\u2028\u2029]/.test(source.slice(...literal))) {
      found.push(`a raw line separator in the literal of: ${line.slice(0, 40)}`);
    }
  }
  return [...new Set(found)];
}

// Each test runs the replay command and then Jest itself on the emitted file: two processes.
jest.setTimeout(120_000);

describe('an emitted test of a hostile log', () => {
  const running = listeningServerFor(sqlite);
  const markers = fs.mkdtempSync(path.join(os.tmpdir(), 'emit-markers-'));
  const hostile = hostileText(markers);
  const text = hostileLogText(hostile);
  const replay = (...args: string[]) => replayCli(running.place, ...args);

  afterEach(() => {
    for (const marker of fs.readdirSync(markers)) fs.rmSync(path.join(markers, marker));
  });
  afterAll(() => fs.rmSync(markers, { recursive: true, force: true }));

  async function expectInert(source: string) {
    const run = await runEmittedTest(source);
    expect(fs.readdirSync(markers)).toEqual([]);
    expect(run.output).toMatch(/Tests:\s+1 passed, 1 total/);
    expect(run.code).toBe(0);
    expect(source).toContain(PAYLOAD);
    expect(outsideStringLiterals(source)).toEqual([]);
    expect(source).not.toMatch(/[\u2028\u2029]/);
  }

  async function emittedFromFile(name: string, log: string) {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'emit-file-'));
    const file = path.join(folder, name);
    fs.writeFileSync(file, log);
    const emitted = await replay(file, '--emit-test');
    fs.rmSync(folder, { recursive: true, force: true });
    expect(emitted.stderr).toBe('');
    expect(emitted.code).toBe(0);
    return emitted.stdout;
  }

  it('as reported: a refused form named "login\\n<code>//" runs nothing', async () => {
    const log = foldedLogText([
      {
        type: 'form/validationFailed',
        payload: { form: `login\n${markerCode(markers, 'reported')};//`, fields: {} },
      },
    ]);
    await expectInert(await emittedFromFile('troubled.json', log));
  });

  it('from a file (its name hostile too), holds it only in string literals and runs none of it', async () => {
    // A file name holds anything but a slash.
    const name = `log\n${PAYLOAD}();\u2028*\\\`\${}'".json`;
    await expectInert(await emittedFromFile(name, text));
  });

  it('from an upload, with hostile server events and device, runs none of it', async () => {
    const { db } = running.server.app;
    const reference = 'HSTL-2345';
    await db
      .insertInto('action_logs')
      .values({
        reference,
        user_id: null,
        created_at: Math.floor(Date.now() / 1000),
        size: text.length,
        device: hostile,
        app_version: hostile,
        locale: hostile,
        last_path: hostile,
      } as never)
      .execute();
    await db.insertInto('action_log_bodies').values({ reference, body: text }).execute();
    const start = JSON.parse(text).actionLog.timestamps[0] as number;
    await db
      .insertInto('auth_events')
      .values(
        [start - 10, start + 3500, start + 20_000].map((time, index) => ({
          id: `hostile-${index}`,
          time,
          event: hostile,
          outcome: hostile,
          status: 400,
          code: hostile,
          limit_name: hostile,
          limit_left: 1,
          limit_points: 5,
          user_id: null,
          session_id: null,
          address_hash: hostile,
          log_id: HOSTILE_LOG_ID,
          request_id: index === 1 ? hostile : null,
        })) as never,
      )
      .execute();

    const emitted = await replay('--ref', reference, '--emit-test');
    expect(emitted.stderr).toBe('');
    expect(emitted.code).toBe(0);
    await expectInert(emitted.stdout);
  });
});
