import type { ObjectStore } from './object-store.ts';

let bound: ObjectStore | undefined;

/**
 * The process's object store, bound when the database is opened (as the models are bound to its
 * Sequelize instance), so that a model can read the bytes it names.
 */
export function bindObjectStore(store: ObjectStore): void {
  bound = store;
}

export function boundObjectStore(): ObjectStore {
  if (!bound) throw new Error('no object store is bound: open the database first (db/connection.ts)');
  return bound;
}
