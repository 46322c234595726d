import type { Sequelize } from 'sequelize';
import type { StorageConfig } from '../../shared/config.ts';
import type { ObjectStore } from './object-store.ts';
import { PostgresObjectStore } from './postgres-store.ts';
import { S3ObjectStore } from './s3-store.ts';

/** The configured store; an S3 bucket is checked first, so a wrong setting stops the start with its cause. */
export async function openObjectStore(config: StorageConfig, sequelize: Sequelize): Promise<ObjectStore> {
  if (config.kind === 'postgres') return new PostgresObjectStore(sequelize);
  const store = new S3ObjectStore(config);
  try {
    await store.check();
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}
