// Stores COUNT realistic uploads in the server database that DATA_DIR names, as the upload route
// does (each indexed as it is stored), for `replay --stats` to be timed on. Prints {"uploads"}.
import { decodeLog } from '../../contract/action-log';
import { indexLog } from '../../contract/action-log-index';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';
import { insertActionLog } from '../../server/repo/action-logs';
import { generatedLogText } from '../../testing/actionLog/generatedLog';

const FAILURES = ['INVALID_CODE', 'INVALID_CREDENTIALS', 'COMMON_PASSWORD', undefined];

/** The log with a refused request at its end (its hash is not checked here). */
function withFailure(text: string, code: string | undefined): string {
  if (!code) return text;
  const file = JSON.parse(text) as {
    payload: string;
    actionLog: { timestamps: number[]; stateHashes: string[] };
  };
  const actions = JSON.parse(file.payload) as object[];
  actions.push({
    type: 'api/executeMutation/rejected',
    payload: { status: 400, data: { error: true, code } },
    meta: { arg: { endpointName: 'verifyAccount' }, requestId: 'r' },
  });
  file.payload = JSON.stringify(actions);
  file.actionLog.timestamps.push(file.actionLog.timestamps.at(-1)! + 500);
  file.actionLog.stateHashes.push('0');
  return JSON.stringify(file);
}

async function main(count: number) {
  const config = loadConfig({ ...process.env, NODE_ENV: undefined });
  const db = await openDatabase(config.database);
  try {
    await migrateToLatest(
      db,
      config.database.kind === 'postgres' ? config.database.schema : undefined,
    );
    const now = Math.floor(Date.now() / 1000);
    const day = Date.UTC(2026, 10, 1);
    for (let upload = 0; upload < count; upload += 1) {
      // 40 to 400 actions, spread over a month.
      const text = withFailure(
        generatedLogText(40 + ((upload * 37) % 361), day + upload * 2_600_000),
        FAILURES[upload % FAILURES.length],
      );
      await insertActionLog(db, {
        userId: null,
        now,
        body: text,
        index: indexLog(decodeLog(text)),
        device: upload % 3 === 0 ? 'mobile' : 'desktop',
      });
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
