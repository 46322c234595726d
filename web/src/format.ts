/** Display helpers: sizes, dates, durations, and words for the service's enums. */

export function bytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} kB`;
  return `${(n / 1024 / 1024).toFixed(n < 10 * 1024 * 1024 ? 1 : 0)} MB`;
}

export function when(iso: string | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  const diff = Date.now() - date.getTime();
  if (diff >= 0 && diff < 60_000) return 'just now';
  if (diff >= 0 && diff < 3_600_000) return `${Math.round(diff / 60_000)} min ago`;
  if (diff >= 0 && diff < 86_400_000) return `${Math.round(diff / 3_600_000)} h ago`;
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function duration(ms: number | undefined): string {
  if (ms === undefined) return '';
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

export function words(value: string): string {
  const text = value
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const VERDICTS: Record<string, string> = {
  ready: 'Ready: the description is sound and every deliverable was built and checked. You can publish.',
  generated: 'Generated: the deliverables were built.',
  needs_review:
    'Needs review: something changes what the generated SDKs do (a warning such as a name collision or an unsupported construct, a breaking change against the earlier description, or a step that did not pass). Style warnings alone do not hold a run back.',
  not_ready:
    'Not ready: the description has errors. The report lists them with their place in the file; fix them and start a new report.',
  needs_setup:
    'Needs setup: the run cannot go on without more configuration (for example, a partner config that lacks what it needs).',
  needs_worker:
    'Waiting for a worker: no report worker has been seen alive. Start one (npm start runs one by default).',
  queued: 'Queued: the run is waiting for a worker to pick it up.',
  failed:
    'Failed: an internal fault that retries did not cure. Retry the run; if it fails again, the step below says where.',
  canceled: 'Canceled: someone stopped this run. Retry it to run it again with the same inputs.',
};

export function explainVerdict(verdict: string | undefined): string {
  return VERDICTS[verdict ?? 'queued'] ?? words(verdict ?? '');
}

const STEP_LABELS: Record<string, string> = {
  validate: 'Validate description',
  typescript_sdk: 'TypeScript SDK',
  python_sdk: 'Python SDK',
  go_sdk: 'Go SDK',
  cli: 'Command-line tool',
  mcp_server: 'MCP server',
  docs: 'Reference docs',
  compat_diff: 'Compatibility diff',
  wire_tests: 'Wire tests',
};
export const stepLabel = (name: string) => STEP_LABELS[name] ?? words(name);

const KIND_LABELS: Record<string, string> = {
  validation_report: 'Validation report',
  starter_config: 'Starter config',
  typescript_sdk: 'TypeScript SDK',
  python_sdk: 'Python SDK',
  go_sdk: 'Go SDK',
  cli: 'CLI',
  mcp_server: 'MCP server',
  docs: 'Docs site',
  compat_diff: 'Compatibility diff',
  wire_tests: 'Wire tests',
};
export const kindLabel = (kind: string) => KIND_LABELS[kind] ?? words(kind);

/** Where each kind sits in a run's artifact list: the report, the SDKs by language, then the rest. */
const KIND_ORDER = Object.keys(KIND_LABELS);
export const kindRank = (kind: string) => {
  const at = KIND_ORDER.indexOf(kind);
  return at === -1 ? KIND_ORDER.length : at;
};

/** A short mark for an artifact's language or kind, shown before its name (TS, PY, GO…). */
const KIND_MARKS: Record<string, string> = {
  typescript_sdk: 'TS',
  python_sdk: 'PY',
  go_sdk: 'GO',
  cli: 'CLI',
  mcp_server: 'MCP',
  docs: 'DOC',
};
export const kindMark = (kind: string) => KIND_MARKS[kind];

/** `1 error`, `2 errors`: a count with its noun, singular or plural. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * A step's summary as the service writes it for API clients, in the app's words: request paths
 * and field names become what to do here, and counts agree with their nouns ("1 errors").
 */
export function readable(text: string): string {
  return text
    .replace(
      /;?\s*publish with POST \/api\/runs\/\{runId\}\/docs-preview\/publish/g,
      '; publish it from the Artifacts tab',
    )
    .replace(/send oldSdkText/g, 'add the SDK you ship today as the old SDK')
    .replace(/\boldSdkText\b/g, 'the old SDK')
    .replace(/\bdocsSourceText\b/g, 'the docs source')
    .replace(/\bconfigText\b/g, 'the config')
    .replace(/\b(1) (error|warning|note|file|page|method|change)s\b/g, '$1 $2')
    .replace(/\bneeds_review\b/g, 'needs review')
    .replace(/\bnot_ready\b/g, 'not ready');
}

const COUNT_LABELS: Record<string, string> = {
  errors: 'Errors',
  warnings: 'Warnings',
  infos: 'Notes',
  review: 'To review',
  style: 'Style',
  places: 'Places',
  files: 'Files',
  notApplicable: 'Not applicable',
};

/** A step count as a label and a value: `compileMs` 22219 → "Compile time", "22.2 s". */
export function countEntry(key: string, value: number): [string, string] {
  if (/Ms$/.test(key)) return [`${words(key.slice(0, -2))} time`, duration(value)];
  if (/Bytes$/.test(key)) return [words(key.slice(0, -5)), bytes(value)];
  return [COUNT_LABELS[key] ?? words(key), String(value)];
}

export interface VerdictStep {
  name: string;
  status: string;
  summary?: string | undefined;
  counts?: Record<string, number> | undefined;
}

/**
 * Why this run needs review, from its own steps (the rules of workers/pipeline/verdict.ts): its
 * warnings that change the SDKs, its breaking changes, your code merged with conflicts, its steps
 * that did not pass. Only the causes that apply, each with where to look.
 */
export function reviewReasons(steps: readonly VerdictStep[]): { text: string; tab?: string }[] {
  const reasons: { text: string; tab?: string }[] = [];
  const validate = steps.find((s) => s.name === 'validate');
  const review = validate?.counts?.review ?? validate?.counts?.warnings ?? 0;
  if (review > 0)
    reasons.push({
      text: `${plural(review, 'warning')} that ${review === 1 ? 'changes' : 'change'} what the SDKs do.`,
      tab: 'diagnostics',
    });
  const compat = steps.find((s) => s.name === 'compat_diff')?.counts;
  const breaking = (compat?.breaking ?? 0) + (compat?.removed ?? 0) + (compat?.changed ?? 0);
  if (breaking > 0)
    reasons.push({
      text: `${plural(breaking, 'breaking change')} against the earlier description or SDK.`,
      tab: 'compat',
    });
  for (const s of steps) {
    const conflicts = s.counts?.customConflicts ?? 0;
    if (conflicts > 0)
      reasons.push({
        text: `${stepLabel(s.name)}: ${plural(conflicts, 'file')} of your code merged with conflicts (marked in the files); see "Your code" below.`,
      });
  }
  for (const s of steps) {
    if (s.status === 'passed' || (s.status === 'skipped' && s.counts?.notApplicable === 1)) continue;
    if (s.status === 'pending' || s.status === 'running') continue;
    reasons.push({
      text: `${stepLabel(s.name)} ${s.status === 'failed' ? 'failed' : 'was skipped'}${s.summary ? `: ${readable(s.summary)}` : '.'}`,
    });
  }
  return reasons;
}
