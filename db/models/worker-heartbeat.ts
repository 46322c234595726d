import { DataTypes, Model, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';

/** One row per worker process; `seenAt` is refreshed while it lives. */
export class WorkerHeartbeat extends Model<InferAttributes<WorkerHeartbeat>, InferCreationAttributes<WorkerHeartbeat>> {
  declare workerId: string;
  declare hostname: string;
  declare pid: number;
  declare startedAt: Date;
  declare seenAt: Date;

  static setup(sequelize: Sequelize): void {
    WorkerHeartbeat.init(
      {
        workerId: { type: DataTypes.TEXT, primaryKey: true },
        hostname: { type: DataTypes.TEXT, allowNull: false },
        pid: { type: DataTypes.INTEGER, allowNull: false },
        startedAt: { type: DataTypes.DATE(3), allowNull: false },
        seenAt: { type: DataTypes.DATE(3), allowNull: false },
      },
      { sequelize, tableName: 'worker_heartbeats', underscored: true, timestamps: false },
    );
  }
}
