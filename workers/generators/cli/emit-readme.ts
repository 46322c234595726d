// README.md of the CLI: install, authentication, usage, examples, output formats, pagination,
// dry runs, exit codes and shell completion. Prose from the description is markdown-escaped;
// commands in code blocks are made only of generated kebab-case words and fixed placeholders.

import type { ApiModel } from '../model/types.ts';
import { RETRY_POLICY } from '../core/client-options.ts';
import { mdText } from '../core/markdown.ts';
import type { SdkPlan } from '../typescript/naming.ts';
import type { GeneratedFile } from '../core/files.ts';
import type { CliFlag, CliGroup, CliMethod } from './plan.ts';
import type { ResolvedCliOptions } from './types.ts';

function placeholder(flag: CliFlag): string {
  switch (flag.type) {
    case 'integer':
    case 'number':
      return '1';
    case 'json':
      return "'{}'";
    case 'file':
      return './file.bin';
    case 'boolean':
      return '';
    default:
      return `<${flag.name}>`;
  }
}

function example(bin: string, method: CliMethod, words: string[]): string {
  const parts = [bin, ...words];
  for (const flag of method.flags.filter((f) => f.required))
    parts.push(flag.type === 'boolean' ? `--${flag.name}` : `--${flag.name} ${placeholder(flag)}`);
  if (method.shape.body && !method.shape.body.flatten) parts.push('--data @body.json');
  if (method.shape.pagination) parts.push('--all');
  return parts.join(' ');
}

function walk(groups: CliGroup[], path: string[], visit: (method: CliMethod, words: string[]) => void): void {
  for (const group of groups) {
    const words = [...path, group.word];
    for (const method of group.methods) visit(method, [...words, method.word]);
    walk(group.groups, words, visit);
  }
}

export function emitReadme(
  model: ApiModel,
  sdk: SdkPlan,
  groups: CliGroup[],
  options: ResolvedCliOptions,
): GeneratedFile {
  const bin = options.binaryName;
  const title = model.info.title.trim() === '' ? sdk.options.clientClass : model.info.title;
  const lines: string[] = [
    `# ${mdText(options.packageName)}`,
    '',
    `The command-line tool for ${mdText(title)}, built on its TypeScript SDK (included in \`src/sdk/\`).`,
  ];
  if (model.info.description) lines.push('', mdText(model.info.description.slice(0, 1000)));
  lines.push(
    '',
    '## Install',
    '',
    'Requires Node.js 20.19 or later (22.12 or later on Node 22); the package has no runtime dependencies. The package holds the built `dist/`: from an unpacked artifact, `node dist/main.js --help` runs it, and `npm pack` then `npm install -g` of the packed file installs the command.',
    '',
    '```sh',
    `npm install -g ${options.packageName}`,
    `${bin} --help`,
    '```',
  );
  lines.push('', 'From a checkout of this package:', '', '```sh', 'npm install && npm run build && npm link', '```');

  lines.push('', '## Authentication', '');
  const first = model.authOptions[0];
  if (first) {
    const envs = [
      ...new Set([...(first.envVar !== undefined ? [first.envVar] : []), `${sdk.options.envPrefix}_API_KEY`]),
    ];
    lines.push(
      `Set \`${envs[0] as string}\`${envs.length > 1 ? ` (or \`${envs[1] as string}\`)` : ''}, or pass \`--api-key\` to any command:`,
      '',
      '```sh',
      `export ${envs[0] as string}=...`,
      `${bin} <command> --api-key ...`,
      '```',
    );
    const others = model.authOptions.slice(1).filter((o) => o.envVar !== undefined);
    if (others.length > 0)
      lines.push('', `Other credentials are read from ${others.map((o) => `\`${o.envVar as string}\``).join(', ')}.`);
  } else lines.push('The API needs no credentials.');
  const oauth = sdk.clientCredentials;
  if (oauth !== undefined)
    lines.push(
      '',
      `With an OAuth2 client id and secret (\`--client-id\` and \`--client-secret\`, else \`${oauth.flow.clientIdEnv}\` and \`${oauth.flow.clientSecretEnv}\`), the CLI fetches its own access tokens from the API's token endpoint (client credentials).`,
    );
  lines.push(
    '',
    `The base URL is \`--base-url\`, else \`${sdk.options.envPrefix}_BASE_URL\`${model.environments[0] || model.servers[0] ? `, else ${mdText(model.environments[0]?.url ?? model.servers[0]?.url ?? '')}` : ''}.`,
  );

  lines.push(
    '',
    '## Usage',
    '',
    '```sh',
    `${bin} <resource> [<subresource>...] <method> [--flag value...]`,
    `${bin} <resource> --help`,
    '```',
    '',
  );
  lines.push(
    "Flags come from the path, query and header parameters and the top-level fields of a JSON body, in kebab-case. A whole body can be given with `--data '<json>'`, `--data @file.json` or `--data -` (stdin); flags override its fields.",
  );

  const examples: string[] = [];
  walk(groups, [], (method, words) => {
    if (examples.length < 8) examples.push(example(bin, method, words));
  });
  if (examples.length > 0) lines.push('', '## Examples', '', '```sh', ...examples, '```');

  lines.push('', '## Commands', '');
  walk(groups, [], (method, words) => {
    const summary = method.sdk.op.summary ?? method.sdk.op.description?.split('\n')[0];
    lines.push(`- \`${[bin, ...words].join(' ')}\`${summary ? `: ${mdText(summary.slice(0, 200))}` : ''}`);
  });

  lines.push(
    '',
    '## Output',
    '',
    '`--format json` (the default: pretty on a terminal, compact when piped), `--format yaml` or `--format table`.',
    '',
    '## Pagination',
    '',
    'List commands print one page; `--all` follows the pages and prints every item, `--max-items <n>` the first n items.',
    '',
    '## Retries',
    '',
    `${RETRY_POLICY} (\`Retry-After\` honoured). \`--max-retries <n>\` sets how many times; \`--max-retries 0\` fails at once.`,
    '',
    '## Dry runs and debugging',
    '',
    '`--dry-run` prints the HTTP request (method, URL, headers with credentials redacted, body) without sending it. `--verbose` logs each request and response line to stderr.',
    '',
    '## Exit codes',
    '',
    '| code | meaning |',
    '| --- | --- |',
    '| 0 | success |',
    '| 1 | the API answered with an error (message and status on stderr), or it could not be reached |',
    '| 2 | usage error: unknown command or flag, missing required flag, bad value |',
    '',
    '## Shell completion',
    '',
    '```sh',
    `source <(${bin} completion bash)   # or: ${bin} completion zsh`,
    '```',
    '',
  );
  return { path: 'README.md', content: lines.join('\n') };
}
