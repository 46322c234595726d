import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

/** A signed-in browser of the web app; the cookie holds a random value whose SHA-256 is `tokenHash`. */
export class BrowserSession extends Model<InferAttributes<BrowserSession>, InferCreationAttributes<BrowserSession>> {
  declare id: string;
  declare tokenHash: string;
  declare orgId: string;
  declare userId: string;
  /** Null: everything the member's current role allows; else the exchanged API key's scopes (∩ role). */
  declare scopes: string[] | null;
  declare via: 'sign_in_link' | 'api_key' | 'idp';
  declare lastSeenAt: Date;
  declare idleExpiresAt: Date;
  declare absoluteExpiresAt: Date;
  declare endedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;

  static setup(sequelize: Sequelize): void {
    BrowserSession.init(
      {
        id: { type: DataTypes.TEXT, primaryKey: true },
        tokenHash: { type: DataTypes.TEXT, allowNull: false, unique: true },
        orgId: { type: DataTypes.TEXT, allowNull: false },
        userId: { type: DataTypes.TEXT, allowNull: false },
        scopes: { type: DataTypes.ARRAY(DataTypes.TEXT) },
        via: { type: DataTypes.TEXT, allowNull: false },
        lastSeenAt: { type: DataTypes.DATE(3), allowNull: false },
        idleExpiresAt: { type: DataTypes.DATE(3), allowNull: false },
        absoluteExpiresAt: { type: DataTypes.DATE(3), allowNull: false },
        endedAt: { type: DataTypes.DATE(3) },
        createdAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'browser_sessions', underscored: true, updatedAt: false },
    );
  }
}
