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
