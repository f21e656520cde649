// Outbox mail mode: each message is one JSON file, readable by people and by GET /v1/dev/outbox.
import { randomUUID } from 'node:crypto';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

import type { OutboxMessage } from '../../contract/api';

function fileName(sentAt: Date): string {
  return `${sentAt.getTime().toString().padStart(15, '0')}-${randomUUID()}.json`;
}

export async function writeOutboxMessage(dir: string, message: OutboxMessage): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  const target = path.join(dir, fileName(new Date(message.sentAt)));
  // Written aside, then renamed, so a reader never sees half a message.
  await fs.writeFile(`${target}.tmp`, JSON.stringify(message, null, 2));
  await fs.rename(`${target}.tmp`, target);
}

/**
 * A message half written when a process died (its `.tmp`) is removed: it may hold a code, and the
 * queue still has the message and writes it again.
 */
export function removeHalfWritten(dir: string): void {
  let names: string[];
  try {
    names = fsSync.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (name.endsWith('.tmp')) fsSync.rmSync(path.join(dir, name), { force: true });
  }
}

/** Oldest first, newest last. */
export async function readOutbox(dir: string): Promise<OutboxMessage[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files = names.filter((name) => name.endsWith('.json')).sort();
  return Promise.all(
    files.map(async (name) => JSON.parse(await fs.readFile(path.join(dir, name), 'utf8'))),
  );
}
