// A server process that starts on a cue rather than as soon as its modules have loaded, so that
// several processes reach the database at the same instant, as replicas of a deployment do:
// `node --import tsx testing/server/startOnCue.ts` with the server's environment prints `ready`,
// starts when a line arrives on its standard input, prints the listening line (as main.ts does)
// or the start's failure, and stops on SIGTERM.
import readline from 'node:readline';

import { startServer } from '../../server/app';
import { loadConfig } from '../../server/config';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const lines = readline.createInterface({ input: process.stdin });
  const cue = new Promise<void>((resolve) => lines.once('line', () => resolve()));
  console.log('ready');
  await cue;
  lines.close();
  try {
    const server = await startServer(config);
    console.log(`Server listening at ${server.url}`);
    process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
  } catch (error) {
    console.log(`The server could not start: ${String(error).split('\n')[0]}`);
    process.exit(1);
  }
}

void main();
