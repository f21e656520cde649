// Starts a thread of the server (the mail thread, the password-strength thread) from its
// TypeScript source (development and tests); the built server starts the compiled one beside it.
const { workerData } = require('node:worker_threads');

require('tsx/cjs/api').register();
require(workerData.entry);
