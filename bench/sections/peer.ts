// The session check beside the peer a TypeScript team would pick instead: better-auth's
// `get-session` (on the same SQLite settings, served by Node's http), this product's verify at
// three log levels, and a bare Node handler. Each server runs in a process of its own, so its CPU
// time per request is read from /proc beside its req/s; rounds alternate (the order turns each
// round) and the median round is read. Run on request: `npm run bench -- peer`.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import autocannon from 'autocannon';

import { median, ratio, type Row } from '../table';

const ROUNDS = 4;
const ROUND_SECONDS = 5;
const CONNECTIONS = 50;
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

interface Started {
  url: string;
  headers: Record<string, string>;
  version?: string;
}

interface Subject {
  name: string;
  child: ChildProcess;
  started: Started;
}

const SUBJECTS: { name: string; args: string[]; env?: NodeJS.ProcessEnv }[] = [
  { name: 'bare Node handler', args: ['bare'] },
  { name: 'better-auth get-session', args: ['better-auth'] },
  { name: 'verify, LOG_LEVEL=silent', args: ['product'], env: { LOG_LEVEL: 'silent' } },
  { name: 'verify, LOG_LEVEL=info', args: ['product'], env: { LOG_LEVEL: 'info' } },
  { name: 'verify, LOG_LEVEL=debug', args: ['product'], env: { LOG_LEVEL: 'debug' } },
];

function start(name: string, args: string[], dir: string, env: NodeJS.ProcessEnv = {}) {
  const script = path.join(__dirname, '..', 'peer', 'server.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args, dir], {
    env: { ...process.env, PEER_LOG_LEVEL: env.LOG_LEVEL ?? 'silent' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise<Subject>((resolve, reject) => {
    let buffered = '';
    let found = false;
    // Read to the end: the log lines of the info and debug servers go here too.
    child.stdout!.on('data', (chunk: Buffer) => {
      if (found) return;
      buffered += chunk.toString();
      for (const line of buffered.split('\n')) {
        if (!line.startsWith('{"url"')) continue;
        found = true;
        resolve({ name, child, started: JSON.parse(line) as Started });
      }
    });
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
  });
}

/** User plus system CPU time of a process so far, in microseconds. */
function cpuMicros(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND) * 1e6;
}

async function round(subject: Subject) {
  const before = cpuMicros(subject.child.pid!);
  const result = await autocannon({
    url: subject.started.url,
    headers: subject.started.headers,
    connections: CONNECTIONS,
    duration: ROUND_SECONDS,
  });
  const cpu = cpuMicros(subject.child.pid!) - before;
  return {
    rps: result.requests.average,
    cpuPerRequest: result.requests.total > 0 ? cpu / result.requests.total : 0,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

type Round = Awaited<ReturnType<typeof round>>;

export async function benchPeer(): Promise<Row[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-peer-'));
  const subjects: Subject[] = [];
  try {
    for (const { name, args, env } of SUBJECTS) subjects.push(await start(name, args, dir, env));
    const runs = new Map<string, Round[]>(subjects.map((s) => [s.name, []]));
    for (let r = 0; r < ROUNDS; r++) {
      for (let i = 0; i < subjects.length; i++) {
        const subject = subjects[(i + r) % subjects.length]!;
        runs.get(subject.name)!.push(await round(subject));
      }
    }
    const figure = (name: string) => {
      const of = runs.get(name)!;
      return {
        rps: median(of.map((x) => x.rps)),
        cpu: median(of.map((x) => x.cpuPerRequest)),
        errors: of.reduce((sum, x) => sum + x.errors, 0),
      };
    };
    const bare = figure(SUBJECTS[0]!.name);
    const peer = figure(SUBJECTS[1]!.name);
    const verify = figure(SUBJECTS[2]!.name);
    const version = subjects[1]!.started.version ?? '?';
    const section = 'peer';
    const rows: Row[] = [{ section, figure: 'better-auth version', value: version }];
    for (const { name } of SUBJECTS) {
      const f = figure(name);
      rows.push({
        section,
        figure: `${name}: req/s, CPU per request`,
        value: `${f.rps.toFixed(0)}, ${f.cpu.toFixed(1)} µs (${ratio(f.rps / bare.rps)} bare)`,
      });
      if (f.errors > 0) rows.push({ section, figure: `${name}: errors`, value: String(f.errors) });
    }
    rows.push(
      {
        section,
        figure: 'verify / better-auth get-session: req/s, CPU per request',
        value: `${ratio(verify.rps / peer.rps)}, ${ratio(peer.cpu / verify.cpu)} less CPU`,
      },
      {
        section,
        figure: `rounds`,
        value: `${ROUNDS} of ${ROUND_SECONDS} s each, ${CONNECTIONS} connections, medians`,
      },
    );
    return rows;
  } finally {
    for (const subject of subjects) subject.child.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
