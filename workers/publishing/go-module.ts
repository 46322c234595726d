import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findExecutable, writeTree } from '../pipeline/check-with-tool.ts';
import { goEnv } from '../pipeline/go-tools.ts';
import { runTool, toolEnv } from './run-tool.ts';

// A Go module as it is published (a git tag on its repository): the go_sdk artifact under the
// module path it is published as, built as its users will build it, and its tag on the remote.

/** The module's files with go.mod's `module` line and every import of the module moved to `modulePath`. */
export function prepareGoModule(files: Map<string, Buffer>, modulePath: string): Map<string, Buffer> | string {
  const goMod = files.get('go.mod')?.toString('utf8');
  const own = goMod ? /^module\s+(\S+)\s*$/m.exec(goMod)?.[1] : undefined;
  if (!goMod || !own) return 'The go_sdk artifact has no go.mod with a module line.';
  if (own === modulePath) return new Map(files);
  const escaped = own.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // Import paths are string literals: "<own>" and "<own>/…" (also in the README's samples).
  const imports = new RegExp(`"${escaped}(?=["/])`, 'g');
  const out = new Map<string, Buffer>();
  for (const [path, content] of files) {
    if (path === 'go.mod') {
      out.set(path, Buffer.from(goMod.replace(/^module\s+\S+\s*$/m, `module ${modulePath}`)));
    } else if (path.endsWith('.go') || path.endsWith('.md')) {
      out.set(path, Buffer.from(content.toString('utf8').replace(imports, `"${modulePath}`)));
    } else {
      out.set(path, content);
    }
  }
  return out;
}

export interface GoCheck {
  ok: boolean;
  detail: string;
}

/** `go build ./...` in the tree as it would be pushed: offline (GOPROXY=off), the local toolchain, no GOFLAGS. */
export async function goModuleBuilds(files: Map<string, Buffer>, timeoutMs: number): Promise<GoCheck> {
  const go = findExecutable('go');
  if (!go) return { ok: false, detail: 'go is not installed on this server, so the module could not be built.' };
  const dir = await writeTree(
    [...files].map(([path, content]) => ({ path, content })),
    'report-dry-run-go-',
  );
  try {
    const version = await runTool(go, ['env', 'GOVERSION'], {
      cwd: dir,
      env: goEnv({ HOME: dir }),
      timeoutMs,
      secrets: [],
    });
    const built = await runTool(go, ['build', './...'], {
      cwd: dir,
      env: goEnv({ HOME: dir }),
      timeoutMs,
      secrets: [],
    });
    if (built.timedOut) return { ok: false, detail: `go build ./... did not finish in ${timeoutMs / 1000} s.` };
    if (built.code !== 0) {
      const lines = `${built.stderr}\n${built.stdout}`
        .split('\n')
        .map((l) => l.replaceAll(dir, '.').trim())
        .filter(Boolean);
      return { ok: false, detail: `go build ./... failed: ${lines.slice(0, 4).join(' | ').slice(0, 800)}` };
    }
    return { ok: true, detail: `go build ./... passes (${version.stdout.trim() || 'go'}, GOPROXY=off)` };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Whether `tag` is already on the remote (`git ls-remote`): the tag of a published Go version can
 * never move. Over https the token goes in an Authorization header through git's environment.
 */
export async function goTagOnRemote(input: {
  remote: string;
  tag: string;
  token: string | undefined;
  timeoutMs: number;
}): Promise<GoCheck & { exists?: boolean }> {
  const git = findExecutable('git');
  if (!git) return { ok: false, detail: 'git is not installed on this server, so the tag could not be checked.' };
  const home = await mkdtemp(join(tmpdir(), 'report-dry-run-git-'));
  const header = input.token ? Buffer.from(`x-access-token:${input.token}`).toString('base64') : undefined;
  try {
    const listed = await runTool(git, ['ls-remote', '--tags', input.remote, `refs/tags/${input.tag}`], {
      cwd: home,
      env: toolEnv(home, {
        GIT_TERMINAL_PROMPT: '0',
        GIT_CONFIG_NOSYSTEM: '1',
        ...(header && /^https?:/.test(input.remote)
          ? {
              GIT_CONFIG_COUNT: '1',
              GIT_CONFIG_KEY_0: 'http.extraHeader',
              GIT_CONFIG_VALUE_0: `Authorization: Basic ${header}`,
            }
          : {}),
      }),
      timeoutMs: input.timeoutMs,
      secrets: input.token ? [input.token, header!] : [],
    });
    if (listed.code !== 0) {
      const output = `${listed.stderr}\n${listed.stdout}`;
      const line = output.split('\n').find((l) => /fatal|error/i.test(l)) ?? output.trim().split('\n')[0] ?? '';
      return {
        ok: false,
        detail: listed.timedOut
          ? `git ls-remote did not answer in ${input.timeoutMs / 1000} s.`
          : `git ls-remote failed: ${line.trim().slice(0, 200)}`,
      };
    }
    const sha = listed.stdout.trim().split('\n').filter(Boolean)[0]?.split('\t')[0];
    return sha
      ? {
          ok: false,
          exists: true,
          detail: `The tag ${input.tag} already exists on the remote (${sha.slice(0, 12)}): a published Go version cannot move; use a newer version.`,
        }
      : { ok: true, exists: false, detail: `${input.tag} is not on the remote yet` };
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}
