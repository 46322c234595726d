import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { findExecutable } from '../pipeline/check-with-tool.ts';
import { failure, shortLine, TIMED_OUT, UNREACHABLE, type PublishOutcome } from './outcome.ts';
import { runTool, toolEnv, type ToolResult } from './run-tool.ts';

/**
 * npm against one registry with one token, from a private temp folder: the `.npmrc` there names the
 * registry and `${NPM_PUBLISH_TOKEN}`, which npm expands from the child's environment, so the token
 * is in no file, no argument and (redacted) in no output.
 */
export class NpmSession {
  readonly npmrc: string;
  private readonly npm: string;
  private readonly workDir: string;
  private readonly registry: string;
  private readonly token: string;
  private readonly timeoutMs: number;
  private constructor(npm: string, workDir: string, registry: string, token: string, timeoutMs: number) {
    this.npm = npm;
    this.workDir = workDir;
    this.registry = registry;
    this.token = token;
    this.timeoutMs = timeoutMs;
    this.npmrc = join(workDir, 'home', '.npmrc');
  }

  /** undefined when npm is not installed on this worker. */
  static async open(
    workDir: string,
    registry: string,
    token: string,
    timeoutMs: number,
  ): Promise<NpmSession | undefined> {
    const npm = findExecutable('npm');
    if (!npm) return undefined;
    const session = new NpmSession(npm, workDir, registry, token, timeoutMs);
    const url = new URL(registry);
    const nerfDart = `//${url.host}${url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`}`;
    await mkdir(join(workDir, 'home'), { recursive: true });
    await writeFile(
      session.npmrc,
      `registry=${registry}\n${nerfDart}:_authToken=\${NPM_PUBLISH_TOKEN}\naudit=false\nfund=false\nupdate-notifier=false\n`,
      { mode: 0o600 },
    );
    return session;
  }

  async run(args: readonly string[], cwd: string): Promise<ToolResult> {
    return await runTool(this.npm, [...args, '--userconfig', this.npmrc, '--registry', this.registry], {
      cwd,
      env: toolEnv(join(this.workDir, 'home'), {
        NPM_PUBLISH_TOKEN: this.token,
        npm_config_cache: join(this.workDir, 'cache'),
        npm_config_globalconfig: join(this.workDir, 'home', 'globalrc'),
        npm_config_ignore_scripts: 'true',
        npm_config_fetch_retries: '0',
        npm_config_fetch_timeout: String(this.timeoutMs),
      }),
      timeoutMs: this.timeoutMs,
      secrets: [this.token],
    });
  }

  /** A failed npm command as a clear outcome: the registry's status and npm's code, never its full text. */
  static failureOf(result: ToolResult, what: string, target: Record<string, unknown>): PublishOutcome {
    const output = `${result.stdout}\n${result.stderr}`;
    if (result.timedOut) return failure('registry_timeout', `${what}: the registry did not answer in time.`, target);
    const code = /"code":\s*"([A-Z0-9_]+)"/.exec(output)?.[1] ?? /npm (?:error|ERR!) code (\S+)/.exec(output)?.[1];
    const summary =
      /"summary":\s*"((?:[^"\\]|\\.)*)"/.exec(output)?.[1] ??
      output
        .split('\n')
        .find((l) => /npm (error|ERR!) (?!code)/.test(l))
        ?.replace(/^npm (error|ERR!)\s*/, '') ??
      '';
    const status = code && /^E\d{3}$/.test(code) ? Number(code.slice(1)) : undefined;
    const response = {
      ...(status !== undefined ? { status } : {}),
      ...(code ? { code } : {}),
      ...(summary ? { message: shortLine(summary, 200) } : {}),
    };
    // npm reads the registry's document of the package first and refuses a version it lists.
    if (!code && /cannot publish over|previously published/i.test(summary)) {
      return failure('version_exists', `${what}: the registry already has this version.`, target, {
        code: 'EPUBLISHCONFLICT',
        message: shortLine(summary, 200),
      });
    }
    if (
      code === 'EPUBLISHCONFLICT' ||
      status === 409 ||
      (status === 403 && /previously published|cannot publish over|already (present|exists)/i.test(summary))
    ) {
      return failure('version_exists', `${what}: the registry already has this version (${code}).`, target, response);
    }
    if (status === 401)
      return failure(
        'registry_unauthorized',
        `${what}: the registry refused the token (401 ${code}).`,
        target,
        response,
      );
    if (status === 403)
      return failure('registry_forbidden', `${what}: the registry forbids this (403 ${code}).`, target, response);
    if (TIMED_OUT.test(code ?? '') || /ETIMEDOUT/.test(output))
      return failure(
        'registry_timeout',
        `${what}: the registry did not answer in time (${code ?? 'timeout'}).`,
        target,
        response,
      );
    if (UNREACHABLE.test(code ?? '') || UNREACHABLE.test(output))
      return failure(
        'registry_unreachable',
        `${what}: the registry could not be reached (${code ?? 'connection failed'}).`,
        target,
        response,
      );
    return failure(
      'registry_error',
      `${what} failed${status ? ` (${status} ${code})` : code ? ` (${code})` : ''}${summary ? `: ${shortLine(summary, 200)}` : '.'}`,
      target,
      response,
    );
  }
}
