// "A unique index refused this write" (db/failures.ts) for both engines: the same row (an email,
// say) was written by another request at the same moment, which is the caller's race to lose.
import { failureKind } from './failures';

export function isUniqueViolation(error: unknown): boolean {
  return failureKind(error) === 'unique';
}

/** For a transaction's `.catch`: false when a unique index refused it, the error otherwise. */
export function falseOnUniqueViolation(error: unknown): false {
  if (isUniqueViolation(error)) return false;
  throw error;
}
