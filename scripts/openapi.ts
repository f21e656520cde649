// `npm run openapi`: writes the API reference (OpenAPI 3.1) to docs/openapi.json, made from the
// server's routes and the contract's schemas. `--check` exits 1 when the file is not current.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';

export const OPENAPI_FILE = path.join(__dirname, '..', 'docs', 'openapi.json');

/** The document as the server serves it, formatted as the file keeps it. */
export async function currentOpenApi(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-'));
  const app = await buildApp(
    loadConfig({
      DATA_DIR: dataDir,
      DIST_DIR: path.join(dataDir, 'no-dist'),
      LOG_LEVEL: 'silent',
      PASSWORD_HASH_PROFILE: 'test',
    }),
  );
  try {
    await app.ready();
    return `${JSON.stringify(app.swagger(), null, 2)}\n`;
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(args: string[]) {
  const text = await currentOpenApi();
  if (args.includes('--check')) {
    const kept = fs.existsSync(OPENAPI_FILE) ? fs.readFileSync(OPENAPI_FILE, 'utf8') : '';
    if (kept !== text) {
      process.stderr.write('docs/openapi.json is not current: run `npm run openapi`.\n');
      process.exitCode = 1;
    }
    return;
  }
  fs.mkdirSync(path.dirname(OPENAPI_FILE), { recursive: true });
  fs.writeFileSync(OPENAPI_FILE, text);
  process.stdout.write(`wrote ${path.relative(process.cwd(), OPENAPI_FILE)}\n`);
}

if (require.main === module) void main(process.argv.slice(2));
