// Errors that mean "the database or Redis cannot answer now": a 503, not a bug (500).

const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|READONLY|IOERR|FULL|CANTOPEN)/;
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
]);
// SQLSTATE classes 08 (connection), 53 (resources), 57P0x (server shutting down or starting).
const POSTGRES_UNAVAILABLE = /^(08|53|57P0)/;
const MESSAGES =
  /connection terminated|timeout exceeded when trying to connect|connection is closed|max retries per request/i;

// Read by shape, not `instanceof Error`: driver errors may come from another realm (native code, vm).
export function isUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (SQLITE_UNAVAILABLE.test(code) || NETWORK_CODES.has(code)) return true;
    if (POSTGRES_UNAVAILABLE.test(code)) return true;
  }
  return typeof message === 'string' && MESSAGES.test(message);
}
