// Where the npm packages a customer's custom code imports come from, read from the process's
// environment (docs/deployment.md): CUSTOM_CODE_NPM_REGISTRY, else npm's own configured registry
// (NPM_CONFIG_REGISTRY or the user's .npmrc). One reading for both users of it: the typescript_sdk
// step's install for its tsc (install-dependencies.ts) and the publishing dry-run's package check,
// which installs a package's carried dependencies from the same registry
// (server/services/publishing/package-checks.ts, through workers/for-api.ts).

import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';

export interface NpmRegistry {
  /** CUSTOM_CODE_NPM_REGISTRY when set; else npm decides (NPM_CONFIG_REGISTRY, .npmrc, its default). */
  url: string | undefined;
  /** How a message names it: the URL, else "npm's configured registry". */
  where: string;
  /** The folder the step's installs are kept in between runs (CUSTOM_CODE_NPM_CACHE_DIR). */
  cacheDir: string;
  /** The time limit of one install (CUSTOM_CODE_NPM_TIMEOUT_MS). */
  timeoutMs: number;
  /**
   * npm's registry and network settings from the environment and nothing else (no token of the
   * service, not the `npm_config_local_prefix` an `npm run` sets): proxies, CA, userconfig, PATH,
   * the user's HOME (npm reads its .npmrc: a mirror, its token, a proxy) and the registry.
   */
  env: Record<string, string>;
  /** npm's fetch settings: one quick retry, each request limited, so a dead registry fails in seconds. */
  fetchArgs: string[];
  /** Why an npm install from it failed, in plain words (the registry's state, npm's code; never its full log). */
  failure(output: string, timedOut: boolean): string;
}

/** The registry settings of this environment; a bad value throws, naming the variable. */
export function npmRegistry(env: NodeJS.ProcessEnv = process.env): NpmRegistry {
  const timeout = env.CUSTOM_CODE_NPM_TIMEOUT_MS;
  const timeoutMs = timeout ? Number(timeout) : 120_000;
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
    throw new Error(`CUSTOM_CODE_NPM_TIMEOUT_MS must be a positive whole number of milliseconds (got ${timeout})`);
  const url = env.CUSTOM_CODE_NPM_REGISTRY || undefined;
  if (url && !/^https?:\/\//.test(url)) throw new Error(`CUSTOM_CODE_NPM_REGISTRY must be an http(s) URL (got ${url})`);
  const where = url ?? "npm's configured registry";
  const passed = Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] =>
        entry[1] !== undefined &&
        (/^(https?_proxy|no_proxy|node_extra_ca_certs)$/i.test(entry[0]) ||
          /^npm_config_(registry|userconfig|globalconfig|proxy|https_proxy|noproxy|cafile|ca|strict_ssl)$/i.test(
            entry[0],
          )),
    ),
  );
  return {
    url,
    where,
    cacheDir: env.CUSTOM_CODE_NPM_CACHE_DIR || join(tmpdir(), 'report-service-npm-cache'),
    timeoutMs,
    env: {
      ...passed,
      PATH: env.PATH ?? '/usr/bin:/bin',
      HOME: env.HOME ?? homedir(),
      LANG: 'C.UTF-8',
      ...(url ? { npm_config_registry: url } : {}),
    },
    fetchArgs: [
      '--fetch-retries=1',
      '--fetch-retry-mintimeout=1000',
      '--fetch-retry-maxtimeout=3000',
      `--fetch-timeout=${Math.min(timeoutMs, 30_000)}`,
    ],
    failure(output, timedOut) {
      const code = /npm (?:error|ERR!) code (\S+)/.exec(output)?.[1];
      if (timedOut || /ETIMEDOUT|ESOCKETTIMEDOUT/.test(output))
        return `the registry ${where} did not answer in time${code ? ` (${code})` : ''}`;
      if (/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ECONNRESET|EHOSTUNREACH|ENETUNREACH/.test(output))
        return `the registry ${where} could not be reached (${code ?? 'connection failed'})`;
      const line = output
        .split('\n')
        .find((l) => /npm (error|ERR!) (?!code)/.test(l))
        ?.replace(/^npm (error|ERR!)\s*/, '')
        .slice(0, 200);
      return `npm install from ${where} failed${code ? ` (${code})` : ''}${line ? `: ${line}` : ''}`;
    },
  };
}
