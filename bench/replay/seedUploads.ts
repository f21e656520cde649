// Stores COUNT realistic uploads in the server database that DATA_DIR names, as the upload route
// does (each indexed as it is stored), for `replay --stats` to be timed on: the generated
// population of the stats test (sign-ups, activations abandoned or done, second steps, resets,
// refused forms), one log started every hour. Prints {"uploads"}.
import { decodeLog } from '../../contract/action-log';
import { indexLog } from '../../contract/action-log-index';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';
import { insertActionLog } from '../../server/repo/action-logs';
import { population } from '../../testing/actionLog/population';

async function main(count: number) {
  const config = loadConfig({ ...process.env, NODE_ENV: undefined });
  const db = await openDatabase(config.database);
  try {
    await migrateToLatest(
      db,
      config.database.kind === 'postgres' ? config.database.schema : undefined,
    );
    const now = Math.floor(Date.now() / 1000);
    let upload = 0;
    for (const log of population(count)) {
      await insertActionLog(db, {
        userId: null,
        now,
        body: log.text,
        index: indexLog(decodeLog(log.text)),
        device: upload % 3 === 0 ? 'mobile' : 'desktop',
      });
      upload += 1;
    }
    process.stdout.write(`${JSON.stringify({ uploads: count })}\n`);
  } finally {
    await db.destroy();
  }
}

void main(Number(process.argv[2] ?? 1000)).catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exitCode = 1;
});
