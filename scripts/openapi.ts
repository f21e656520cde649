// `npm run openapi`: writes the API reference (OpenAPI 3.1) to docs/openapi.json, made from the
// contract's endpoint table and schemas. `--check` exits 1 when the file is not current.
import fs from 'node:fs';
import path from 'node:path';

import { handInEndpoints } from '../contract/endpoints';
import { allEndpoints, allSchemas, allSummaries } from '../features/endpoints.server';
import { openApiDocument } from '../server/http/openapi';

handInEndpoints(allEndpoints, allSummaries, allSchemas);

export const OPENAPI_FILE = path.join(__dirname, '..', 'docs', 'openapi.json');

/** The document as the server serves it, formatted as the file keeps it. */
export function currentOpenApi(): string {
  return `${JSON.stringify(openApiDocument(), null, 2)}\n`;
}

async function main(args: string[]) {
  const text = currentOpenApi();
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
