// What one action changed: every leaf path whose value differs between two states. Unchanged
// slices are the same objects (immutable updates), so the walk skips them at once.
export interface StateChange {
  path: string;
  before: unknown;
  after: unknown;
}

const isBranch = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

export function stateDiff(before: unknown, after: unknown, path = ''): StateChange[] {
  if (Object.is(before, after)) return [];
  if (!isBranch(before) || !isBranch(after) || Array.isArray(before) !== Array.isArray(after)) {
    return [{ path: path || '(state)', before, after }];
  }
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].flatMap((key) =>
    stateDiff(before[key], after[key], path ? `${path}.${key}` : key),
  );
}
