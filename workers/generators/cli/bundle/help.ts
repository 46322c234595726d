// `--help` at every level: the root, a group of commands, a method (its flags with types,
// required marks, choices and defaults, and an example). Every description passes `safeText`.

import { safeLine, safeText } from './sanitize.js';
import type { FlagSpec, GroupSpec, MethodSpec, ProgramSpec } from './types.js';

const WIDTH = 100;

function wrap(text: string, indent: number, width = WIDTH): string[] {
  const out: string[] = [];
  for (const paragraph of safeText(text).split('\n')) {
    let line = '';
    for (const word of paragraph.split(/[ \t]+/)) {
      if (word === '') continue;
      if (line !== '' && indent + line.length + 1 + word.length > width) {
        out.push(line);
        line = word;
      } else line = line === '' ? word : `${line} ${word}`;
    }
    out.push(line);
  }
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out.map((l) => (l === '' ? '' : ' '.repeat(indent) + l));
}

function firstLine(text: string | undefined): string {
  if (text === undefined) return '';
  const line = safeLine(text.trim().split(/\n\s*\n|\n/)[0] ?? '');
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

/** Two columns: names padded to the widest (capped), descriptions wrapped after them. */
function columns(rows: [string, string][]): string[] {
  const pad = Math.min(32, Math.max(0, ...rows.map(([name]) => name.length)) + 2);
  const out: string[] = [];
  for (const [name, text] of rows) {
    const described = wrap(text, 2 + pad);
    if (name.length + 2 > pad) {
      out.push(`  ${name}`);
      out.push(...described);
    } else {
      const [first, ...more] = described;
      out.push(`  ${name.padEnd(pad)}${first === undefined ? '' : first.slice(2 + pad)}`.trimEnd(), ...more);
    }
  }
  return out;
}

function globalFlagRows<Client>(program: ProgramSpec<Client>): [string, string][] {
  const credential = program.credentials[0];
  const envs = credential ? credential.env.map((e) => `$${e}`).join(' or ') : '';
  const rows: [string, string][] = [];
  if (credential) rows.push(['--api-key <key>', `Credential for the API (default: ${envs}).`]);
  for (const oauth of program.credentials) {
    if (oauth.flag === undefined) continue;
    const what = oauth.flag === 'client-id' ? 'OAuth2 client id' : 'OAuth2 client secret';
    rows.push([`--${oauth.flag} <${oauth.flag === 'client-id' ? 'id' : 'secret'}>`, `${what}: access tokens are fetched with it (default: ${oauth.env.map((e) => `$${e}`).join(' or ')}).`]);
  }
  rows.push(['--base-url <url>', `API base URL (default: $${program.envPrefix}_BASE_URL${program.defaultBaseURL ? `, then ${program.defaultBaseURL}` : ''}).`]);
  rows.push(['--format <format>', 'Output: json (pretty on a terminal, compact when piped), yaml or table.']);
  rows.push(['--dry-run', 'Print the HTTP request (credentials redacted) instead of sending it.']);
  rows.push(['--verbose', 'Log each HTTP request and response line to stderr.']);
  rows.push(['--max-retries <n>', 'Retries on connection errors, 408, 409, 429 and 5xx (default: 2).']);
  rows.push(['-h, --help', 'Show help for a command.']);
  return rows;
}

function describeGroup<Client>(group: GroupSpec<Client>): string {
  if (group.description) return firstLine(group.description);
  const count = group.methods.length + group.groups.length;
  return `${count} command${count === 1 ? '' : 's'}`;
}

export function groupHelp<Client>(program: ProgramSpec<Client>, group: GroupSpec<Client>, path: string[]): string {
  const lines: string[] = [];
  const command = [program.name, ...path].join(' ');
  if (path.length === 0) {
    lines.push(safeLine(`${program.name} ${program.version}: the command-line client for ${program.title}`));
    if (program.description) lines.push('', ...wrap(program.description.length > 1200 ? `${program.description.slice(0, 1199)}…` : program.description, 0));
  } else if (group.description) lines.push(...wrap(group.description, 0));
  lines.push('', 'Usage:', `  ${command} <command> [flags]`);
  const rows: [string, string][] = [
    ...group.groups.map((g): [string, string] => [g.name, describeGroup(g)]),
    ...group.methods.map((m): [string, string] => [m.name, firstLine(m.summary ?? m.description) || m.http]),
  ];
  if (path.length === 0) rows.push(['completion', 'Print a shell completion script (bash or zsh).']);
  if (rows.length > 0) lines.push('', 'Commands:', ...columns(rows));
  lines.push('', 'Global flags:', ...columns(globalFlagRows(program)));
  const example = firstExample(program, group, path);
  if (example) lines.push('', 'Example:', `  ${example}`);
  lines.push('', `Run '${command} <command> --help' for more about a command.`);
  return `${lines.join('\n')}\n`;
}

function firstExample<Client>(program: ProgramSpec<Client>, group: GroupSpec<Client>, path: string[]): string | undefined {
  const method = group.methods[0];
  if (method) return methodExample(program, method, [...path, method.name]);
  const child = group.groups[0];
  return child ? firstExample(program, child, [...path, child.name]) : undefined;
}

function placeholder(flag: FlagSpec): string {
  if (flag.choices && flag.choices.length > 0) return String(flag.choices[0]);
  switch (flag.type) {
    case 'integer':
    case 'number':
      return '<number>';
    case 'json':
      return `'<json>'`;
    case 'file':
      return '<path>';
    default:
      return `<${flag.name}>`;
  }
}

export function methodExample<Client>(program: ProgramSpec<Client>, method: MethodSpec<Client>, path: string[]): string {
  const parts = [program.name, ...path];
  for (const flag of method.flags) {
    if (!flag.required) continue;
    parts.push(flag.type === 'boolean' ? `--${flag.name}` : `--${flag.name} ${placeholder(flag)}`);
  }
  if (method.body?.mode === 'whole') parts.push('--data @body.json');
  else if (method.body && !method.flags.some((f) => f.required && f.in === 'body')) {
    const firstBody = method.flags.find((f) => f.in === 'body');
    if (firstBody) parts.push(firstBody.type === 'boolean' ? `--${firstBody.name}` : `--${firstBody.name} ${placeholder(firstBody)}`);
  }
  if (method.paginated) parts.push('--all');
  return safeLine(parts.join(' '));
}

function flagUsage(flag: FlagSpec): string {
  if (flag.type === 'boolean') return `--${flag.name}`;
  const type = flag.choices && flag.choices.length > 0 && flag.choices.length <= 6 ? flag.choices.map(String).join('|') : flag.type;
  return `--${flag.name} <${type}>`;
}

function flagText(flag: FlagSpec): string {
  const parts: string[] = [];
  if (flag.required) parts.push('(required)');
  if (flag.deprecated) parts.push('(deprecated)');
  if (flag.description) parts.push(flag.description.trim());
  if (flag.choices && flag.choices.length > 6) parts.push(`One of: ${flag.choices.map(String).join(', ')}.`);
  if (flag.multiple) parts.push('Repeat the flag for more values.');
  if (flag.type === 'boolean' && !flag.multiple) parts.push(`(--no-${flag.name} for false)`);
  if (flag.type === 'json') parts.push('(JSON value)');
  if (flag.type === 'file') parts.push('(a file path, or - for stdin)');
  if (flag.in === 'path') parts.push('(may also be given as a positional argument)');
  if (flag.defaultText !== undefined) parts.push(`[default: ${flag.defaultText}]`);
  return safeLine(parts.join(' '));
}

export function methodHelp<Client>(program: ProgramSpec<Client>, method: MethodSpec<Client>, path: string[]): string {
  const lines: string[] = [];
  const command = [program.name, ...path].join(' ');
  const required = method.flags.filter((f) => f.required).map((f) => (f.type === 'boolean' ? `--${f.name}` : `--${f.name} <${f.name}>`));
  lines.push(safeLine(`Usage: ${command}${required.length > 0 ? ` ${required.join(' ')}` : ''} [flags]`));
  if (method.summary) lines.push('', ...wrap(method.summary, 0));
  if (method.description && method.description.trim() !== method.summary?.trim()) lines.push('', ...wrap(method.description, 0));
  if (method.deprecated) lines.push('', safeLine(`Deprecated${typeof method.deprecated === 'string' ? `: ${method.deprecated}` : '.'}`));
  lines.push('', safeLine(`HTTP: ${method.http}`));
  const rows: [string, string][] = method.flags.map((flag) => [safeLine(flagUsage(flag)), flagText(flag)]);
  if (method.body) {
    const whole = method.body.mode === 'whole';
    const kind = method.body.kind === 'json' ? 'JSON' : method.body.kind;
    const text = whole
      ? `${method.body.required ? '(required) ' : ''}The request body (${kind}): inline, @file, or - for stdin.${method.body.description ? ` ${method.body.description}` : ''}`
      : `The request body as a JSON object: inline, @file, or - for stdin; flags above override its fields.${method.body.description ? ` ${method.body.description}` : ''}`;
    rows.push(['--data <body>', safeLine(text)]);
  }
  if (method.paginated) {
    rows.push(['--all', 'Follow pagination and print every item of every page.']);
    rows.push(['--max-items <n>', 'Follow pagination as --all does, up to n items.']);
  }
  if (rows.length > 0) lines.push('', 'Flags:', ...columns(rows));
  lines.push('', 'Global flags:', ...columns(globalFlagRows(program)));
  lines.push('', 'Example:', `  ${methodExample(program, method, path)}`);
  return `${lines.join('\n')}\n`;
}
