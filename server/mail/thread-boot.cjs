// Starts the mail thread from its TypeScript source (development and tests); the built server
// starts build/mail-thread.js instead, compiled with it.
const { workerData } = require('node:worker_threads');

require('tsx/cjs/api').register();
require(workerData.entry);
