// The deploy path the README documents, as written: the files its Deploy section copies, installed
// with `npm ci --omit=dev`, started as `NODE_ENV=production node build/server.js` (it never builds)
// or with `npm start`; SIGTERM and SIGINT to `npm start` stop the server gracefully, answering the
// requests in flight. A Node older than the one the server needs is refused in one line.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

import { API_PATHS } from '../../contract/api';
import { freePort, networkAddress, REPO_ROOT } from '../../testing/processes';
import { ApiClient } from '../../testing/server/client';
import { tempDir } from '../../testing/server/config';

/** What the README's Deploy section copies to the target: its `cp -r … /srv/accounts/` line. */
function deployedFiles(): string[] {
  const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
  const copy = /^cp -r (.+) \/srv\/accounts\/$/m.exec(readme);
  if (!copy?.[1]) throw new Error('README.md: the Deploy section has no `cp -r … /srv/accounts/`');
  return copy[1].split(/\s+/);
}

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => output, exited };
}

async function started(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<Started> {
  const process = run(command, args, cwd, env);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const match = /Server listening at (http:\/\/[0-9.]+:\d+)/.exec(process.output());
    if (match?.[1]) return { ...process, url: match[1] };
    if (process.child.exitCode !== null || Date.now() > deadline) {
      process.child.kill('SIGKILL');
      throw new Error(`the server did not start:\n${process.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

describe('a production install of a built tree', () => {
  let tree: string;
  let dataDir: string;
  let baseEnv: NodeJS.ProcessEnv;

  beforeAll(async () => {
    const distIndex = path.join(REPO_ROOT, 'dist', 'index.html');
    if (!fs.existsSync(distIndex)) {
      throw new Error('dist/ is missing: run `npm run build` before this suite (npm test does).');
    }
    tree = tempDir('deploy');
    dataDir = tempDir('deploy-data');
    const files = deployedFiles();
    expect(files).toEqual(expect.arrayContaining(['package.json', 'dist', 'build']));
    // build/ is compiled afresh into the tree below, as `npm run build` makes it.
    for (const file of files.filter((name) => name !== 'build')) {
      fs.cpSync(path.join(REPO_ROOT, file), path.join(tree, file), { recursive: true });
    }
    const compile = spawnSync(
      'node',
      ['scripts/build-server.mjs', path.join(tree, 'build', 'server.js')],
      { cwd: REPO_ROOT, encoding: 'utf8' },
    );
    if (compile.status !== 0) throw new Error(`the server build failed:\n${compile.stderr}`);
    const install = spawnSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], {
      cwd: tree,
      encoding: 'utf8',
      timeout: 240_000,
    });
    if (install.status !== 0) throw new Error(`npm ci --omit=dev failed:\n${install.stderr}`);
    expect(fs.existsSync(path.join(tree, 'node_modules', 'webpack'))).toBe(false);
    baseEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      MAIL_MODE: 'outbox',
      // What production requires besides the mail mode.
      SECRET_KEYS: `1:${'ab'.repeat(32)}`,
      MAIL_FROM: 'Accounts <accounts@example.com>',
      PUBLIC_URL: 'http://localhost:8080',
      // Arrivals (which the signal test counts) are logged at debug.
      LOG_LEVEL: 'debug',
    };
  }, 300_000);

  afterAll(() => {
    if (tree) fs.rmSync(tree, { recursive: true, force: true });
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts with NODE_ENV=production on every interface, serves the app and the API', async () => {
    const { HOST: _, ...withoutHost } = baseEnv;
    const server = await started('node', ['build/server.js'], tree, {
      ...withoutHost,
      NODE_ENV: 'production',
      PORT: '0',
    });
    try {
      // Reached from other machines: a container's port, a proxy on another host.
      const { port } = new URL(server.url);
      const client = new ApiClient(`http://${networkAddress()}:${port}`);
      expect((await client.get(API_PATHS.live)).status).toBe(200);
      expect((await client.get(API_PATHS.ready)).body).toMatchObject({ ok: true });
      const page = await fetch(`${server.url}/login`, { headers: { accept: 'text/html' } });
      expect(page.status).toBe(200);
      expect(await page.text()).toMatch(/<div id="?root"?>/);
      const signup = await client.post(API_PATHS.signup, {
        name: 'Deployed',
        email: 'deployed@example.com',
        password: 'a deployed passphrase',
      });
      expect(signup.status).toBe(201);
      // The compiled mail thread (build/mail-thread.js) runs the sign-up's job and writes its mail.
      expect(fs.existsSync(path.join(tree, 'build', 'mail-thread.js'))).toBe(true);
      const outbox = path.join(dataDir, 'outbox');
      const mailed = async () =>
        fs.existsSync(outbox) &&
        fs
          .readdirSync(outbox)
          .filter((name) => name.endsWith('.json'))
          .some((name) => fs.readFileSync(path.join(outbox, name), 'utf8').includes('deployed@'));
      const deadline = Date.now() + 15_000;
      while (!(await mailed()) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await mailed()).toBe(true);
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null });
    }
  });

  it('refuses to start in production without MAIL_FROM and PUBLIC_URL, in one line', () => {
    const { MAIL_FROM: _, PUBLIC_URL: __, ...bare } = baseEnv;
    const result = spawnSync('node', ['build/server.js'], {
      cwd: tree,
      env: { ...bare, NODE_ENV: 'production', PORT: '0' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^Configuration error: NODE_ENV=production needs MAIL_FROM .*PUBLIC_URL/,
      ),
    ]);
  });

  it('runs the compiled commands: migrate, backup', () => {
    const run = (command: string, args: string[]) =>
      spawnSync(command, args, {
        cwd: tree,
        env: { ...baseEnv, NODE_ENV: 'production' },
        encoding: 'utf8',
        timeout: 60_000,
      });
    const dryRun = run('node', ['build/server.js', 'migrate', '--dry-run']);
    expect([dryRun.status, dryRun.stdout]).toEqual([
      0,
      expect.stringMatching(/^Nothing to migrate: the database has all \d+ migrations\.\n$/),
    ]);
    const file = path.join(dataDir, 'deployed.backup.db');
    const backup = run('npm', ['run', '--silent', 'backup', '--', file]);
    expect([backup.status, backup.stderr]).toEqual([0, '']);
    expect(backup.stdout).toMatch(/^Backed up .*deployed\.backup\.db/);
    expect(fs.statSync(file).size).toBeGreaterThan(0);
  });

  it('refuses to start in production without the built app, in one line', async () => {
    const result = spawnSync('node', ['build/server.js'], {
      cwd: tree,
      env: { ...baseEnv, NODE_ENV: 'production', PORT: '0', DIST_DIR: path.join(tree, 'none') },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/built app is missing.*npm run build/);
  });

  it('`npm start` without the build tools says what is missing instead of building', () => {
    const dist = path.join(tree, 'dist');
    fs.renameSync(dist, `${dist}-aside`);
    try {
      const result = spawnSync('npm', ['start', '--silent'], {
        cwd: tree,
        env: { ...baseEnv, PORT: '0' },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(result.status).toBe(1);
      expect(result.stderr.trim()).toMatch(
        /^dist\/index\.html is missing, and this install has no build tools \(npm ci --omit=dev\)/,
      );
      expect(result.stdout).not.toMatch(/Building the app/);
    } finally {
      fs.renameSync(`${dist}-aside`, dist);
    }
  });

  it('says which variable to change when the port is taken', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as net.AddressInfo;
    try {
      const result = spawnSync('node', ['build/server.js'], {
        cwd: tree,
        env: { ...baseEnv, NODE_ENV: 'production', PORT: String(port) },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(
        new RegExp(`port ${port} on 127\\.0\\.0\\.1 is already in use.*PORT`),
      );
    } finally {
      blocker.close();
    }
  });

  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s to `npm start` answers the requests in flight, then stops the server',
    async (signal) => {
      const port = await freePort();
      const npm = await started('npm', ['start'], tree, { ...baseEnv, PORT: String(port) });
      const client = new ApiClient(npm.url);
      // Sign-ups hash a password (argon2id at OWASP settings): each is in flight for a while.
      const inFlight = Array.from({ length: 6 }, (_, i) =>
        client.post(API_PATHS.signup, {
          name: 'In flight',
          email: `${signal}-${i}@example.com`,
          password: 'a passphrase in flight',
        }),
      );
      // Signalled once the server has all six: a request still in the accept queue when the
      // server stops listening is not in flight, and its connection is refused.
      const received = () => npm.output().split('"path":"/v1/api/user/signup"').length - 1;
      const deadline = Date.now() + 10_000;
      while (received() < 6 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      expect(received()).toBe(6);
      const signalledAt = Date.now();
      npm.child.kill(signal);
      const answers = await Promise.all(inFlight);
      expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(201));
      await npm.exited;
      expect(Date.now() - signalledAt).toBeLessThan(5_000);
      expect(npm.output()).toMatch(new RegExp(`${signal} received`));
      // Nothing was left running without its parent.
      expect(await refusesConnections(port)).toBe(true);
    },
    40_000,
  );

  describe('on a Node older than the one it needs', () => {
    /** The folder of a Node 20 (the machine's, else the npm registry's, as use-node.sh gets it). */
    let oldNodeBin: string;

    beforeAll(() => {
      const found = spawnSync(
        'bash',
        ['-c', 'source scripts/use-node.sh 20 >&2 && command -v node'],
        {
          cwd: REPO_ROOT,
          // The machine's own Node first, as a fresh shell finds it; this one's npm to fetch another.
          env: { ...process.env, PATH: `/usr/bin:/bin:${path.dirname(process.execPath)}` },
          encoding: 'utf8',
          timeout: 240_000,
        },
      );
      if (found.status !== 0) throw new Error(`no Node 20 to test with:\n${found.stderr}`);
      oldNodeBin = path.dirname(found.stdout.trim());
    }, 300_000);

    const onOldNode = (command: string, args: string[], cwd = tree) =>
      spawnSync(command, args, {
        cwd,
        env: { ...baseEnv, PATH: `${oldNodeBin}:${baseEnv.PATH}`, NODE_ENV: 'production' },
        encoding: 'utf8',
        timeout: 120_000,
      });
    const REFUSAL =
      /^This server needs Node 22\.13 or later \(this is Node 20\.[\d.]+\): run `source scripts\/use-node\.sh`.*nodejs\.org/;

    it('stops the compiled server with one line, before a native module crashes it', () => {
      const result = onOldNode('node', ['build/server.js']);
      expect([result.status, result.signal]).toEqual([1, null]);
      expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(REFUSAL)]);
    });

    it('stops `npm start` with the same line', () => {
      const result = onOldNode('npm', ['start', '--silent']);
      expect([result.status, result.signal]).toEqual([1, null]);
      expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(REFUSAL)]);
    });

    it('refuses the install (engine-strict), installing nothing', () => {
      const fresh = tempDir('deploy-old-node');
      try {
        for (const file of ['package.json', 'package-lock.json', '.npmrc']) {
          fs.copyFileSync(path.join(tree, file), path.join(fresh, file));
        }
        const result = onOldNode('npm', ['ci', '--omit=dev'], fresh);
        expect(result.status).not.toBe(0);
        expect(result.stderr).toMatch(/EBADENGINE[\s\S]*Required: \{"node":">=22\.13"\}/);
        expect(fs.existsSync(path.join(fresh, 'node_modules'))).toBe(false);
      } finally {
        fs.rmSync(fresh, { recursive: true, force: true });
      }
    }, 120_000);
  });
});
