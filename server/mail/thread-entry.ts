// The mail thread: the mail worker with a database connection of its own, started by
// ./thread.ts. It tells the server's thread what to log and which errors it met, and answers its
// `idle` and `close` requests.
import { parentPort, workerData } from 'node:worker_threads';

import { ACCOUNT_JOBS } from '../auth/mail-jobs';
import { openDatabase } from '../db/connect';
import { systemClock } from '../plugins/resources';
import { linkMaker } from './jobs';
import type { FromThread, ThreadData, ToThread } from './thread';
import { createMailWorker } from './worker';

async function main(port: NonNullable<typeof parentPort>, data: ThreadData): Promise<void> {
  const post = (message: FromThread) => port.postMessage(message);
  let base = data.base;
  const db = await openDatabase(data.config.database);
  const worker = createMailWorker({
    config: data.config,
    db,
    clock: systemClock,
    link: linkMaker(() => base),
    jobs: ACCOUNT_JOBS,
    warn: (fields, message) => post({ type: 'warn', fields, message }),
    onError: (error) => post({ type: 'failure', code: (error as { code?: unknown }).code }),
  });
  port.on('message', (message: ToThread) => {
    switch (message.type) {
      case 'base':
        base = message.url;
        return;
      case 'kick':
        worker.kick();
        return;
      case 'idle':
        void worker.idle().then(
          () => post({ type: 'done', id: message.id }),
          (error: unknown) => post({ type: 'done', id: message.id, error: String(error) }),
        );
        return;
      case 'close':
        void worker
          .close()
          .finally(() => db.destroy())
          .finally(() => {
            post({ type: 'done', id: message.id });
            port.close();
          });
    }
  });
  post({ type: 'ready' });
}

if (!parentPort) throw new Error('the mail thread runs as a worker thread of the server');
void main(parentPort, workerData as ThreadData);
