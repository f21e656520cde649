// Random ids for joining the server's records with an action log: each API request's
// (`X-Request-Id`) and the tab's action log's (`X-Log-Id`). Tiny on purpose: the first load's
// early verify call (src/app/startEarly.ts) imports it before the rest of the app.

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * A random UUID; where `crypto.randomUUID` is missing (a page served over plain HTTP, an older
 * browser), 128 random bits as 32 hex digits, from `crypto.getRandomValues` where there is one.
 */
export function newId(): string {
  const { crypto } = globalThis;
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  if (typeof crypto?.getRandomValues === 'function') crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  return hex(bytes);
}

/** The headers that carry the ids; servers and proxies read them case-insensitively. */
export const LOG_ID_HEADER = 'X-Log-Id';
export const REQUEST_ID_HEADER = 'X-Request-Id';
