// The server process: `npm start` runs this after building the app if needed.
import { startServer } from './app';
import { loadConfig, type Config } from './config';

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? 'unknown error';
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    console.error(`Configuration error: ${firstLine(error)}`);
    process.exit(1);
  }

  const server = await startServer(config).catch((error: unknown) => {
    console.error(`The server could not start: ${firstLine(error)}`);
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
