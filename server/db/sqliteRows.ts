// The first row of a better-sqlite3 statement as a plain object, named here from its raw array.
//
// better-sqlite3 13 builds object rows through a constructor it compiles from the column names,
// again after every re-preparation of the statement; SQLite 3.54 re-prepares a join on every run,
// so each row cost a compile (about 30 µs). Raw rows skip the constructor.
import type SQLite from 'better-sqlite3';

export function rowGetter<T>(
  statement: SQLite.Statement,
): (...parameters: unknown[]) => T | undefined {
  const names = statement.columns().map((column) => column.name);
  const raw = statement.raw(true) as SQLite.Statement<unknown[], unknown[]>;
  return (...parameters) => {
    const values = raw.get(...parameters);
    if (values === undefined) return undefined;
    const row: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) row[names[i]!] = values[i];
    return row as T;
  };
}
