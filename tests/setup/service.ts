import { loadConfig } from '../../shared/config.ts';
import { createLogger } from '../../shared/logger.ts';
import { startRoles, type RunningRoles } from '../../bin/roles.ts';
import { createTestDatabase } from './database.ts';

export interface TestService extends RunningRoles {
  url: string;
  databaseUrl: string;
}

/**
 * The real service (express on 127.0.0.1, port 0) on its own fresh database. `env` overrides
 * configuration, e.g. `{ ROLE: 'api' }` to keep runs queued, or small limits.
 */
export async function startTestService(env: Record<string, string> = {}, databaseUrl?: string): Promise<TestService> {
  const url = databaseUrl ?? (await createTestDatabase());
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: url,
    BOOTSTRAP: 'false',
    WORKER_HEARTBEAT_SECONDS: '1',
    // Suites try many bad tokens on purpose; tests/security/auth-brute-force.test.ts sets a low limit.
    AUTH_FAILURE_LIMIT: '1000000',
    ...env,
  });
  const service = await startRoles(config, createLogger(config.logLevel));
  if (!service.url) throw new Error('the test service must run the API (ROLE=api or all)');
  return Object.assign(service, { url: service.url, databaseUrl: url });
}
