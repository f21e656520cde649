// `npm run replay -- --ref REF --page` as the browser tests run it: the command in a child process,
// its address read from what it prints, the child stopped after each test.
import { spawn, type ChildProcess } from 'node:child_process';

import { REPO_ROOT } from '../processes';

/**
 * For a test file: `serve(reference, env)` starts the page server for that upload with `env` and
 * resolves with the address it prints; the server is stopped after each test.
 */
export function replayPageServer() {
  let child: ChildProcess | undefined;
  afterEach(async () => {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  });
  return {
    serve(reference: string, env: NodeJS.ProcessEnv): Promise<string> {
      const started = spawn(
        process.execPath,
        ['--import', 'tsx', 'scripts/replay.ts', '--ref', reference, '--page'],
        { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      child = started;
      return new Promise((resolve, reject) => {
        let output = '';
        let errors = '';
        started.stdout!.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const address = /http:\/\/127\.0\.0\.1:\d+\/replay\.html\?log=\S+/.exec(output);
          if (address) resolve(address[0]);
        });
        started.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
        started.once('exit', (code) => reject(new Error(`replay exited ${code}: ${errors}`)));
      });
    },
  };
}
