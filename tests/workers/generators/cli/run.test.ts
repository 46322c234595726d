// The generated CLI as a user runs it: the pets and hostile fixtures are compiled with ONE
// TypeScript 7 run (the runtime bundle is type-checked here, as real .ts inside the packages),
// then run with node against a local HTTP server: output formats, pagination, bodies from a
// file and stdin, dry runs, verbose logs, exit codes, suggestions, completion scripts, and help
// text that no hostile description can inject into.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { emitCli } from '../../../../workers/generators/cli/index.ts';
import { cliFixtureModel, compilePackages, runCli, type RunResult } from './helpers.ts';
import { PETS, startShelterServer, type ShelterServer } from '../../../fakes/shelter-server.ts';

const KEY = 'sk_test_secret_123';
let root: string;
let shelter: ShelterServer;
let baseURL: string;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cli-run-'));
  const packages = new Map([
    ['pets', emitCli(await cliFixtureModel('pets'))],
    ['hostile', emitCli(await cliFixtureModel('hostile'))],
  ]);
  const compiled = await compilePackages(root, packages);
  expect(compiled.output).toBe('');
  expect(compiled.code).toBe(0);
  shelter = await startShelterServer(KEY);
  baseURL = shelter.baseURL;
}, 120_000);

afterAll(async () => {
  await shelter?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

const pets = (args: string[], options: { env?: Record<string, string>; stdin?: string } = {}): Promise<RunResult> =>
  runCli(join(root, 'out/pets/src/main.js'), args, {
    env: { SHELTER_API_KEY: KEY, SHELTER_BASE_URL: baseURL, ...options.env },
    ...(options.stdin !== undefined ? { stdin: options.stdin } : {}),
    cwd: root,
  });

describe('the generated pets CLI', () => {
  it('prints help at every level with exit 0', async () => {
    for (const args of [
      [],
      ['--help'],
      ['pets', '--help'],
      ['pets', 'photos', '--help'],
      ['pets', 'create', '--help'],
      ['health', 'check', '-h'],
      ['completion', '--help'],
    ]) {
      const r = await pets(args);
      expect(r.code, args.join(' ')).toBe(0);
      expect(r.stdout, args.join(' ')).toMatch(/Usage/);
    }
    const create = await pets(['pets', 'create', '--help']);
    expect(create.stdout).toMatch(/--name <string>\s+\(required\) The pet's name\./);
    expect(create.stdout).toMatch(/--species <cat\|dog\|rabbit>\s+\(required\)/);
    expect(create.stdout).toContain('Example:\n  shelter pets create --name <name> --species cat');
    expect((await pets(['--version'])).stdout).toBe('shelter 2.1.0\n');
  });

  it('gets one resource as json (compact when piped), yaml and table', async () => {
    const piped = await pets(['pets', 'retrieve', 'p1']);
    expect(piped).toMatchObject({ code: 0, stderr: '' });
    expect(piped.stdout).toBe(`${JSON.stringify(PETS[0])}\n`);
    const flag = await pets(['pets', 'retrieve', '--pet-id', 'p2', '--format', 'yaml']);
    expect(parseYaml(flag.stdout)).toEqual(PETS[1]);
    const table = await pets(['pets', 'retrieve', 'p3', '--format', 'table']);
    expect(table.stdout).toMatch(/^KEY\s+VALUE\n-+\s+-+\nid\s+p3\nname\s+Bun\nspecies\s+rabbit\n$/);
  });

  it('lists one page, or every page with --all, sending the key from the environment or --api-key', async () => {
    const page = await pets(['pets', 'list', '--limit', '2']);
    expect(JSON.parse(page.stdout)).toEqual({ data: PETS.slice(0, 2), next_cursor: '2' });
    const all = await pets(['pets', 'list', '--limit', '2', '--all', '--format', 'table']);
    expect(
      all.stdout
        .split('\n')
        .slice(2, 5)
        .map((l) => l.split(/\s+/)[0]),
    ).toEqual(['p1', 'p2', 'p3']);
    const flagKey = await pets(['pets', 'list', '--all', '--limit=1', '--api-key', KEY], {
      env: { SHELTER_API_KEY: 'wrong' },
    });
    expect(JSON.parse(flagKey.stdout)).toEqual(PETS);
    // --max-items walks the pages as --all does, and stops after n items (across a page boundary here).
    const capped = await pets(['pets', 'list', '--limit=1', '--max-items', '2', '--verbose']);
    expect(JSON.parse(capped.stdout)).toEqual(PETS.slice(0, 2));
    expect(capped.stderr.match(/^> GET /gm)).toHaveLength(2);
    const bad = await pets(['pets', 'list', '--max-items=0']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("Invalid value for --max-items: '0' (expected a positive integer).");
    expect((await pets(['pets', 'list', '--help'])).stdout).toMatch(
      /--max-items <n>\s+Follow pagination as --all does, up to n items\./,
    );
  });

  it('sends a body from flags, from --data @file and from stdin, flags overriding --data', async () => {
    const flags = await pets([
      'pets',
      'create',
      '--name',
      'Ada',
      '--species',
      'cat',
      '--age',
      '4',
      '--tags',
      'a',
      '--tags',
      'b',
      '--no-vaccinated',
      '--owner',
      '{"name":"Al"}',
    ]);
    expect(JSON.parse(flags.stdout)).toEqual({
      id: 'p9',
      name: 'Ada',
      species: 'cat',
      age: 4,
      tags: ['a', 'b'],
      vaccinated: false,
      owner: { name: 'Al' },
    });
    const file = join(root, 'pet.json');
    writeFileSync(file, JSON.stringify({ name: 'Fromfile', species: 'dog', age: 2 }));
    const fromFile = await pets(['pets', 'create', '--data', `@${file}`, '--age', '3']);
    expect(JSON.parse(fromFile.stdout)).toEqual({ id: 'p9', name: 'Fromfile', species: 'dog', age: 3 });
    const fromStdin = await pets(['pets', 'notes', 'replace', 'p1', '--data', '-'], { stdin: '["x","y"]' });
    expect(JSON.parse(fromStdin.stdout)).toEqual(['x', 'y']);
    writeFileSync(join(root, 'photo.bin'), 'PNGDATA');
    const upload = await pets(['pets', 'photos', 'upload', 'p1', '--file', join(root, 'photo.bin'), '--caption', 'hi']);
    expect(JSON.parse(upload.stdout)).toMatchObject({
      type: expect.stringMatching(/^multipart\/form-data; boundary=/),
    });
    expect(shelter.seen.at(-1)?.body).toMatch(/filename="photo\.bin"[\s\S]*PNGDATA[\s\S]*name="caption"[\s\S]*hi/);
    const text = await pets(['health', 'check'], { env: { SHELTER_API_KEY: '' } });
    expect(text).toMatchObject({ code: 0, stdout: 'all good\n' });
  });

  it('exits 1 on an API error with the message and status on stderr', async () => {
    const missing = await pets(['pets', 'retrieve', 'nope']);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toMatch(/Pet not found/);
    expect(missing.stderr).toMatch(/status: 404/);
    const unauthorized = await pets(['pets', 'retrieve', 'p1', '--api-key', 'bad']);
    expect(unauthorized.code).toBe(1);
    expect(unauthorized.stderr).toMatch(/status: 401/);
  });

  it('retries a 503 twice by default, as many times as --max-retries says, and not at all with 0', async () => {
    const tries = async (args: string[]): Promise<number> => {
      const before = shelter.seen.filter((r) => r.url === '/v2/pets/busy').length;
      const r = await pets(['pets', 'retrieve', 'busy', ...args]);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.stderr, args.join(' ')).toMatch(/status: 503/);
      return shelter.seen.filter((s) => s.url === '/v2/pets/busy').length - before;
    };
    expect(await tries([])).toBe(3);
    expect(await tries(['--max-retries', '0'])).toBe(1);
    expect(await tries(['--max-retries=1'])).toBe(2);
    const help = await pets(['pets', 'retrieve', '--help']);
    expect(help.stdout).toMatch(
      /--max-retries <n>\s+Retries on connection errors, 408, 409, 429 and 5xx \(default: 2\)\./,
    );
  });

  it('exits 2 on usage errors, suggesting near misses', async () => {
    const cases: [string[], RegExp][] = [
      [['pets', 'retrieve', 'p1', '--fromat', 'json'], /Unknown flag '--fromat'\. Did you mean '--format'\?/],
      [['pest', 'list'], /Unknown command 'pest'\. Did you mean 'pets'\?/],
      [['pets', 'lsit'], /Unknown command 'lsit' under 'pets'\. Did you mean 'list'\?/],
      [['pets', 'create', '--name', 'x'], /Missing required flag: --species\./],
      [
        ['pets', 'create', '--name', 'x', '--species', 'dgo'],
        /expected one of cat, dog, rabbit\)\. Did you mean 'dog'\?/,
      ],
      [['pets', 'list', '--limit', 'ten'], /Invalid value for --limit: 'ten' \(expected an integer\)/],
      [['pets', 'create', '--species', 'cat', '--owner', '{bad'], /Invalid value for --owner/],
      [['pets', 'create', '--data', '[1]'], /--data must be a JSON object/],
      [['pets', 'retrieve', 'p1', 'p2'], /Unexpected argument 'p2'/],
      [['pets', 'retrieve', 'p1', '--format', 'xml'], /Invalid value for --format/],
      [['pets', 'retrieve', 'p1', '--max-retries=-1'], /Invalid value for --max-retries: '-1'/],
      [['pets', 'retrieve', 'p1', '--max-retries', 'two'], /Invalid value for --max-retries: 'two'/],
      [['pets'], /Missing command after 'pets'/],
      [['completion', 'fish'], /Unknown shell/],
    ];
    for (const [args, message] of cases) {
      const r = await pets(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(message);
      expect(r.stdout, args.join(' ')).toBe('');
    }
  });

  it('--dry-run prints the request with the key redacted and sends nothing; --verbose logs to stderr', async () => {
    const before = shelter.seen.length;
    const dry = await pets(['pets', 'create', '--name', 'Ada', '--species', 'cat', '--dry-run']);
    expect(dry.code).toBe(0);
    expect(shelter.seen.length).toBe(before);
    expect(dry.stdout).toContain(`POST ${baseURL}/pets\n`);
    expect(dry.stdout).toContain('x-shelter-key: [REDACTED]');
    expect(dry.stdout).toContain('content-type: application/json');
    expect(dry.stdout).toMatch(/\n\n\{\n {2}"name": "Ada",\n {2}"species": "cat"\n\}\n$/);
    expect(dry.stdout).not.toContain(KEY);
    const noKey = await pets(['pets', 'retrieve', 'a/b', '--dry-run'], { env: { SHELTER_API_KEY: '' } });
    expect(noKey.stdout).toContain(`GET ${baseURL}/pets/a%2Fb\n`);
    const verbose = await pets(['pets', 'retrieve', 'p1', '--verbose']);
    expect(verbose.code).toBe(0);
    expect(verbose.stderr).toContain(`> GET ${baseURL}/pets/p1`);
    expect(verbose.stderr).toContain('> x-shelter-key: [REDACTED]');
    expect(verbose.stderr).toMatch(/< 200 OK \(\d+ ms\)/);
    expect(verbose.stderr).not.toContain(KEY);
  });

  it('prints bash and zsh completion scripts that the shells accept', async () => {
    const bash = await pets(['completion', 'bash']);
    expect(bash.code).toBe(0);
    const script = join(root, 'complete.bash');
    writeFileSync(script, bash.stdout);
    execFileSync('bash', ['-n', script]);
    const words = (line: string): string =>
      execFileSync(
        'bash',
        [
          '-c',
          `source "${script}"; COMP_WORDS=(${line}); COMP_CWORD=$((\${#COMP_WORDS[@]}-1)); _shelter; echo "\${COMPREPLY[*]}"`,
        ],
        { encoding: 'utf8' },
      ).trim();
    expect(words("shelter pe ''").split(' ')).toEqual(expect.arrayContaining(['pets']));
    expect(words('shelter pets li')).toBe('list');
    expect(words('shelter pets create --sp')).toBe('--species');
    const zsh = await pets(['completion', 'zsh']);
    expect(zsh.stdout.startsWith('#compdef shelter\n')).toBe(true);
    if (existsSync('/bin/zsh') || existsSync('/usr/bin/zsh')) {
      writeFileSync(join(root, 'complete.zsh'), zsh.stdout);
      execFileSync('zsh', ['-n', join(root, 'complete.zsh')]);
    }
  });
});

describe('the generated hostile CLI', () => {
  const hostileMain = (): string => join(root, 'out/hostile/src/main.js');
  const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

  it('prints help at every level without control characters or running description text', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'cli-hostile-'));
    try {
      const run = (args: string[]): Promise<RunResult> => runCli(hostileMain(), args, { cwd });
      const top = await run(['--help']);
      expect(top.code).toBe(0);
      const section = (text: string): string => text.split('Commands:')[1]?.split('Global flags:')[0] ?? '';
      const commands = [...section(top.stdout).matchAll(/^ {2}([a-z0-9-]+) /gm)]
        .map((m) => m[1] as string)
        .filter((c) => c !== 'completion');
      expect(commands.sort()).toEqual(['completion2', 'help2', 'items']);
      const outputs = [top];
      for (const command of commands) {
        const group = await run([command, '--help']);
        outputs.push(group);
        const methods = [...section(group.stdout).matchAll(/^ {2}([a-z0-9-]+)\s/gm)].map((m) => m[1] as string);
        expect(methods.length).toBeGreaterThan(0);
        for (const method of methods) outputs.push(await run([command, method, '--help']));
      }
      for (const output of outputs) {
        expect(output.code).toBe(0);
        expect(output.stderr).toBe('');
        expect(output.stdout).not.toMatch(CONTROL);
      }
      const all = outputs.map((o) => o.stdout).join('\n');
      expect(all).toContain('Clears the screen: \\x1b[2J\\x1b[H and rewrites\\x0dthe line');
      expect(all).toContain('\\x1b]8;;http://evil.example\\x1b\\link');
      expect(all).toContain('\\u202e');
      // Shell-looking names became plain flags; the description text was printed, never run.
      expect(all).toContain('--na-me-touch-pwned3 <string>');
      expect(all).toContain('--body-help <string>');
      const dry = await run(['items', 'create', '--body-help', 'x', '--choice', '*/', '--dry-run']);
      expect(dry.code).toBe(0);
      expect(dry.stdout).toMatch(/"help": "x",\n {2}"choice": "\*\/"/);
      const bash = await run(['completion', 'bash']);
      writeFileSync(join(cwd, 'c.bash'), bash.stdout);
      execFileSync('bash', ['-c', `source ./c.bash; complete -p | grep -c hostile`], { cwd });
      expect(readdirSync(cwd)).toEqual(['c.bash']); // no PWNED-* file was created
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});
