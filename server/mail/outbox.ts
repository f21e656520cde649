// Outbox mail mode: each message is one JSON file, readable by people and by GET /v1/dev/outbox.
// The folder keeps the newest messages only (OUTBOX_MAX_MESSAGES), and a reader opens a few files
// at a time, so neither the disk nor the process's file descriptors grow with the mail sent.
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

import type { OutboxMessage } from '../../contract/api';

/** Files a reader has open at once. */
const READ_CONCURRENCY = 8;

/** Messages written by this process, in order: two sent in the same millisecond stay in order. */
let written = 0;

/** A message's file: its time first (the folder's order), its own id last. */
function fileName(sentAt: Date, id: string): string {
  const sequence = (written++).toString().padStart(12, '0');
  return `${sentAt.getTime().toString().padStart(15, '0')}-${sequence}-${id}.json`;
}

/** The messages' file names, oldest first (the names start with the time, zero-padded). */
async function messageFiles(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return names.filter((name) => name.endsWith('.json')).sort();
}

/**
 * Writes the message, the oldest beyond the newest `keep` deleted first: once a reader sees the new
 * message, this writer has left no more than `keep`. (Deleted after it, a reader that saw the new
 * message could still find the oldest ones, on a busy machine for a while.) A message whose `id`
 * the folder already holds is not written again: the queue hands it over again only when the
 * process died before it recorded the first hand-over.
 */
export async function writeOutboxMessage(
  dir: string,
  message: OutboxMessage,
  keep: number,
  id: string,
): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  if ((await messageFiles(dir)).some((name) => name.endsWith(`-${id}.json`))) return;
  const target = path.join(dir, fileName(new Date(message.sentAt), id));
  // Written aside, then renamed, so a reader never sees half a message.
  await fs.writeFile(`${target}.tmp`, JSON.stringify(message, null, 2));
  const files = await messageFiles(dir);
  // Another process (or writer) may delete the same file first: `force` makes that fine.
  for (const name of files.slice(0, Math.max(0, files.length - (keep - 1)))) {
    await fs.rm(path.join(dir, name), { force: true });
  }
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

/** The newest `keep` messages, oldest first, newest last; read a few files at a time. */
export async function readOutbox(dir: string, keep: number): Promise<OutboxMessage[]> {
  const files = (await messageFiles(dir)).slice(-keep);
  const messages: Array<OutboxMessage | undefined> = new Array(files.length);
  let next = 0;
  async function reader(): Promise<void> {
    while (next < files.length) {
      const index = next;
      next += 1;
      try {
        messages[index] = JSON.parse(await fs.readFile(path.join(dir, files[index]!), 'utf8'));
      } catch (error) {
        // Deleted as the oldest since the folder was listed: no longer in the outbox.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, files.length) }, reader));
  return messages.filter((message): message is OutboxMessage => message !== undefined);
}
