import { createHash } from 'node:crypto';
import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import { boundObjectStore } from '../storage/bound-store.ts';
import { inputKey } from '../storage/object-store.ts';
import { readVerified } from '../storage/open-verified.ts';

/** The raw texts a run was started with (one JSON object in the object store). */
export interface StoredInputTexts {
  openapiText: string;
  configText: string | null;
  oldSdkText: string | null;
  docsSourceText: string | null;
}

/**
 * The raw inputs a run was started with, retained for retries until `expiresAt`. The texts are
 * an object in the object store (`objectKey`, written before this row, checked against `sha256`
 * and `sizeBytes` on every read); the row is deleted, then the object, when retention ends.
 */
export class RunInput extends Model<InferAttributes<RunInput>, InferCreationAttributes<RunInput>> {
  declare id: string;
  declare orgId: string;
  declare objectKey: string;
  declare sha256: string;
  declare sizeBytes: number;
  declare createdAt: CreationOptional<Date>;
  declare expiresAt: Date;

  static setup(sequelize: Sequelize): void {
    RunInput.init(
      {
        id: { type: DataTypes.TEXT, primaryKey: true },
        orgId: { type: DataTypes.TEXT, allowNull: false },
        objectKey: { type: DataTypes.TEXT, allowNull: false },
        sha256: { type: DataTypes.TEXT, allowNull: false },
        sizeBytes: { type: DataTypes.INTEGER, allowNull: false },
        createdAt: DataTypes.DATE(3),
        expiresAt: { type: DataTypes.DATE(3), allowNull: false },
      },
      { sequelize, tableName: 'run_inputs', underscored: true, updatedAt: false },
    );
  }

  /** Writes the texts to the object store (before the row); returns what the row records of them. */
  static async storeTexts(
    id: string,
    texts: StoredInputTexts,
  ): Promise<{ objectKey: string; sha256: string; sizeBytes: number }> {
    const { body, ...recorded } = RunInput.encodeTexts(id, texts);
    await boundObjectStore().put(recorded.objectKey, body);
    return recorded;
  }

  /**
   * The object the texts are stored as, not written: its key and bytes, and what the row records
   * of them. For a writer that puts the object itself (a start on the PostgreSQL store writes it
   * in the statement that writes the row).
   */
  static encodeTexts(
    id: string,
    texts: StoredInputTexts,
  ): { objectKey: string; sha256: string; sizeBytes: number; body: Buffer } {
    const body = Buffer.from(JSON.stringify(texts), 'utf8');
    return {
      objectKey: inputKey(id),
      sha256: createHash('sha256').update(body).digest('hex'),
      sizeBytes: body.length,
      body,
    };
  }

  /** The texts, read whole and verified (stored_object_missing / stored_object_corrupt otherwise). */
  async readTexts(): Promise<StoredInputTexts> {
    const body = await readVerified(boundObjectStore(), {
      key: this.objectKey,
      sha256: this.sha256,
      sizeBytes: this.sizeBytes,
      label: `the inputs ${this.id}`,
    });
    const texts = JSON.parse(body.toString('utf8')) as StoredInputTexts;
    return {
      openapiText: texts.openapiText,
      configText: texts.configText ?? null,
      oldSdkText: texts.oldSdkText ?? null,
      docsSourceText: texts.docsSourceText ?? null,
    };
  }
}
