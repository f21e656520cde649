// A 100,000-action log file in the format `npm run replay` reads, made by the log generator the
// action-log tests use (navigations with their verify outcomes, language switches).
// The app's endpoint table, handed in first, as the page's entry does.
import '../../src/endpoints';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { generatedLogText } from '../../testing/actionLog/generatedLog';

export const LOG_ACTIONS = 100_000;

export function writeBenchLog(): { file: string; bytes: number; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-replay-'));
  const file = path.join(dir, 'activity-log.json');
  const text = generatedLogText(LOG_ACTIONS);
  fs.writeFileSync(file, text);
  return {
    file,
    bytes: Buffer.byteLength(text),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
