import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import type { ProjectMode, ProjectStatus } from '../../shared/enums.ts';
import type { PackageNames, ProjectSettings } from '../../shared/schemas/projects.ts';

export class Project extends Model<InferAttributes<Project>, InferCreationAttributes<Project>> {
  declare id: string;
  declare orgId: string;
  declare name: string;
  declare apiName: CreationOptional<string | null>;
  declare mode: ProjectMode;
  declare status: ProjectStatus;
  declare settings: CreationOptional<ProjectSettings | null>;
  declare packagesInUse: CreationOptional<PackageNames | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static setup(sequelize: Sequelize): void {
    Project.init(
      {
        id: { type: DataTypes.TEXT, primaryKey: true },
        orgId: { type: DataTypes.TEXT, allowNull: false },
        name: { type: DataTypes.TEXT, allowNull: false },
        apiName: { type: DataTypes.TEXT },
        mode: { type: DataTypes.TEXT, allowNull: false },
        status: { type: DataTypes.TEXT, allowNull: false },
        settings: { type: DataTypes.JSONB },
        packagesInUse: { type: DataTypes.JSONB },
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'projects', underscored: true },
    );
  }
}
