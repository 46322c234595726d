import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import type { Readable } from 'node:stream';
import type { ArtifactKind } from '../../shared/enums.ts';
import { boundObjectStore } from '../storage/bound-store.ts';
import { artifactKey } from '../storage/object-store.ts';
import { openVerified, readVerified, type ObjectRef } from '../storage/open-verified.ts';

/**
 * A stored deliverable of a run: a .tar.gz of a file tree, or a JSON report. Its bytes are an
 * object in the object store (`objectKey`), written before this row; `sha256` and `sizeBytes`
 * are checked on every read.
 */
export class Artifact extends Model<InferAttributes<Artifact>, InferCreationAttributes<Artifact>> {
  declare id: string;
  declare orgId: string;
  declare runId: string;
  declare kind: ArtifactKind;
  declare name: string;
  declare mediaType: string;
  declare sizeBytes: number;
  declare sha256: string;
  declare fileCount: number;
  /** The object holding the bytes; null once purged. */
  declare objectKey: string | null;
  declare expiresAt: Date;
  declare createdAt: CreationOptional<Date>;

  static setup(sequelize: Sequelize): void {
    Artifact.init(
      {
        id: { type: DataTypes.TEXT, primaryKey: true },
        orgId: { type: DataTypes.TEXT, allowNull: false },
        runId: { type: DataTypes.TEXT, allowNull: false },
        kind: { type: DataTypes.TEXT, allowNull: false },
        name: { type: DataTypes.TEXT, allowNull: false },
        mediaType: { type: DataTypes.TEXT, allowNull: false },
        sizeBytes: { type: DataTypes.INTEGER, allowNull: false },
        sha256: { type: DataTypes.TEXT, allowNull: false },
        fileCount: { type: DataTypes.INTEGER, allowNull: false },
        objectKey: { type: DataTypes.TEXT },
        expiresAt: { type: DataTypes.DATE(3), allowNull: false },
        createdAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'artifacts', underscored: true, updatedAt: false },
    );
  }

  /** Writes an artifact's bytes to the object store (before its row); returns the key the row names. */
  static async storeContent(id: string, content: Buffer): Promise<string> {
    const key = artifactKey(id);
    await boundObjectStore().put(key, content);
    return key;
  }

  /** The bytes as a verified stream (stored_object_missing / stored_object_corrupt; docs/deployment.md: Artifact storage). */
  async openContent(): Promise<Readable> {
    return await openVerified(boundObjectStore(), this.#ref());
  }

  /** The whole verified bytes, for readers that unpack them. */
  async readContent(): Promise<Buffer> {
    return await readVerified(boundObjectStore(), this.#ref());
  }

  #ref(): ObjectRef {
    if (!this.objectKey) throw new Error(`artifact ${this.id} was purged: check objectKey before reading`);
    return { key: this.objectKey, sha256: this.sha256, sizeBytes: this.sizeBytes, label: `artifact ${this.id}` };
  }
}
