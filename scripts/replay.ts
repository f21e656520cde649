// npm run replay -- FILE [--at N] [--json] [--check] | --help
// Folds a recorded action log through the app's root reducer (no middleware, no side effects).
// Exit codes: 0 done, 1 the replay diverges from the recording (--check), 2 bad file or usage.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

import type { DecodedLog } from '../contract/action-log';
import type { ServerEvent } from '../store/actionLog/serverEvents';

// Redux Toolkit and Immer pick their lean production builds when they load: replay needs none of
// their development checks (the log was recorded by a running app), and runs about twice as fast.
process.env.NODE_ENV ??= 'production';

async function loadReplay() {
  // The app's endpoint table first, as the replay page's first import.
  await import('../src/endpoints');
  return {
    ...(await import('../contract/action-log')),
    ...(await import('../contract/action-log-index')),
    ...(await import('../store/actionLog/sessionFacts')),
    ...(await import('../src/replay/replay.messages')),
    ...(await import('../contract/languages')),
    ...(await import('../src/replay/foldLog')),
    ...(await import('../src/replay/timeline')),
    ...(await import('../src/replay/describe')),
    ...(await import('../contract/printable')),
    ...(await import('../store/actionLog/serverEvents')),
  };
}

type Replay = Awaited<ReturnType<typeof loadReplay>>;

const USAGE =
  'usage: npm run replay -- FILE [--at N] [--json] [--check] | --ref REFERENCE [...] | --list [...] | --stats [...] | --funnel [...]';
const HELP = `${USAGE}

Folds a recorded action log through the app's root reducer (no side effects).

  FILE        a log exported by the app ("Download activity log" or window.actionLog.export())
  --ref REF   a log sent to support, read from the server's database (DATA_DIR or DATABASE_URL)
    --page    serve replay.html with it loaded on 127.0.0.1 and print the address (Ctrl-C stops)
    --out F   write it to the file F
  --list      the logs sent to support, latest first, with the total: reference, when sent, size,
              when the session started and how long it lasted, app version, language, device,
              the user ids it holds ("guest" when never signed in), last path, failure codes
              and reloads; --limit N (50) and --page N turn the pages
  --stats     across the logs: the funnel (signed up, activated, logged in, home), the top
              failure codes, where sessions stop, the median time per view
    filters   of --list and --stats: --since T, --until T (when the session started: 2026-11-24,
              2026-11-24T06:00Z, or 12h, 7d ago), --failed CODE, --stopped-at PATH
  --funnel    the funnel of every visitor from the server's auth events (not from uploads), per
              UTC day and over the period: sign-ups, activations, first logins, logins, resets
              asked and done, second-factor failures, refusals; the nearest-rank median and 90th
              percentile from sign-up to activation and from a reset's request to the new
              password; the refusals by endpoint and code. --from DAY and --to DAY (2026-11-24,
              both included; the last 30 days by default), --json
  (no option) the session (when, how long, app version, language, device, as replay.html's
              header says them), then the timeline: index, time since the start, what happened
              in words (a request's
              endpoint, verdict, status, error code and duration; "<<" marks a failure), the
              path and the auth status after it; with --ref, what the server recorded of the
              log's requests too ("server: ..." lines, before the answer they decided)
  --at N      the state after action N, as indented JSON (one line with --json)
  --json      one JSON line per action: {"index", "time", "step", "failed", "path", "auth",
              "state"}, the step in the timeline's words and the state after it; with --ref, a
              line {"time", "step", "server": true} per server event; with --list and --stats,
              their answer as one JSON object
  --check     compare the recorded state hashes; name the first action that diverges (exit 1)
  --emit-test print a Jest test file (for __tests__/timeTravel/) that folds the log and checks,
              in each step's words, the fields of the state it changed and the last view; ids,
              tokens and devices are placeholders: a troubled session becomes a regression test
  --help      this text

Exit codes: 0 done, 1 the replay diverges (--check), 2 a bad file or usage.`;

interface Command {
  help: boolean;
  file: string;
  at: number | null;
  json: boolean;
  check: boolean;
  emitTest: boolean;
}

class UsageError extends Error {}
class UnreadableFile extends Error {}

function parseArgs(args: string[]): Command {
  const command: Command = {
    help: false,
    file: '',
    at: null,
    json: false,
    check: false,
    emitTest: false,
  };
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (arg === '--help' || arg === '-h') return { ...command, help: true };
    if (arg === '--json') command.json = true;
    else if (arg === '--check') command.check = true;
    else if (arg === '--emit-test') command.emitTest = true;
    else if (arg === '--at') {
      const value = args[(i += 1)];
      if (value === undefined || !/^\d+$/.test(value)) {
        throw new UsageError('--at needs an action index (0, 1, 2...)');
      }
      command.at = Number(value);
    } else if (arg.startsWith('-')) throw new UsageError(`unknown option ${arg}; ${USAGE}`);
    else if (command.file) throw new UsageError(`one log file at a time; ${USAGE}`);
    else command.file = arg;
  }
  if (!command.file) throw new UsageError(USAGE);
  if (command.check && (command.json || command.at !== null)) {
    throw new UsageError('--check cannot be combined with --at or --json');
  }
  if (command.emitTest && (command.check || command.json || command.at !== null)) {
    throw new UsageError('--emit-test stands alone');
  }
  return command;
}

/** An upload read from the server's database (--ref), replayed instead of a file. */
let uploadedText: string | undefined;
/** What the server recorded of the upload's requests (--ref). */
let serverEvents: ServerEvent[] = [];
/** The sender's device class, as the server knew it (--ref). */
let uploadDevice: string | null = null;

/** The server's events to show before each action (at `actions.length`: after the last one). */
function serverLines(
  { placeServerEvents, describeServerEvent, relativeTime }: Replay,
  log: DecodedLog,
) {
  const placed = placeServerEvents(log.actions, log.timestamps, serverEvents);
  const start = log.timestamps[0] ?? 0;
  return (index: number) =>
    (placed.get(index) ?? []).map((event) => ({
      // A request the server decided before the log's first action is before its start.
      time:
        event.time < start
          ? relativeTime(start - event.time).replace(/^\+/, '-')
          : relativeTime(event.time - start),
      text: describeServerEvent(event),
    }));
}

/** The log's text: the upload's, or the file's. */
function readText(file: string): string {
  if (uploadedText !== undefined) return uploadedText;
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UnreadableFile(code === 'ENOENT' ? 'no such file' : `cannot be read (${code})`);
  }
}

function readLog({ decodeLog, LogFileError }: Replay, file: string): DecodedLog {
  try {
    return decodeLog(readText(file));
  } catch (error) {
    if (error instanceof UnreadableFile) throw new LogFileError(error.message);
    throw error;
  }
}

/** Writes big outputs in large chunks: one write per line is the slow part of a long replay. */
function createOutput(printable: (text: string) => string) {
  let buffer = '';
  return {
    line(text: string) {
      buffer += `${printable(text)}\n`;
      if (buffer.length > 1 << 20) this.flush();
    },
    flush() {
      if (buffer) process.stdout.write(buffer);
      buffer = '';
    },
  };
}

/**
 * The session's header, as the replay page shows it: when (in this process's time zone, named),
 * how long, the app's version, the language, the device.
 */
function sessionLines(replay: Replay, log: DecodedLog): string[] {
  const { indexLog, sessionFacts, SESSION_TIME_FORMAT, replayEn, formatLocale } = replay;
  const time = new Intl.DateTimeFormat(formatLocale('en'), SESSION_TIME_FORMAT);
  return sessionFacts(indexLog(log), uploadDevice).map(({ id, time: at, text }) => {
    const value = at === undefined ? text : at === null ? null : time.format(at);
    return `${replayEn[id]}: ${value ?? replayEn['replay.unknown']}`;
  });
}

function printTimeline(replay: Replay, log: DecodedLog, out: ReturnType<typeof createOutput>) {
  const { describeActions, formatHeader, formatRow, replayStates, timelineRow } = replay;
  for (const line of sessionLines(replay, log)) out.line(line);
  out.line('');
  const steps = describeActions(log.actions, log.timestamps);
  const indexWidth = Math.max(1, String(log.actions.length - 1).length);
  // Wide enough for most rows; a rare long one pushes its own row's last columns.
  const textWidth = Math.min(60, Math.max(13, ...steps.map((step) => step.text.length + 4)));
  const server = serverLines(replay, log);
  // A server line has no index, path or auth of its own: it is no action of the log.
  const serverRow = (line: { time: string; text: string }) =>
    formatRow({ index: '', path: '', auth: '', ...line }, indexWidth, textWidth).trimEnd();
  out.line(formatHeader(indexWidth, textWidth));
  let index = 0;
  for (const state of replayStates(log)) {
    for (const line of server(index)) out.line(serverRow(line));
    out.line(formatRow(timelineRow(steps[index]!, state), indexWidth, textWidth));
    index += 1;
  }
  for (const line of server(index)) out.line(serverRow(line));
}

function printStates(
  replay: Replay,
  log: DecodedLog,
  command: Command,
  out: ReturnType<typeof createOutput>,
) {
  const { describeActions, replayStates, timelineRow } = replay;
  const server = serverLines(replay, log);
  const serverJson = (index: number) => {
    for (const line of server(index)) {
      out.line(JSON.stringify({ time: line.time, step: line.text, server: true }));
    }
  };
  if (command.at !== null && command.at >= log.actions.length) {
    throw new UsageError(
      `--at ${command.at} is past the last action (the log has ${log.actions.length}, from 0)`,
    );
  }
  const steps = command.at === null ? describeActions(log.actions, log.timestamps) : [];
  let index = 0;
  for (const state of replayStates(log)) {
    if (command.at === null) {
      // One line per action: the step in the timeline's words beside the state after it.
      serverJson(index);
      const step = steps[index]!;
      const row = timelineRow(step, state);
      out.line(
        JSON.stringify({
          index,
          time: row.time,
          step: step.text,
          failed: step.failed,
          path: row.path,
          auth: row.auth,
          state,
        }),
      );
    } else if (index === command.at) {
      // Indented JSON is many lines; each is printed as one (a string's line breaks are escapes).
      const json = command.json ? JSON.stringify(state) : JSON.stringify(state, null, 2);
      for (const line of json.split('\n')) out.line(line);
      return;
    }
    index += 1;
  }
  if (command.at === null) serverJson(index);
}

async function run(replay: Replay, command: Command): Promise<number> {
  const log = readLog(replay, command.file);
  const out = createOutput(replay.printable);
  try {
    if (command.emitTest) {
      // A log whose replay already diverges would make a test that fails from the start.
      const divergence = replay.firstDivergence(log);
      if (divergence) {
        throw new UsageError(
          `action ${divergence.index} (${divergence.type}) already diverges: no test made`,
        );
      }
      const { emitTest } = await import('./replay/emitTest');
      process.stdout.write(
        await emitTest({
          name: basename(command.file),
          log,
          steps: ({ actions, timestamps }) =>
            replay.describeActions(actions, timestamps).map((step) => step.text),
        }),
      );
      return 0;
    }
    if (command.check) {
      const divergence = replay.firstDivergence(log);
      if (divergence) {
        const { index, type, expected, actual } = divergence;
        out.line(
          `diverges at action ${index} (${type}): recorded state hash ${expected}, replayed ${actual}`,
        );
        return 1;
      }
      out.line(`${log.actions.length} actions replayed: every state hash matches`);
    } else if (command.json || command.at !== null) printStates(replay, log, command, out);
    else printTimeline(replay, log, out);
    return 0;
  } finally {
    out.flush();
  }
}

// `| head` closes the pipe early: that is the reader's choice, not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

async function main(args: string[]): Promise<number> {
  // --list, --stats and --ref read the uploads sent to support from the server's database;
  // --funnel its auth events.
  if (['--list', '--stats', '--funnel', '--ref'].some((option) => args.includes(option))) {
    const upload = await (await import('./replay/fromServer')).fromServer(args);
    if (typeof upload === 'number') return upload;
    ({ args, text: uploadedText, serverEvents, device: uploadDevice } = upload);
  }
  let command: Command;
  try {
    command = parseArgs(args);
  } catch (error) {
    process.stderr.write(`replay: ${(error as Error).message}\n`);
    return 2;
  }
  if (command.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  const replay = await loadReplay();
  try {
    return await run(replay, command);
  } catch (error) {
    const prefix = error instanceof UsageError ? 'replay' : `replay: ${command.file}`;
    const reason =
      error instanceof replay.LogFileError || error instanceof UsageError
        ? error.message
        : `cannot be replayed (${error instanceof Error ? error.message : String(error)})`;
    process.stderr.write(`${replay.printable(`${prefix}: ${reason}`)}\n`);
    return 2;
  }
}

void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
