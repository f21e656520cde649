import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import ts from 'typescript';

import { decodeLog } from '../../../contract/action-log';
import { runEmittedTest } from '../../../testing/actionLog/emittedTest';
import { generatedLogText } from '../../../testing/actionLog/generatedLog';
import { recordedJourney, SECRETS } from '../../../testing/actionLog/journey';
import { USER } from '../../../testing/app/fetchStub';
import { REPO_ROOT } from '../../../testing/processes';

const dir = mkdtempSync(path.join(tmpdir(), 'replay-'));

function file(name: string, text: string): string {
  const target = path.join(dir, name);
  writeFileSync(target, text);
  return target;
}

function replay(...args: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/replay.ts', ...args],
      { cwd: REPO_ROOT, maxBuffer: 1 << 28 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

let journeyLog = '';

/** The value of a string literal as printed (single-quoted by prettier), read as TypeScript does. */
function embeddedString(source: string): string {
  const statement = ts.createSourceFile('literal.ts', source, ts.ScriptTarget.Latest).statements[0];
  return ((statement as ts.ExpressionStatement).expression as ts.StringLiteral).text;
}

beforeAll(async () => {
  const { store } = await recordedJourney();
  journeyLog = file('journey.json', store.actionLog.export());
  jest.restoreAllMocks();
});

it('prints the timeline in words: index, time, what happened, path and auth status', async () => {
  const { code, stdout } = await replay(journeyLog);
  expect(code).toBe(0);
  // The session's header (when, how long, version, language, device), a blank line, the table.
  const [header, table] = stdout.trimEnd().split('\n\n');
  expect(header!.split('\n').map((line) => line.split(':')[0])).toEqual([
    'When',
    'How long',
    'App version',
    'Language',
    'Device',
  ]);
  const lines = table!.split('\n');
  const count = decodeLog(readFileSync(journeyLog, 'utf8')).actions.length;
  expect(lines).toHaveLength(count + 1);
  expect(lines[0]).toMatch(/^\s*#\s+time\s+what happened\s+path\s+auth$/);
  expect(lines[1]).toMatch(/^\s*0\s+\+0\.00 s\s+the app started\s+\/signup\s+\S+$/);
  expect(stdout).toMatch(/^\s*\d+\s+\+\d+\.\d\d s\s+→ \/signup\s+\/signup\s/m);
  // Home's last words: its session list, its pending email change, its second factor, its
  // passkeys or its connected providers arrived.
  expect(lines.at(-1)).toMatch(
    /^\s*\d+\s+\+\d+\.\d\d s\s+(sessions|emailChange|secondFactor|passkeys|oidcConnections) OK(: [^(]+)? \(\d+ ms\)\s+\/\s+signedIn$/,
  );
  expect(stdout).toMatch(/\ssessions OK \(\d+ ms\)\s+\/\s+signedIn$/m);
  expect(stdout).toMatch(/\ssigned in\s+\/\s+signedIn$/m);
  expect(stdout).toMatch(/verify guest 401 INVALID_TOKEN \(\d+ ms\)/);
  expect(stdout).toMatch(/signup OK \(\d+ ms\)/);
  expect(stdout).toMatch(/verifyAccount OK \(\d+ ms\)/);
  expect(stdout).toMatch(
    /→ \/user\/verify-account\?email=sokha%40example\.com&code=\[redacted\]\s+\/user\/verify-account\S*\s+guest/,
  );
  expect(stdout).not.toContain('api/executeMutation');
});

it('checks every state hash of a real recording', async () => {
  const { code, stdout } = await replay(journeyLog, '--check');
  expect(stdout).toMatch(/^\d+ actions replayed: every state hash matches\n$/);
  expect(code).toBe(0);
});

it('names the first diverging action and exits 1', async () => {
  const log = JSON.parse(readFileSync(journeyLog, 'utf8'));
  log.actionLog.stateHashes[3] = '00000000';
  const { code, stdout } = await replay(file('tampered.json', JSON.stringify(log)), '--check');
  expect(stdout).toMatch(
    /^diverges at action 3 \(.+\): recorded state hash 00000000, replayed [0-9a-f]{8}\n$/,
  );
  expect(code).toBe(1);
});

it('prints one state with --at, and one JSON line per action with --json', async () => {
  const at = await replay(journeyLog, '--at', '0');
  expect(at.code).toBe(0);
  expect(JSON.parse(at.stdout).router.location.pathname).toBe('/signup');
  const all = await replay(journeyLog, '--json');
  const lines = all.stdout
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line));
  // In the timeline's words, never the actions' types.
  expect(lines[0]).toMatchObject({ index: 0, time: '+0.00 s', step: 'the app started' });
  expect(
    lines.some(
      (line) => line.step === 'verifyAccount OK' || /^verifyAccount OK \(\d+ ms\)$/.test(line.step),
    ),
  ).toBe(true);
  expect(lines.find((line) => line.step.startsWith('→ /'))).toMatchObject({ failed: false });
  for (const line of lines) {
    expect(line).not.toHaveProperty('type');
    expect(line.step).not.toMatch(/^api\//);
  }
  lines.forEach((line, index) => expect(line.index).toBe(index));
  expect(lines.at(-1).state.auth).toMatchObject({ status: 'signedIn', hasToken: true });
  const one = await replay(journeyLog, '--at', '2', '--json');
  expect(one.stdout).toBe(`${JSON.stringify(lines[2].state)}\n`);
});

it('prints a Jest test of the log with --emit-test, and makes none of a diverging log', async () => {
  const emitted = await replay(journeyLog, '--emit-test');
  expect(emitted.code).toBe(0);
  expect(emitted.stdout).toContain("import { allStates } from '../../src/replay/foldLog';");
  expect(emitted.stdout).toMatch(/expect\(log\.actions\)\.toHaveLength\(\d+\);/);
  expect(emitted.stdout).toContain("getAttribute('data-view') === 'home'");
  // The log is in it with the same actions (placeholders for identifiers), and checks itself.
  const embedded = /const LOG =\s*('.*');\n/.exec(emitted.stdout)![1]!;
  const kept = decodeLog(embeddedString(embedded));
  expect(kept.actions.map((action) => action.type)).toEqual(
    decodeLog(readFileSync(journeyLog, 'utf8')).actions.map((action) => action.type),
  );
  const keptFile = file('kept.json', embeddedString(embedded));
  expect((await replay(keptFile, '--check')).code).toBe(0);

  const log = JSON.parse(readFileSync(journeyLog, 'utf8'));
  log.actionLog.stateHashes[3] = '00000000';
  const diverging = await replay(file('diverging.json', JSON.stringify(log)), '--emit-test');
  expect(diverging.code).toBe(2);
  expect(diverging.stdout).toBe('');
  expect(diverging.stderr).toMatch(/action 3 \(.+\) already diverges: no test made/);
});

describe('the emitted test is one a developer keeps', () => {
  // Each runs the replay command, then a linter or Jest on what it printed.
  jest.setTimeout(120_000);

  function tool(args: string[]) {
    return new Promise<{ code: number; output: string }>((resolve) => {
      execFile(
        process.execPath,
        args,
        { cwd: REPO_ROOT, maxBuffer: 1 << 26 },
        (error, stdout, stderr) =>
          resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` }),
      );
    });
  }

  /** A module of the app replaced for one run: `body` is its source, removed after the tests. */
  const substitutes = path.join(REPO_ROOT, '.tmp', `substitutes-${process.pid}`);
  afterAll(() => rmSync(substitutes, { recursive: true, force: true }));
  function substitute(name: string, body: string, module = 'authSlice') {
    mkdirSync(substitutes, { recursive: true });
    const target = path.join(substitutes, `${name}.ts`);
    writeFileSync(target, body);
    return { [`^\\./${module}$`]: target };
  }

  it('passes prettier --check and eslint where the docs say to save it', async () => {
    const { stdout } = await replay(journeyLog, '--emit-test');
    // Saved as the docs say, for as long as the two check it (eslint's type-aware rules need a
    // file the TypeScript project includes).
    const kept = `__tests__/timeTravel/lint-${process.pid}.replay.test.tsx`;
    writeFileSync(path.join(REPO_ROOT, kept), stdout);
    try {
      const formatted = await tool(['node_modules/prettier/bin/prettier.cjs', '--check', kept]);
      expect(formatted.output).toMatch(/All matched files use Prettier code style/);
      expect(formatted.code).toBe(0);
      const lint = await tool(['node_modules/eslint/bin/eslint.js', '--max-warnings', '0', kept]);
      expect(lint.output).toBe('');
      expect(lint.code).toBe(0);
    } finally {
      rmSync(path.join(REPO_ROOT, kept), { force: true });
    }
  });

  it('survives a field added to the state, and names in words what a changed reducer changed', async () => {
    const { stdout } = await replay(journeyLog, '--emit-test');
    // The substitute stands for every `./authSlice` import, so it exports the rest as it is.
    const real =
      "import { authSlice as real } from '../../store/authSlice';\nexport * from '../../store/authSlice';\n";
    const added = await runEmittedTest(stdout, {
      moduleNameMapper: substitute(
        'authWithAddedField',
        `${real}export const authSlice = { ...real, reducer: (state: never, action: never) => ({ ...real.reducer(state, action), addedLater: { shown: true } }) };\n`,
      ),
    });
    expect(added.output).toMatch(/Tests:\s+1 passed, 1 total/);
    expect(added.code).toBe(0);

    const changed = await runEmittedTest(stdout, {
      moduleNameMapper: substitute(
        'authNeverSignedIn',
        `${real}export const authSlice = { ...real, reducer: (state: never, action: never) => { const next = real.reducer(state, action); return next.status === 'signedIn' ? { ...next, status: 'guest' } : next; } };\n`,
      ),
    });
    expect(changed.code).not.toBe(0);
    // The step in the timeline's words, the field, what it was and what it is now.
    expect(changed.output).toMatch(
      /\n\s*#\d+ signed in: auth\.status was "signedIn" and now is "guest"\n/,
    );
    expect(changed.output).not.toMatch(/state [0-9a-f]{8}, recorded/);
  });

  it('names a changed refusal in words, and takes a field added inside it', async () => {
    // The kept troubled session, with the activation's refusal read differently by the reducer.
    const kept = readFileSync(
      path.join(REPO_ROOT, '__tests__/timeTravel/troubledSession.replay.test.tsx'),
      'utf8',
    );
    const real =
      "import { submissionsSlice as real } from '../../store/submissionsSlice';\nexport * from '../../store/submissionsSlice';\n";
    const reading = (name: string, error: string) =>
      substitute(
        name,
        `${real}export const submissionsSlice = { ...real, reducer: (state: never, action: never) => { const next = real.reducer(state, action); const error = next.activation.error; return error ? { ...next, activation: { ...next.activation, error: ${error} } } : next; } };\n`,
        'submissionsSlice',
      );
    const added = await runEmittedTest(kept, {
      moduleNameMapper: reading('refusalWithAddedField', '{ ...error, retryAfter: 30 }'),
    });
    expect(added.output).toMatch(/Tests:\s+1 passed, 1 total/);
    const changed = await runEmittedTest(kept, {
      moduleNameMapper: reading('refusalRateLimited', "{ code: 'RATE_LIMITED', status: 429 }"),
    });
    expect(changed.code).not.toBe(0);
    expect(changed.output).toMatch(
      /\n\s*#\d+ verifyAccount FAILED 400 INVALID_CODE \(\d+ ms\): submissions\.activation\.error\.code was "INVALID_CODE" and now is "RATE_LIMITED"\n/,
    );
    expect(changed.output).toMatch(/activation\.error\.status was 400 and now is 429/);
  });

  it('carries no identifier, token, address, name or device string, and still passes', async () => {
    const original = readFileSync(journeyLog, 'utf8');
    const requestIds = [...original.matchAll(/\\"requestId\\":\\"([^\\"]+)\\"/g)].map(
      (match) => match[1]!,
    );
    expect(requestIds.length).toBeGreaterThan(3);
    const logId = decodeLog(original).logId!;
    expect(logId).toBeTruthy();
    const { stdout } = await replay(journeyLog, '--emit-test');
    const kept = decodeLog(embeddedString(/const LOG =\s*('.*');\n/.exec(stdout)![1]!));
    const text = JSON.stringify([kept.preloadedState, kept.actions, stdout]);
    for (const secret of [
      USER.email,
      USER.name,
      'Mozilla/5.0',
      SECRETS.activationToken,
      SECRETS.loginToken,
      logId,
      ...requestIds,
    ]) {
      expect(text).not.toContain(secret);
    }
    // The user's id, wherever the log names one.
    expect(text).not.toMatch(/\\*"(id|userId)\\*":\\*"u1\\*"/);
    expect(stdout).toContain('device-1');
    const run = await runEmittedTest(stdout);
    expect(run.output).toMatch(/Tests:\s+1 passed, 1 total/);
  });
});

it.each([
  ['a missing file', () => path.join(dir, 'absent.json'), 'no such file'],
  ['a truncated file', () => file('cut.json', '{"payload":"[]","preloa'), 'truncated'],
  ['a file that is not JSON', () => file('text.json', 'hello'), 'is not JSON'],
  [
    'a file of another version',
    () =>
      file(
        'v2.json',
        JSON.stringify({ payload: '[]', preloadedState: '{}', actionLog: { version: 2 } }),
      ),
    'unsupported log version 2',
  ],
  ['a file of another shape', () => file('shape.json', '{"actions":[]}'), 'no "actionLog" object'],
])('exits 2 on %s with one line saying what is wrong', async (_case, target, reason) => {
  const { code, stdout, stderr } = await replay(target());
  expect(code).toBe(2);
  expect(stdout).toBe('');
  expect(stderr).toContain(reason);
  expect(stderr.trimEnd().split('\n')).toHaveLength(1);
});

it('exits 2 on an index past the end of the log', async () => {
  const { code, stderr } = await replay(journeyLog, '--at', '100000');
  expect(code).toBe(2);
  expect(stderr).toMatch(/^replay: --at 100000 is past the last action/);
});

// Generating the log takes longer than replaying it: both fit in the time allowed here.
// How fast a 100,000-action log replays is a figure of `npm run bench -- replay`, not a test.
it('checks every hash of a long generated log', async () => {
  const long = file('long.json', generatedLogText(5_000));
  const { code, stdout } = await replay(long, '--check');
  expect(stdout).toBe('5000 actions replayed: every state hash matches\n');
  expect(code).toBe(0);
});

it('prints a crafted action type as visible text, never as terminal control codes', async () => {
  const log = JSON.parse(readFileSync(journeyLog, 'utf8'));
  const actions = JSON.parse(log.payload) as Array<{ type: string }>;
  // Retitle the terminal, clear the screen (C1 CSI), and reverse the line's direction.
  const hostile = 'evil\u001b]0;owned\u0007\u009b2J\u202ereversed';
  actions.push({ type: hostile });
  log.payload = JSON.stringify(actions);
  log.actionLog.timestamps.push(log.actionLog.timestamps.at(-1));
  log.actionLog.stateHashes.push(log.actionLog.stateHashes.at(-1));
  const crafted = file('crafted.json', JSON.stringify(log));

  const timeline = await replay(crafted);
  expect(timeline.code).toBe(0);
  expect(timeline.stdout).toContain('evil\\u001b]0;owned\\u0007\\u009b2J\\u202ereversed');
  for (const { stdout } of [timeline, await replay(crafted, '--json')]) {
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    expect(stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
  }
});

it('explains itself with --help and exits 0', async () => {
  const { code, stdout } = await replay('--help');
  expect(code).toBe(0);
  expect(stdout).toMatch(/^usage: npm run replay -- FILE/);
  for (const option of ['--at N', '--json', '--check']) expect(stdout).toContain(option);
});
