// The password-strength thread, started by ./password-strength.ts: zxcvbn-ts with its lists,
// answering one check at a time.
import { parentPort, workerData } from 'node:worker_threads';

import * as core from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';

import { makeStrengthCheck } from '../../contract/password-strength';
import type { StrengthData, StrengthQuestion } from './password-strength';

if (!parentPort) throw new Error('the strength thread runs as a worker thread of the server');
const port = parentPort;
const { appName } = workerData as StrengthData;
const check = makeStrengthCheck(core, common);
port.on('message', ({ id, password, name, email }: StrengthQuestion) => {
  port.postMessage({ id, weak: check(password, { name, email, appName }) ?? null });
});
