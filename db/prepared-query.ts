import type { Sequelize, Transaction } from 'sequelize';

interface PooledConnection {
  query<T>(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: T[] }>;
}

interface ConnectionManager {
  getConnection(): Promise<PooledConnection>;
  releaseConnection(connection: PooledConnection): Promise<void>;
}

/**
 * Runs a statement as a named prepared statement on a connection of Sequelize's own pool (same pool,
 * same type parsers as every other query): PostgreSQL parses and plans it once per connection
 * instead of per request, and the ORM's query building and result handling are skipped. For the
 * hottest statements only (a run poll, /me, a report start); `name` must be unique per statement
 * text. Not inside a transaction: it takes a connection of its own (an autocommit statement).
 */
export async function preparedQuery<T>(
  sequelize: Sequelize,
  name: string,
  text: string,
  values: unknown[],
): Promise<T[]> {
  const manager = (sequelize as unknown as { connectionManager: ConnectionManager }).connectionManager;
  const connection = await manager.getConnection();
  try {
    return (await connection.query<T>({ name, text, values })).rows;
  } finally {
    await manager.releaseConnection(connection);
  }
}

/**
 * `preparedQuery` on the connection of `transaction` (Sequelize keeps its pg client on
 * `connection`, not in its public typings): a write that must commit with others.
 */
export async function preparedQueryIn<T>(
  transaction: Transaction,
  name: string,
  text: string,
  values: unknown[],
): Promise<T[]> {
  const { connection } = transaction as unknown as { connection: PooledConnection };
  return (await connection.query<T>({ name, text, values })).rows;
}
