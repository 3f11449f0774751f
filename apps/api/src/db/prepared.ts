import type { Db } from './client.ts';

// Drizzle builds a query's SQL text on every call; for the catalog's reads by id, run for every page,
// that cost more than the query itself. A statement built from `prepare` is made once per database
// handle and kept for as long as that handle lives.

/** `prepare`'s statement for a database handle, made on the handle's first call. */
export function preparedPerDatabase<T>(prepare: (db: Db) => T): (db: Db) => T {
  const statements = new WeakMap<Db, T>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = prepare(db);
      statements.set(db, statement);
    }
    return statement;
  };
}
