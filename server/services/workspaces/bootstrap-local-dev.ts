import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Sequelize } from 'sequelize';
import { QueryTypes } from 'sequelize';
import { createWorkspace, type CreatedWorkspace } from './create-workspace.ts';

/**
 * At the first start of a local-dev service: one workspace and owner, and an owner key written
 * to `$DATA_DIR/bootstrap-api-key` (mode 0600). Returns the workspace only the first time; a
 * marker row makes it happen once per database even with several processes starting together.
 */
export async function bootstrapLocalDev(
  sequelize: Sequelize,
  options: { dataDir: string; name: string; email: string },
): Promise<CreatedWorkspace | undefined> {
  const claimed = await sequelize.query<{ key: string }>(
    `INSERT INTO service_state (key, value) VALUES ('bootstrap', '{}'::jsonb) ON CONFLICT (key) DO NOTHING RETURNING key`,
    { type: QueryTypes.SELECT },
  );
  if (claimed.length === 0) return undefined;
  try {
    const workspace = await createWorkspace(sequelize, {
      name: options.name,
      email: options.email,
      keyName: 'Bootstrap owner key',
    });
    await sequelize.query(`UPDATE service_state SET value = $1::jsonb WHERE key = 'bootstrap'`, {
      bind: [JSON.stringify({ organizationId: workspace.organization.id, apiKeyId: workspace.apiKey.id })],
    });
    await mkdir(options.dataDir, { recursive: true });
    const file = join(options.dataDir, 'bootstrap-api-key');
    await writeFile(file, `${workspace.token}\n`, { mode: 0o600 });
    await chmod(file, 0o600);
    return workspace;
  } catch (error) {
    await sequelize.query(`DELETE FROM service_state WHERE key = 'bootstrap'`);
    throw error;
  }
}
