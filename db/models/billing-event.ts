import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

/** A payment-provider webhook event, recorded once by its id (replays and redeliveries are no-ops). */
export class BillingEvent extends Model<InferAttributes<BillingEvent>, InferCreationAttributes<BillingEvent>> {
  declare id: string;
  declare type: string;
  declare orgId: string | null;
  /** What the event did: `applied`, or why it changed nothing (`ignored_type`, `unknown_workspace`, `stale`, …). */
  declare outcome: string;
  declare eventCreatedAt: Date;
  declare receivedAt: CreationOptional<Date>;

  static setup(sequelize: Sequelize): void {
    BillingEvent.init(
      {
        id: { type: DataTypes.TEXT, primaryKey: true },
        type: { type: DataTypes.TEXT, allowNull: false },
        orgId: { type: DataTypes.TEXT },
        outcome: { type: DataTypes.TEXT, allowNull: false },
        eventCreatedAt: { type: DataTypes.DATE(3), allowNull: false },
        receivedAt: { type: DataTypes.DATE(3), allowNull: false, defaultValue: DataTypes.NOW },
      },
      { sequelize, tableName: 'billing_events', underscored: true, timestamps: false },
    );
  }
}
