import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { decodeLog } from '../../../contract/action-log';
import { generatedLogText } from '../../../testing/actionLog/generatedLog';
import { recordedJourney } from '../../../testing/actionLog/journey';
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
  // Home's last words: its session list, its pending email change, its second factor or its
  // passkeys arrived.
  expect(lines.at(-1)).toMatch(
    /^\s*\d+\s+\+\d+\.\d\d s\s+(sessions|emailChange|secondFactor|passkeys) OK(: [^(]+)? \(\d+ ms\)\s+\/\s+signedIn$/,
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
  expect(emitted.stdout).toContain("import { replayStates } from '../../store/actionLog/foldLog';");
  expect(emitted.stdout).toMatch(/expect\(log\.actions\)\.toHaveLength\(\d+\);/);
  expect(emitted.stdout).toContain(`getAttribute('data-view') === "home"`);
  // The log is in it as exported: its hashes are what the test checks.
  const embedded = /const LOG = (".*");\n/.exec(emitted.stdout)![1]!;
  expect(decodeLog(JSON.parse(embedded))).toEqual(decodeLog(readFileSync(journeyLog, 'utf8')));

  const log = JSON.parse(readFileSync(journeyLog, 'utf8'));
  log.actionLog.stateHashes[3] = '00000000';
  const diverging = await replay(file('diverging.json', JSON.stringify(log)), '--emit-test');
  expect(diverging.code).toBe(2);
  expect(diverging.stdout).toBe('');
  expect(diverging.stderr).toMatch(/action 3 \(.+\) already diverges: no test made/);
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
