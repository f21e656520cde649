// The server process: `npm start` runs this after building the app if needed; a production
// deployment runs the compiled file itself (`NODE_ENV=production node build/server.js`). With a
// command (`migrate`, `backup`, `keys`: maintenance/commands.ts) it runs that and exits.
// First, before any native module loads: an older Node stops with one line.
import '../scripts/node-version.mjs';

import fs from 'node:fs';
import path from 'node:path';

import { startServer } from './app';
import { loadConfig, type Config } from './config';
import { runCommand } from './maintenance/commands';

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? 'unknown error';
}

/** Why the server could not listen, in words that name the setting to change. */
function listenFailure(error: unknown, config: Config): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE') {
    return `port ${config.port} on ${config.host} is already in use: stop what listens there, or choose another port with PORT (for example PORT=${config.port + 1}).`;
  }
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
    return `${config.host} is not an address of this machine: set HOST to one that is (127.0.0.1 for this machine only, 0.0.0.0 for every network).`;
  }
  if (code === 'EACCES') {
    return `port ${config.port} needs privileges this process does not have: choose a port above 1023 with PORT.`;
  }
  return firstLine(error);
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    console.error(`Configuration error: ${firstLine(error)}`);
    process.exit(1);
  }
  const command = process.argv.slice(2);
  if (command.length > 0) {
    const io = {
      out: (line: string) => console.log(line),
      err: (line: string) => console.error(line),
    };
    const code = await runCommand(config, command, io).catch((error: unknown) => {
      console.error(`${command[0]} failed: ${firstLine(error)}`);
      return 1;
    });
    process.exit(code);
  }
  // A production server never builds: without the built app it has nothing to serve.
  if (config.production && !fs.existsSync(path.join(config.distDir, 'index.html'))) {
    console.error(
      `The built app is missing (${path.join(config.distDir, 'index.html')}): run \`npm run build\` before installing for production, or set DIST_DIR.`,
    );
    process.exit(1);
  }

  const server = await startServer(config).catch((error: unknown) => {
    console.error(`The server could not start: ${listenFailure(error, config)}`);
    process.exit(1);
  });

  let closing = false;
  const shutDown = (signal: string) => {
    if (closing) return;
    closing = true;
    server.app.log.info(`${signal} received: finishing requests in flight, then stopping`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutDown('SIGTERM'));
  process.once('SIGINT', () => shutDown('SIGINT'));
}

void main();
