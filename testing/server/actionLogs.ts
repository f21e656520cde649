// Sending activity logs as the app does: raw text, from a chosen client address, with or without
// a bearer token.
import { execFile } from 'node:child_process';
import http from 'node:http';

import { API_PATHS } from '../../contract/api';
import { REPO_ROOT } from '../processes';
import { readAnswer, type Answer } from './client';
import { testEnv } from './config';

export interface SendOptions {
  /** The client address the server sees (127.0.0.x). */
  from?: string;
  token?: string;
  /** More request headers (a User-Agent). */
  headers?: Record<string, string>;
}

export function sendLog(baseUrl: string, text: string, options: SendOptions = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      baseUrl + API_PATHS.actionLogs,
      {
        method: 'POST',
        localAddress: options.from ?? '127.0.0.1',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
        timeout: 30_000,
      },
      (response) => void readAnswer(response).then(resolve, reject),
    );
    request.on('timeout', () => request.destroy(new Error('upload timed out')));
    // The server may answer 413 and close before the whole body is written.
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    request.end(text);
  });
}

/** The smallest valid log: one action, hashes not checked by the upload. */
export function tinyLog(action: Record<string, unknown> = { type: 'test/ping' }): string {
  return JSON.stringify({
    payload: JSON.stringify([action]),
    preloadedState: '{}',
    actionLog: {
      version: 1,
      app: 'accounts-app@1.0.0',
      timestamps: [1_767_225_600_000],
      stateHashes: ['0'],
    },
  });
}

/**
 * `npm run replay -- …args` as support runs it beside a server: with that server's own settings
 * (its data folder and environment), NODE_ENV as a developer's shell has it. Never rejects: the
 * exit code and both outputs.
 */
export function replayCli(
  place: { dataDir: string; env: NodeJS.ProcessEnv },
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/replay.ts', ...args],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, ...testEnv(place.dataDir, place.env), NODE_ENV: '' },
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}
