// `node --import tsx scripts/config-table.ts`: rewrites the configuration list in server/README.md
// from the server's environment schema (server/config.ts), formatted as Prettier keeps it.
import fs from 'node:fs';
import path from 'node:path';

import prettier from 'prettier';

import { configList } from '../server/config';

const README = path.join(__dirname, '..', 'server', 'README.md');
/** The list sits between this sentence and the next heading. */
const BEFORE = 'its default and what it does.\n\n';
const AFTER = '\n\n## Layout';

const markdown = configList().join('\n');

async function main() {
  const text = fs.readFileSync(README, 'utf8');
  const start = text.indexOf(BEFORE) + BEFORE.length;
  const end = text.indexOf(AFTER, start);
  const updated = `${text.slice(0, start)}${markdown}${text.slice(end)}`;
  const options = (await prettier.resolveConfig(README)) ?? {};
  fs.writeFileSync(README, await prettier.format(updated, { ...options, filepath: README }));
}

void main();
