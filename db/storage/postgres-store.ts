import { Readable } from 'node:stream';
import { QueryTypes, type Sequelize } from 'sequelize';
import { missingObject, type ObjectStore } from './object-store.ts';

const CHUNK_BYTES = 1024 * 1024;
const PAGE = 1000;

/**
 * Objects in the service's own PostgreSQL (table `stored_objects`; the column is stored
 * uncompressed, so a range of it is read without reading the rest). Reads come in 1 MiB ranges,
 * one query per range as the consumer asks for more: a large artifact is never whole in memory.
 */
export class PostgresObjectStore implements ObjectStore {
  readonly kind = 'postgres' as const;
  readonly #sequelize: Sequelize;

  constructor(sequelize: Sequelize) {
    this.#sequelize = sequelize;
  }

  async put(key: string, body: Buffer): Promise<void> {
    await this.#sequelize.query('INSERT INTO stored_objects (key, content) VALUES ($1, $2)', {
      bind: [key, body],
      type: QueryTypes.INSERT,
    });
  }

  async open(key: string): Promise<Readable> {
    const [row] = await this.#sequelize.query<{ size: number }>(
      'SELECT octet_length(content) AS size FROM stored_objects WHERE key = $1',
      { bind: [key], type: QueryTypes.SELECT },
    );
    if (!row) throw missingObject(key);
    const sequelize = this.#sequelize;
    const size = Number(row.size);
    let offset = 0;
    return new Readable({
      highWaterMark: CHUNK_BYTES,
      read() {
        if (offset >= size) {
          this.push(null);
          return;
        }
        const from = offset;
        offset += CHUNK_BYTES;
        sequelize
          .query<{ part: Buffer }>(
            'SELECT substring(content FROM $2 FOR $3) AS part FROM stored_objects WHERE key = $1',
            {
              bind: [key, from + 1, CHUNK_BYTES],
              type: QueryTypes.SELECT,
            },
          )
          .then(([chunk]) => {
            // Deleted while being read (purged meanwhile): an error, never a short object.
            if (!chunk) this.destroy(missingObject(key));
            else this.push(chunk.part);
          })
          .catch((error: unknown) => this.destroy(error as Error));
      },
    });
  }

  async delete(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.#sequelize.query('DELETE FROM stored_objects WHERE key = ANY($1)', {
      bind: [keys],
      type: QueryTypes.DELETE,
    });
  }

  async *listWrittenBefore(before: Date): AsyncIterable<string[]> {
    let after = '';
    for (;;) {
      const rows = await this.#sequelize.query<{ key: string }>(
        'SELECT key FROM stored_objects WHERE created_at <= $1 AND key > $2 ORDER BY key LIMIT $3',
        { bind: [before, after, PAGE], type: QueryTypes.SELECT },
      );
      if (rows.length === 0) return;
      yield rows.map((r) => r.key);
      after = rows.at(-1)!.key;
    }
  }

  async close(): Promise<void> {}
}
