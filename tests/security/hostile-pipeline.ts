// Shared by the hostile-corpus suites: runs every case of tests/fixtures/hostile/cases.ts through
// the pipeline's pure pieces in a worker thread with a per-case time limit (a hang is stopped and
// reported, not waited for), and the checks every artifact must pass whatever the description says:
// safe file paths (also inside the packed .tar.gz), and docs pages with no script, handler or
// script URL of the description's making.

import { gunzipSync } from 'node:zlib';
import { posix } from 'node:path';
import { Worker } from 'node:worker_threads';
import { extract } from 'tar-stream';
import ts from 'typescript';
import { HOSTILE_CASES } from '../fixtures/hostile/cases.ts';
import { packArtifact } from '../../workers/pipeline/pack-artifact.ts';
import { isSafeLink } from '../../workers/generators/docs/markdown.ts';
import { docsContentSecurityPolicy, safeOrigin } from '../../workers/generators/docs/index.ts';
import { tagsOf, DOCS_TAGS } from '../workers/generators/docs/helpers.ts';

export type GeneratorName = 'typescript' | 'python' | 'go' | 'cli' | 'mcp' | 'docs';

export interface GeneratedFile {
  path: string;
  content: string;
}

export interface CaseRequest {
  index: number;
  generators: GeneratorName[];
}

export interface CaseResult {
  index: number;
  name: string;
  diagnostics: { ruleId: string; severity: string; pointer: string; message: string }[];
  hasModel: boolean;
  starterConfigYaml?: string;
  /** Milliseconds of `analyze` and of each generator. */
  ms: Partial<Record<'analyze' | GeneratorName, number>>;
  files: Partial<Record<GeneratorName, GeneratedFile[]>>;
  /** A thrown error per phase (`analyze` or a generator): a crash. */
  crashes: Partial<Record<'analyze' | GeneratorName, string>>;
  docsSourceProblems?: string[];
  /** Set when the case did not finish within the limit (the thread was terminated). */
  hung?: boolean;
  /** The phase that was running when the case was stopped. */
  hungIn?: string;
}

/**
 * Runs every hostile case (analysis, then `generators`) in one worker thread, one case at a time;
 * a case over `perCaseMs` is marked `hung`, its thread terminated and a fresh one takes the rest.
 */
export async function generateAll(generators: GeneratorName[], perCaseMs: number): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  let worker: Worker | undefined;
  try {
    for (let index = 0; index < HOSTILE_CASES.length; index++) {
      // About the main thread's stack (V8's default ~1 MB, where the service runs the pipeline), not a
      // worker's default 4 MB: a recursion that overflows in the service must overflow here too.
      worker ??= new Worker(new URL('./hostile-generate-worker.ts', import.meta.url), {
        resourceLimits: { maxOldGenerationSizeMb: 2048, stackSizeMb: 1.2 },
      });
      const current = worker;
      let phase = 'start';
      const result = await new Promise<CaseResult | undefined>((resolve, reject) => {
        // The first case also pays for loading the generators in the thread.
        const timer = setTimeout(() => resolve(undefined), perCaseMs + (index === 0 ? 15_000 : 0));
        const done = (value: CaseResult | undefined, error?: Error): void => {
          clearTimeout(timer);
          current.off('message', onMessage);
          current.off('error', onError);
          current.off('exit', onExit);
          if (error) reject(error);
          else resolve(value);
        };
        const onMessage = (message: CaseResult | { index: number; phase: string }): void => {
          if ('phase' in message) phase = message.phase;
          else done(message);
        };
        const onError = (error: Error): void =>
          done({
            index,
            name: HOSTILE_CASES[index]!.name,
            diagnostics: [],
            hasModel: false,
            ms: {},
            files: {},
            crashes: { analyze: `worker error: ${error.message}` },
          });
        const onExit = (code: number): void =>
          done({
            index,
            name: HOSTILE_CASES[index]!.name,
            diagnostics: [],
            hasModel: false,
            ms: {},
            files: {},
            crashes: { analyze: `worker exited with ${code}` },
          });
        current.on('message', onMessage);
        current.on('error', onError);
        current.on('exit', onExit);
        current.postMessage({ index, generators } satisfies CaseRequest);
      });
      if (result === undefined) {
        results.push({
          index,
          name: HOSTILE_CASES[index]!.name,
          diagnostics: [],
          hasModel: false,
          ms: {},
          files: {},
          crashes: {},
          hung: true,
          hungIn: phase,
        });
        await current.terminate();
        worker = undefined;
      } else {
        results.push(result);
        if (result.crashes.analyze?.startsWith('worker ')) worker = undefined;
      }
    }
  } finally {
    await worker?.terminate();
  }
  return results;
}

/** Longest file-name segment most file systems accept (bytes). */
const NAME_MAX = 255;

/**
 * Why a generated file path is unsafe, or undefined: it must be relative, POSIX-normalized, free of
 * `.`/`..`/empty segments, backslashes, drive letters and control characters, and writable (each
 * segment at most NAME_MAX bytes).
 */
export function pathProblem(path: string): string | undefined {
  if (typeof path !== 'string' || path === '') return 'empty path';
  if (path.startsWith('/')) return 'absolute path';
  if (/^[A-Za-z]:/.test(path)) return 'drive-letter path';
  if (path.includes('\\')) return 'backslash in path';
  if (/[\u0000-\u001f\u007f]/.test(path)) return 'control character in path';
  const segments = path.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return 'empty, `.` or `..` segment';
  if (posix.normalize(path) !== path) return 'not normalized';
  const long = segments.find((s) => Buffer.byteLength(s, 'utf8') > NAME_MAX);
  if (long !== undefined) return `segment of ${Buffer.byteLength(long, 'utf8')} bytes (over ${NAME_MAX})`;
  return undefined;
}

/** Every path problem of a generated tree, including duplicates (one file would overwrite another). */
export function treeProblems(files: readonly GeneratedFile[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const file of files) {
    const problem = pathProblem(file.path);
    if (problem !== undefined) problems.push(`${JSON.stringify(file.path.slice(0, 120))}: ${problem}`);
    if (seen.has(file.path)) problems.push(`${JSON.stringify(file.path.slice(0, 120))}: duplicate path`);
    seen.add(file.path);
  }
  return problems;
}

/** The entries of a packed artifact as the worker stores it (pack-artifact.ts), with their tar types. */
export async function packedEntries(name: string, files: GeneratedFile[]): Promise<{ name: string; type: string }[]> {
  const packed = await packArtifact({ kind: 'docs', name, files });
  const entries: { name: string; type: string }[] = [];
  const tar = extract();
  const done = new Promise<void>((resolve, reject) => {
    tar.on('entry', (header, stream, next) => {
      entries.push({ name: header.name, type: header.type ?? 'file' });
      stream.on('end', () => next());
      stream.resume();
    });
    tar.on('finish', resolve);
    tar.on('error', reject);
  });
  tar.end(gunzipSync(packed.content));
  await done;
  return entries;
}

/** Identifiers in TypeScript code (not in strings or comments) that only an injection could put there. */
export const TS_CANARY_IDENTIFIERS = new Set(['__pwned']);

/** Canary identifiers that occur as code (AST identifiers) in a TypeScript file, with their positions. */
export function tsCanaryHits(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const hits: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) && TS_CANARY_IDENTIFIERS.has(node.text)) {
      const { line, character } = source.getLineAndCharacterOfPosition(node.getStart(source));
      hits.push(`${fileName}:${line + 1}:${character + 1} identifier ${node.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  // A file the parser had to recover from is a break-out too (tsc would also say so).
  const parseErrors = (source as unknown as { parseDiagnostics?: ts.Diagnostic[] }).parseDiagnostics ?? [];
  for (const d of parseErrors.slice(0, 3))
    hits.push(`${fileName}: syntax error ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
  return hits;
}

/**
 * Why a generated docs page is unsafe: a tag that is not well formed or not the generator's, any
 * `on*` or `style` attribute, a `<script>` other than `assets/site.js` (or with inline code), a
 * link or source whose scheme is not http(s), mailto or relative, or a missing strict CSP.
 */
export function docsPageProblems(label: string, path: string, html: string): string[] {
  const problems: string[] = [];
  let tags: ReturnType<typeof tagsOf>;
  try {
    tags = tagsOf(html);
  } catch (error) {
    return [`${label}/${path}: ${(error as Error).message}`];
  }
  const depth = path.split('/').length - 1;
  path = `${label}/${path}`;
  for (const tag of tags) {
    if (!DOCS_TAGS.has(tag.name)) problems.push(`${path}: <${tag.name}> is not a generator tag`);
    for (const [name, value] of tag.attrs) {
      if (name.startsWith('on')) problems.push(`${path}: <${tag.name} ${name}="${value.slice(0, 60)}">`);
      if (name === 'style' || name === 'srcdoc' || name === 'formaction' || name === 'action')
        problems.push(`${path}: <${tag.name} ${name}>`);
      if (['href', 'src', 'xlink:href', 'poster', 'data'].includes(name)) {
        if (tag.name === 'link' && tag.attrs.get('rel') === 'icon' && value === 'data:,') continue;
        if (!isSafeLink(value) || /^\s*(javascript|vbscript|data|file):/i.test(value))
          problems.push(`${path}: <${tag.name} ${name}="${value.slice(0, 80)}">`);
      }
    }
    if (tag.name === 'script' && !tag.closing && tag.attrs.get('src') !== `${'../'.repeat(depth)}assets/site.js`)
      problems.push(`${path}: <script src="${tag.attrs.get('src') ?? ''}">`);
    if (tag.name === 'meta' && tag.attrs.get('http-equiv')?.toLowerCase() === 'refresh')
      problems.push(`${path}: <meta http-equiv=refresh>`);
    if (tag.name === 'base') problems.push(`${path}: <base>`);
  }
  for (const match of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi))
    if ((match[1] ?? '').trim() !== '') problems.push(`${path}: inline script ${match[1]!.slice(0, 60)}`);
  const csp = tags
    .find((t) => t.name === 'meta' && t.attrs.get('http-equiv') === 'Content-Security-Policy')
    ?.attrs.get('content');
  // The policy is the fixed one with `connect-src 'self'` plus plain origins only (the API's servers).
  const connect = /; connect-src ([^;]*);/.exec(csp ?? '')?.[1]?.split(' ') ?? [];
  const origins = connect.filter((word) => word !== "'self'");
  if (connect[0] !== "'self'" || origins.some((o) => safeOrigin(o) !== o) || csp !== docsContentSecurityPolicy(origins))
    problems.push(`${path}: CSP is ${JSON.stringify(csp)}`);
  return problems;
}
