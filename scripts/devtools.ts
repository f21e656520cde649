// npm run devtools [-- --port 8000 --host localhost]
// Serves the official Redux DevTools UI and its socket server; start the app with
// REMOTE_DEVTOOLS=host:port npm run dev to connect it.
import { parseArgs } from 'node:util';

import { startDevToolsServer } from './devtools/server';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8000' },
    host: { type: 'string', default: 'localhost' },
  },
});
// The first run builds the page (about half a minute): it says so, on standard error.
const report = (line: string) => process.stderr.write(`${line}\n`);
void startDevToolsServer(Number(values.port), values.host, report).then((server) => {
  console.log(`Redux DevTools: open ${server.url}`);
  console.log(`App: REMOTE_DEVTOOLS=${values.host}:${server.port} npm run dev`);
});
