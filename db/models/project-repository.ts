import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

/** The release pull request a publish to `github` opened or updated (`pullRequest`). */
export interface ReleasePullRequest {
  number: number;
  url: string;
  branch: string;
  runId: string;
  version: string;
  updatedAt: string;
  /** `merged` or `closed` (without merging) once the repository's pull_request webhook said so; open before. */
  state?: 'open' | 'merged' | 'closed';
  closedAt?: string;
}

/**
 * A project's connected repositories: the SDK repository release pull requests go to (on the
 * service's git remote and GitHub API, `PUBLISH_GITHUB_*`), and the description repository whose
 * signed push webhook starts a run when `descriptionPath` changes.
 */
export class ProjectRepository extends Model<
  InferAttributes<ProjectRepository>,
  InferCreationAttributes<ProjectRepository>
> {
  declare projectId: string;
  declare orgId: string;
  /** owner/name */
  declare sdkRepository: CreationOptional<string | null>;
  declare sdkLanguage: CreationOptional<'typescript' | 'python' | 'go'>;
  declare defaultBranch: CreationOptional<string>;
  declare descriptionRepository: CreationOptional<string | null>;
  declare descriptionPath: CreationOptional<string | null>;
  /** The push webhook's shared secret (HMAC-SHA256 key); shown once when set. */
  declare webhookSecret: CreationOptional<string | null>;
  /** Whose runs a description push starts (the member who connected the repositories). */
  declare connectedByUserId: string;
  declare pullRequest: CreationOptional<ReleasePullRequest | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static setup(sequelize: Sequelize): void {
    ProjectRepository.init(
      {
        projectId: { type: DataTypes.TEXT, primaryKey: true },
        orgId: { type: DataTypes.TEXT, allowNull: false },
        sdkRepository: { type: DataTypes.TEXT },
        sdkLanguage: { type: DataTypes.TEXT, allowNull: false, defaultValue: 'typescript' },
        defaultBranch: { type: DataTypes.TEXT, allowNull: false, defaultValue: 'main' },
        descriptionRepository: { type: DataTypes.TEXT },
        descriptionPath: { type: DataTypes.TEXT },
        webhookSecret: { type: DataTypes.TEXT },
        connectedByUserId: { type: DataTypes.TEXT, allowNull: false },
        pullRequest: { type: DataTypes.JSONB },
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'project_repositories', underscored: true },
    );
  }
}
