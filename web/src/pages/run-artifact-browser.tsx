import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useArtifacts } from '../artifacts.ts';
import { CodeView } from '../components/code-view.tsx';
import { Markdown } from '../components/markdown.tsx';
import { Empty, ErrorNote, Loading, NotFound } from '../components/ui.tsx';
import { bytes, kindLabel } from '../format.ts';
import { langOf } from '../highlight.ts';
import { useTRPC } from '../trpc.ts';

interface Node {
  name: string;
  path: string;
  children: Map<string, Node>;
  file?: { sizeBytes: number };
}

function buildTree(files: { path: string; sizeBytes: number }[]): Node {
  const root: Node = { name: '', path: '', children: new Map() };
  for (const f of files) {
    let node = root;
    const parts = f.path.split('/');
    parts.forEach((part, i) => {
      let child = node.children.get(part);
      if (!child)
        node.children.set(part, (child = { name: part, path: parts.slice(0, i + 1).join('/'), children: new Map() }));
      node = child;
    });
    node.file = { sizeBytes: f.sizeBytes };
  }
  return root;
}

function TreeNode({
  node,
  selected,
  onSelect,
  depth,
}: {
  node: Node;
  selected: string | undefined;
  onSelect: (path: string) => void;
  depth: number;
}) {
  const entries = [...node.children.values()].sort(
    (a, b) => Number(!!a.file) - Number(!!b.file) || a.name.localeCompare(b.name),
  );
  return (
    <ul role={depth === 0 ? 'tree' : 'group'} aria-label={depth === 0 ? 'Files' : undefined} className="tree">
      {entries.map((child) =>
        child.file ? (
          <li key={child.path} role="treeitem" aria-selected={selected === child.path}>
            <button
              type="button"
              className={`tree-file ${selected === child.path ? 'tree-on' : ''}`}
              onClick={() => onSelect(child.path)}
              title={`${child.path} · ${bytes(child.file.sizeBytes)}`}
            >
              {child.name}
            </button>
          </li>
        ) : (
          <li key={child.path} role="treeitem" aria-expanded="true" aria-selected={false}>
            <details
              open={(depth < 2 && !BUILT.test(`${child.path}/`)) || (selected?.startsWith(`${child.path}/`) ?? false)}
            >
              <summary className="tree-dir">{child.name}/</summary>
              <TreeNode node={child} selected={selected} onSelect={onSelect} depth={depth + 1} />
            </details>
          </li>
        ),
      )}
    </ul>
  );
}

/** Build outputs and installed dependencies: closed in the tree, never the file a browser opens on. */
const BUILT = /(^|\/)(dist|build|node_modules|__pycache__|\.venv)\//;

/** An artifact's file tree with the chosen file's source, highlighted, in the page. */
export function ArtifactBrowser({ runId }: { runId: string }) {
  const { artifactId = '' } = useParams();
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const artifacts = useArtifacts(runId);
  const artifact = artifacts.data?.artifacts.find((a) => a.id === artifactId);
  const tree = artifact?.mediaType === 'application/gzip';
  const files = useQuery({
    ...trpc.browse.files.queryOptions({ runId, artifactId }),
    enabled: !!artifact && tree,
    staleTime: Infinity,
  });
  const root = useMemo(() => buildTree(files.data?.files ?? []), [files.data]);
  const defaultFile = useMemo(() => {
    // The package's own README (the shallowest one), else its first source file: never a build output.
    const list = [...(files.data?.files ?? [])].sort(
      (a, b) => a.path.split('/').length - b.path.split('/').length || a.path.localeCompare(b.path),
    );
    const source = list.filter((f) => !BUILT.test(f.path));
    return (
      source.find((f) => /(^|\/)README\.md$/i.test(f.path)) ??
      source.find((f) => /\.(ts|py|go)$/.test(f.path)) ??
      source[0] ??
      list[0]
    )?.path;
  }, [files.data]);
  const selected = tree ? (params.get('file') ?? defaultFile) : undefined;
  const file = useQuery({
    ...trpc.browse.file.queryOptions({ runId, artifactId, ...(selected ? { path: selected } : {}) }),
    enabled: !!artifact && (!tree || !!selected),
    staleTime: Infinity,
  });

  if (artifacts.isPending) return <Loading />;
  if (artifacts.error) return <ErrorNote error={artifacts.error} />;
  if (!artifact) return <NotFound what="artifact" />;
  const shownPath = tree ? selected : artifact.name;

  return (
    <div className="browser">
      <div className="browser-head">
        <Link to={`/runs/${runId}/artifacts`} className="small">
          ← All artifacts
        </Link>
        <h2>
          {kindLabel(artifact.kind)} <span className="muted small mono">{artifact.name}</span>
        </h2>
      </div>
      <div className={tree ? 'browser-body' : 'browser-body browser-single'}>
        {tree ? (
          <nav className="browser-tree" aria-label="Artifact files">
            {files.isPending ? (
              <Loading />
            ) : files.error ? (
              <ErrorNote error={files.error} />
            ) : (
              <TreeNode node={root} selected={selected} onSelect={(path) => setParams({ file: path })} depth={0} />
            )}
          </nav>
        ) : null}
        <section className="browser-file" aria-label="File">
          {shownPath ? (
            <div className="file-bar mono small">
              {shownPath}
              {file.data ? <span className="muted"> · {bytes(file.data.sizeBytes)}</span> : null}
            </div>
          ) : null}
          {file.isPending && (!tree || selected) ? (
            <Loading label="Loading the file…" />
          ) : file.error ? (
            <ErrorNote error={file.error} />
          ) : !file.data ? (
            <Empty title="Choose a file">Pick a file in the tree to read its source here.</Empty>
          ) : file.data.text === null ? (
            <Empty title="Binary file">Download the artifact to get it ({bytes(file.data.sizeBytes)}).</Empty>
          ) : (
            <>
              {file.data.truncated ? (
                <p className="hint">Showing the first 512 kB; download the artifact for the whole file.</p>
              ) : null}
              {/\.(md|markdown)$/i.test(file.data.path) && !file.data.truncated ? (
                <>
                  <Markdown text={file.data.text} label={`${file.data.path}, rendered`} />
                  <details className="source-toggle">
                    <summary>Markdown source</summary>
                    <CodeView
                      label={`Source of ${file.data.path}`}
                      code={file.data.text}
                      lang={langOf(file.data.path)}
                    />
                  </details>
                </>
              ) : (
                <CodeView
                  label={`Source of ${file.data.path}`}
                  code={prettyJson(file.data.text, file.data.path)}
                  lang={langOf(file.data.path) ?? (artifact.mediaType === 'application/json' ? 'json' : undefined)}
                />
              )}
            </>
          )}
        </section>
      </div>
    </div>
  );
}

function prettyJson(text: string, path: string): string {
  if (!/\.json$|^validation-report|^compat/.test(path) || text.length > 2_000_000) return text;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
