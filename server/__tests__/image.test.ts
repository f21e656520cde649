// The container image. Its steps (scripts/image.sh, which the Dockerfile runs) are run here in a
// clean copy of the repository, and their result starts with NODE_ENV=production and serves. Then
// podman builds the Dockerfile from that copy and starts the image: non-root, its HEALTHCHECK
// answered, the API served. Where no container registry is reachable, the base image is a
// stand-in made from Debian's repositories and the npm registry (testing/container/node-base.sh).
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { parse } from 'yaml';

import { API_PATHS } from '../../contract/api';
import { freePort, REPO_ROOT } from '../../testing/processes';
import { ApiClient } from '../../testing/server/client';
import { tempDir } from '../../testing/server/config';

const MINUTE = 60_000;
/** The production settings the image needs from whoever runs it. */
const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  MAIL_MODE: 'outbox',
  SECRET_KEY: 'cd'.repeat(32),
  PUBLIC_URL: 'http://localhost:8080',
  MAIL_FROM: 'accounts@example.com',
};

/** The repository's files as a clone has them (tracked, and new ones not ignored). */
function cleanCopy(): string {
  const copy = tempDir('image-src');
  const files = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    },
  )
    .split('\0')
    .filter((file) => file !== '' && fs.existsSync(path.join(REPO_ROOT, file)));
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    fs.copyFileSync(path.join(REPO_ROOT, file), path.join(copy, file));
  }
  return copy;
}

function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }) {
  const result = spawnSync(command, args, {
    ...options,
    encoding: 'utf8',
    timeout: 20 * MINUTE,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status ?? result.signal}):\n${result.stdout.slice(-4000)}\n${result.stderr.slice(-4000)}`,
    );
  }
  return result.stdout;
}

async function answersHealth(url: string, deadlineMs: number): Promise<boolean> {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    const answer = await fetch(`${url}${API_PATHS.health}`).catch(() => undefined);
    if (answer?.status === 200) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

/** Signs up through `url` and reads the stored mail back: the API and its mail thread work. */
async function servesTheApi(url: string) {
  const client = new ApiClient(url);
  expect((await client.get(API_PATHS.health)).body).toMatchObject({ ok: true });
  // A navigation: only a request asking for a page gets the app.
  const page = await fetch(`${url}/login`, { headers: { accept: 'text/html' } });
  expect(page.status).toBe(200);
  expect(await page.text()).toMatch(/<div id="?root"?>/);
  const signup = await client.post(API_PATHS.signup, {
    name: 'Imaged',
    email: 'imaged@example.com',
    password: 'an imaged passphrase',
  });
  expect(signup.status).toBe(201);
}

const copy = cleanCopy();
const out = tempDir('image-out');
afterAll(() => {
  fs.rmSync(copy, { recursive: true, force: true });
  fs.rmSync(out, { recursive: true, force: true });
});

describe("the image's steps in a clean copy", () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = tempDir('image-data');
    // What the Dockerfile's two stages run, in the same order.
    run('sh', ['scripts/image.sh', 'build', out], { cwd: copy });
    run('sh', ['scripts/image.sh', 'install'], {
      cwd: out,
      env: { ...process.env, DATA_DIR: dataDir },
    });
  }, 40 * MINUTE);
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('leaves the built app and server with the production dependencies only', () => {
    for (const file of ['dist/index.html', 'build/server.js', 'build/mail-thread.js']) {
      expect(fs.existsSync(path.join(out, file))).toBe(true);
    }
    expect(fs.existsSync(path.join(out, 'node_modules', 'fastify'))).toBe(true);
    expect(fs.existsSync(path.join(out, 'node_modules', 'webpack'))).toBe(false);
    expect(fs.existsSync(path.join(out, 'src'))).toBe(false);
  });

  it(
    'starts with NODE_ENV=production and serves',
    async () => {
      const port = await freePort();
      const child: ChildProcess = spawn(process.execPath, ['build/server.js'], {
        cwd: out,
        env: {
          PATH: process.env.PATH,
          ...PRODUCTION_ENV,
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: dataDir,
        },
        stdio: 'ignore',
      });
      const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
      try {
        const url = `http://127.0.0.1:${port}`;
        expect(await answersHealth(url, MINUTE)).toBe(true);
        await servesTheApi(url);
      } finally {
        child.kill('SIGTERM');
        expect(await exited).toBe(0);
      }
    },
    5 * MINUTE,
  );
});

describe('the image, built and started by podman', () => {
  const tag = `localhost/accounts-image-test:${process.pid}`;
  const name = `accounts-image-test-${process.pid}`;
  let conf: string;
  let podmanEnv: NodeJS.ProcessEnv;
  const podman = (...args: string[]) => run('podman', args, { cwd: copy, env: podmanEnv });

  beforeAll(() => {
    if (spawnSync('podman', ['--version']).status !== 0) {
      throw new Error('podman is missing: apt-get install -y podman runc debootstrap');
    }
    // Where the kernel mixes cgroup versions and ulimits cannot be raised (this kind of machine),
    // runc runs what crun refuses; the limits stay within this process's own.
    conf = path.join(tempDir('podman-conf'), 'containers.conf');
    const hardFiles = run('sh', ['-c', 'ulimit -Hn'], { cwd: copy }).trim();
    const hasRunc = spawnSync('runc', ['--version']).status === 0;
    fs.writeFileSync(
      conf,
      `[containers]\ndefault_ulimits = ["nofile=${hardFiles}:${hardFiles}", "nproc=4096:4096"]\n` +
        (hasRunc ? '[engine]\nruntime = "runc"\n' : ''),
    );
    podmanEnv = { ...process.env, CONTAINERS_CONF: conf };

    const official = 'docker.io/library/node:24-bookworm-slim';
    let base = official;
    const present = (image: string) =>
      spawnSync('podman', ['image', 'exists', image], { env: podmanEnv }).status === 0;
    if (
      !present(official) &&
      spawnSync('podman', ['pull', '-q', official], { env: podmanEnv, timeout: 5 * MINUTE })
        .status !== 0
    ) {
      const major = process.versions.node.split('.')[0];
      base = `localhost/accounts-node-base:${major}`;
      if (!present(base)) {
        run(
          'sh',
          [
            path.join(REPO_ROOT, 'testing/container/node-base.sh'),
            base,
            path.dirname(path.dirname(process.execPath)),
          ],
          { cwd: copy, env: podmanEnv },
        );
      }
    }
    podman(
      'build',
      '--pull=never',
      '--format',
      'docker',
      '--build-arg',
      `NODE_IMAGE=${base}`,
      '-t',
      tag,
      '.',
    );
  }, 60 * MINUTE);

  afterAll(() => {
    spawnSync('podman', ['rm', '-f', name], { env: podmanEnv });
    spawnSync('podman', ['rmi', '-f', tag], { env: podmanEnv });
    // The build stage's image stays behind untagged (about 1.2 GB): dangling images go too.
    spawnSync('podman', ['image', 'prune', '-f'], { env: podmanEnv });
    if (conf) fs.rmSync(path.dirname(conf), { recursive: true, force: true });
  });

  it('runs as a user who is not root, with a health check on /livez', () => {
    // podman keeps a docker-format image's health check beside its configuration.
    const [image] = JSON.parse(podman('image', 'inspect', tag)) as Array<{
      Config: { User: string; Env: string[]; Healthcheck?: { Test: string[] } };
      Healthcheck?: { Test: string[] };
    }>;
    expect(image?.Config.User).toBe('node');
    const check = image?.Healthcheck ?? image?.Config.Healthcheck;
    expect(check?.Test.join(' ')).toContain('/livez');
    expect(image?.Config.Env).toContain('NODE_ENV=production');
  });

  it(
    'starts, answers its health check and serves the API',
    async () => {
      const port = await freePort();
      podman(
        'run',
        '-d',
        '--name',
        name,
        '-p',
        `127.0.0.1:${port}:8080`,
        ...Object.entries(PRODUCTION_ENV).flatMap(([key, value]) => ['-e', `${key}=${value}`]),
        tag,
      );
      const url = `http://127.0.0.1:${port}`;
      const started = await answersHealth(url, 2 * MINUTE);
      if (!started) throw new Error(`the container did not serve:\n${podman('logs', name)}`);
      await servesTheApi(url);
      expect(podman('exec', name, 'id', '-u').trim()).toBe('1000');
      // The HEALTHCHECK's own command, run now rather than on its interval.
      expect(spawnSync('podman', ['healthcheck', 'run', name], { env: podmanEnv }).status).toBe(0);
      podman('stop', '-t', '20', name);
      const state = JSON.parse(podman('inspect', name))[0].State as { ExitCode: number };
      expect(state.ExitCode).toBe(0);
    },
    5 * MINUTE,
  );
});

describe('compose.yaml', () => {
  const compose = parse(fs.readFileSync(path.join(REPO_ROOT, 'compose.yaml'), 'utf8')) as {
    services: Record<
      string,
      {
        image?: string;
        build?: string;
        ports?: string[];
        environment?: Record<string, string>;
        depends_on?: unknown;
      }
    >;
  };

  it('runs two replicas of the image on PostgreSQL and Redis behind one published port', () => {
    const { services } = compose;
    const replicas = Object.entries(services).filter(([, service]) => service.build === '.');
    expect(replicas.map(([name]) => name)).toEqual(['app1', 'app2']);
    for (const [, replica] of replicas) {
      expect(replica.environment?.DATABASE_URL).toMatch(/^postgres:\/\/.*@postgres:5432\//);
      expect(replica.environment?.REDIS_URL).toBe('redis://redis:6379');
      expect(replica.environment?.METRICS_PORT).toBe('9464');
      expect(replica.ports).toBeUndefined();
    }
    expect(services.postgres?.image).toMatch(/postgres/);
    expect(services.redis?.image).toMatch(/redis/);
    const published = Object.values(services).filter((service) => service.ports);
    expect(published).toHaveLength(1);
    expect(published[0]?.environment?.UPSTREAMS).toBe('app1:8080 app2:8080');
  });
});
