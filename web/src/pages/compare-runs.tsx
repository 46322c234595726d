import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { parse } from 'yaml';
import { Diff } from '../components/merge-view.tsx';
import { Badge, Card, Empty, ErrorNote, Loading, Page } from '../components/ui.tsx';
import { bytes, when } from '../format.ts';
import { useTRPC } from '../trpc.ts';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** The operations of a description (`GET /pets` → its operationId), read as data; empty when it does not parse. */
function operationsOf(text: string | undefined): Map<string, string> {
  const found = new Map<string, string>();
  if (!text) return found;
  let doc: unknown;
  try {
    doc = parse(text, { maxAliasCount: 100 });
  } catch {
    return found;
  }
  const paths = (doc as { paths?: Record<string, Record<string, { operationId?: unknown }>> } | null)?.paths;
  if (!paths || typeof paths !== 'object') return found;
  for (const [path, item] of Object.entries(paths)) {
    if (!item || typeof item !== 'object') continue;
    for (const method of METHODS) {
      const op = item[method];
      if (op && typeof op === 'object')
        found.set(`${method.toUpperCase()} ${path}`, typeof op.operationId === 'string' ? op.operationId : '');
    }
  }
  return found;
}

/**
 * Two runs of one project side by side: their verdicts, what changed in the description (a code
 * diff), in its operations, and in the generated TypeScript SDK's files (each changed file as a
 * code diff). The runs are numbered as versions, oldest first.
 */
export function CompareRuns() {
  const { projectId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const trpc = useTRPC();
  const project = useQuery(trpc.projects.get.queryOptions({ projectId }));
  const runs = useQuery(trpc.projects.runs.queryOptions({ projectId, limit: 100 }));
  const ordered = useMemo(
    () => [...(runs.data?.runs ?? [])].sort((x, y) => x.createdAt.localeCompare(y.createdAt)),
    [runs.data],
  );
  const a = params.get('a') ?? ordered.at(-2)?.id ?? '';
  const b = params.get('b') ?? ordered.at(-1)?.id ?? '';
  const version = (id: string) => ordered.findIndex((r) => r.id === id) + 1;
  const inputA = useQuery({ ...trpc.browse.input.queryOptions({ runId: a }), enabled: !!a });
  const inputB = useQuery({ ...trpc.browse.input.queryOptions({ runId: b }), enabled: !!b });
  const opsA = useMemo(() => operationsOf(inputA.data?.text), [inputA.data]);
  const opsB = useMemo(() => operationsOf(inputB.data?.text), [inputB.data]);
  const choose = (which: 'a' | 'b', id: string) => {
    const next = new URLSearchParams(params);
    next.set('a', which === 'a' ? id : a);
    next.set('b', which === 'b' ? id : b);
    next.delete('file');
    setParams(next);
  };

  const picker = (which: 'a' | 'b', label: string) => (
    <label className="inline-field">
      <span>{label}</span>
      <select value={which === 'a' ? a : b} onChange={(e) => choose(which, e.target.value)}>
        {ordered.map((r, i) => (
          <option key={r.id} value={r.id}>
            Version {i + 1} · run {r.id.slice(-6)} · {r.verdict ? r.verdict.replace(/_/g, ' ') : r.status} ·{' '}
            {when(r.createdAt)}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <Page
      crumbs={
        <>
          <Link to="/">Projects</Link>
          <span aria-hidden="true"> / </span>
          <Link to={`/projects/${projectId}`}>{project.data?.project.name ?? 'Project'}</Link>
        </>
      }
      title="Compare runs"
      subtitle="Pick two runs of this project: what changed in the description, its operations, and the generated SDK."
    >
      {runs.isPending ? (
        <Loading />
      ) : runs.error ? (
        <ErrorNote error={runs.error} />
      ) : ordered.length < 2 ? (
        <Empty title="One run so far">Start another report on this project to compare two versions.</Empty>
      ) : (
        <div className="stack">
          <div className="toolbar">
            {picker('a', 'Older')}
            {picker('b', 'Newer')}
          </div>
          <div className="stats">
            {[a, b].map((id) => {
              const r = ordered.find((x) => x.id === id);
              return r ? (
                <div className="stat" key={id}>
                  <span className="stat-label">
                    Version {version(id)} · <Link to={`/runs/${id}`}>run {id.slice(-6)}</Link>
                  </span>
                  <span className="stat-value">
                    <Badge value={r.status} /> {r.verdict ? <Badge value={r.verdict} /> : null}
                  </span>
                </div>
              ) : null;
            })}
          </div>
          <Card title="Operations">
            <OperationChanges a={opsA} b={opsB} />
          </Card>
          <Card title="Description">
            {inputA.error || inputB.error ? (
              <ErrorNote error={inputA.error ?? inputB.error} />
            ) : !inputA.data || !inputB.data ? (
              <Loading label="Loading both descriptions…" />
            ) : inputA.data.text === inputB.data.text ? (
              <p className="muted">The two runs have the same description.</p>
            ) : (
              <Diff
                a={inputA.data.text}
                b={inputB.data.text}
                language={inputB.data.language}
                label={`Description: version ${version(a)} against version ${version(b)}`}
              />
            )}
          </Card>
          <SdkFiles a={a} b={b} />
        </div>
      )}
    </Page>
  );
}

function OperationChanges({ a, b }: { a: Map<string, string>; b: Map<string, string> }) {
  const removed = [...a.keys()].filter((k) => !b.has(k));
  const added = [...b.keys()].filter((k) => !a.has(k));
  const renamed = [...a.keys()].filter((k) => b.has(k) && a.get(k) !== b.get(k));
  const kept = [...a.keys()].filter((k) => b.has(k) && a.get(k) === b.get(k)).length;
  if (removed.length + added.length + renamed.length === 0)
    return <p className="muted">The same {kept} operations, under the same names.</p>;
  return (
    <>
      <ul className="surface" aria-label="Operation changes">
        {removed.map((k) => (
          <li key={`r-${k}`}>
            <Badge value="failed" label="Removed" /> <code>{k}</code> {a.get(k) ? <code>{a.get(k)}</code> : null}
          </li>
        ))}
        {renamed.map((k) => (
          <li key={`n-${k}`}>
            <Badge value="warning" label="Renamed" /> <code>{k}</code>: <code>{a.get(k) || '(none)'}</code> →{' '}
            <code>{b.get(k) || '(none)'}</code>
          </li>
        ))}
        {added.map((k) => (
          <li key={`a-${k}`}>
            <Badge value="generated" label="Added" /> <code>{k}</code> {b.get(k) ? <code>{b.get(k)}</code> : null}
          </li>
        ))}
      </ul>
      <p className="muted small">{kept} other operations are unchanged.</p>
    </>
  );
}

/** The TypeScript SDK of each run, file by file: added, removed, changed in size; a chosen file as a diff. */
function SdkFiles({ a, b }: { a: string; b: string }) {
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const artifactsA = useQuery(trpc.runs.artifacts.queryOptions({ runId: a }));
  const artifactsB = useQuery(trpc.runs.artifacts.queryOptions({ runId: b }));
  const sdkA = artifactsA.data?.artifacts.find((x) => x.kind === 'typescript_sdk');
  const sdkB = artifactsB.data?.artifacts.find((x) => x.kind === 'typescript_sdk');
  const filesA = useQuery({
    ...trpc.browse.files.queryOptions({ runId: a, artifactId: sdkA?.id ?? '' }),
    enabled: !!sdkA,
    staleTime: Infinity,
  });
  const filesB = useQuery({
    ...trpc.browse.files.queryOptions({ runId: b, artifactId: sdkB?.id ?? '' }),
    enabled: !!sdkB,
    staleTime: Infinity,
  });
  const file = params.get('file') ?? '';
  const fileA = useQuery({
    ...trpc.browse.file.queryOptions({ runId: a, artifactId: sdkA?.id ?? '', path: file }),
    enabled: !!sdkA && !!file,
    staleTime: Infinity,
  });
  const fileB = useQuery({
    ...trpc.browse.file.queryOptions({ runId: b, artifactId: sdkB?.id ?? '', path: file }),
    enabled: !!sdkB && !!file,
    staleTime: Infinity,
  });
  if (!sdkA || !sdkB)
    return (
      <Card title="Generated TypeScript SDK">
        <p className="muted">One of the runs has no TypeScript SDK to compare.</p>
      </Card>
    );
  if (!filesA.data || !filesB.data)
    return (
      <Card title="Generated TypeScript SDK">
        <Loading label="Loading both file lists…" />
      </Card>
    );
  // Sources only: the built dist/ follows from them.
  const source = (f: { path: string }) => !/(^|\/)(dist|node_modules)\//.test(f.path);
  const mapA = new Map(filesA.data.files.filter(source).map((f) => [f.path, f.sizeBytes]));
  const mapB = new Map(filesB.data.files.filter(source).map((f) => [f.path, f.sizeBytes]));
  const rows = [...new Set([...mapA.keys(), ...mapB.keys()])]
    .sort()
    .map((path) => {
      const sa = mapA.get(path);
      const sb = mapB.get(path);
      const change = sa === undefined ? 'added' : sb === undefined ? 'removed' : sa !== sb ? 'changed' : 'same';
      return { path, sa, sb, change };
    })
    .filter((r) => r.change !== 'same');
  const open = (path: string) => {
    const next = new URLSearchParams(params);
    next.set('file', path);
    setParams(next);
  };
  return (
    <Card title="Generated TypeScript SDK">
      {rows.length === 0 ? (
        <p className="muted">No source file of the SDK changed in size.</p>
      ) : (
        <ul className="surface" aria-label="Changed SDK files">
          {rows.map((r) => (
            <li key={r.path}>
              <Badge
                value={r.change === 'removed' ? 'failed' : r.change === 'added' ? 'generated' : 'warning'}
                label={r.change === 'changed' ? 'Changed' : r.change === 'added' ? 'Added' : 'Removed'}
              />{' '}
              <button type="button" className="link-button mono small" onClick={() => open(r.path)}>
                {r.path}
              </button>{' '}
              <span className="muted small">
                {r.sa !== undefined ? bytes(r.sa) : '—'} → {r.sb !== undefined ? bytes(r.sb) : '—'}
              </span>
            </li>
          ))}
        </ul>
      )}
      {file ? (
        fileA.isFetching || fileB.isFetching ? (
          <Loading label="Loading the file of both runs…" />
        ) : (
          <>
            <h3 className="small mono">{file}</h3>
            <Diff
              a={fileA.data?.text ?? ''}
              b={fileB.data?.text ?? ''}
              language={file.endsWith('.json') ? 'json' : undefined}
              label={`${file}: older against newer`}
            />
          </>
        )
      ) : null}
    </Card>
  );
}
