// One reading of "a unique index refused this write" for both engines: the same row (an email,
// say) was written by another request at the same moment, which is the caller's race to lose,
// not a server failure.

/** PostgreSQL's unique_violation; better-sqlite3's codes for a UNIQUE or PRIMARY KEY conflict. */
const UNIQUE_VIOLATIONS = new Set([
  '23505',
  'SQLITE_CONSTRAINT_UNIQUE',
  'SQLITE_CONSTRAINT_PRIMARYKEY',
]);

export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && UNIQUE_VIOLATIONS.has(code);
}

/** For a transaction's `.catch`: false when a unique index refused it, the error otherwise. */
export function falseOnUniqueViolation(error: unknown): false {
  if (isUniqueViolation(error)) return false;
  throw error;
}
