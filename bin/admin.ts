import { Command } from 'commander';
import { openDatabase } from '../db/connection.ts';
import { loadConfig } from '../shared/config.ts';
import { createWorkspace } from '../server/services/workspaces/create-workspace.ts';
import { describeStartupFailure } from './startup-failure.ts';

/** Operator commands: `npm run --silent admin -- workspace create --name N --email E`. */
const program = new Command('admin').description('Operator commands for the report service');
const workspace = program.command('workspace').description('Workspaces');

workspace
  .command('create')
  .description(
    'Create a workspace with an owner and an owner API key; prints {organization, user, apiKey, token} as JSON',
  )
  .requiredOption('--name <name>', 'workspace name')
  .requiredOption('--email <email>', "owner's email")
  .action(async (options: { name: string; email: string }) => {
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(options.email))
      program.error(`--email: "${options.email}" is not an email address`, { exitCode: 2 });
    if (!options.name.trim()) program.error('--name must not be empty', { exitCode: 2 });
    const config = loadConfig();
    const db = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      embeddedPort: config.embeddedPgPort,
      embeddedDurable: config.embeddedPgDurable,
      storage: config.storage,
    });
    try {
      const created = await createWorkspace(db.sequelize, { name: options.name, email: options.email });
      process.stdout.write(`${JSON.stringify(created, null, 2)}\n`);
    } finally {
      await db.close();
    }
  });

program.parseAsync(process.argv).catch((error: unknown) => {
  process.stderr.write(`${describeStartupFailure(error, process.env, 'admin')}\n`);
  process.exit(1);
});
