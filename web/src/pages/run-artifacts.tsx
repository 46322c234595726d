import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { saveArtifact, useArtifacts } from '../artifacts.ts';
import { Card, CopyButton, Empty, ErrorNote, Loading } from '../components/ui.tsx';
import { bytes, kindLabel, kindMark, kindRank, when } from '../format.ts';
import { useCan } from '../session.tsx';
import { useTRPC, useTRPCClient } from '../trpc.ts';

const TREES = new Set(['typescript_sdk', 'python_sdk', 'go_sdk', 'cli', 'mcp_server', 'docs', 'wire_tests']);

export function Artifacts({ runId }: { runId: string }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const can = useCan();
  const queryClient = useQueryClient();
  const artifacts = useArtifacts(runId);
  const [downloadError, setDownloadError] = useState<unknown>();
  const [saving, setSaving] = useState<string | undefined>();
  const preview = useMutation(
    trpc.publishing.docsPreview.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.browse.publishing.queryKey({ runId }) }),
    }),
  );

  if (artifacts.isPending) return <Loading label="Loading artifacts…" />;
  if (artifacts.error) return <ErrorNote error={artifacts.error} />;
  const rows = [...artifacts.data.artifacts].sort((a, b) => kindRank(a.kind) - kindRank(b.kind));
  if (rows.length === 0)
    return (
      <Empty title="No artifacts yet">
        Each step adds its deliverable here when it finishes; if the run failed or was canceled, retry it from the top
        of this page.
      </Empty>
    );
  const hasDocs = rows.some((a) => a.kind === 'docs');

  return (
    <div className="stack">
      {hasDocs ? (
        <Card
          title="Docs preview"
          actions={
            can('artifacts:write') ? (
              <button
                type="button"
                className="button button-primary"
                onClick={() => preview.mutate({ runId })}
                disabled={preview.isPending}
              >
                {preview.isPending ? 'Publishing…' : 'Publish docs preview'}
              </button>
            ) : null
          }
        >
          <p className="muted small">
            A private, unlisted link to this run's reference docs (noindex), until the artifacts expire.
          </p>
          <ErrorNote error={preview.error} />
          {preview.data ? (
            <div className="share">
              <a
                href={preview.data.publication.url}
                target="_blank"
                rel="noreferrer noopener"
                className="mono break"
                data-testid="preview-url"
              >
                {preview.data.publication.url}
              </a>
              <CopyButton text={preview.data.publication.url} label="Copy URL" />
              {preview.data.publication.expiresAt ? (
                <span className="muted small">expires {when(preview.data.publication.expiresAt)}</span>
              ) : null}
            </div>
          ) : null}
        </Card>
      ) : null}
      <ErrorNote error={downloadError} title="Download failed" />
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Artifact</th>
              <th scope="col">Kind</th>
              <th scope="col" className="num">
                Size
              </th>
              <th scope="col" className="num">
                Files
              </th>
              <th scope="col">Expires</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((a) => (
              <tr key={a.id}>
                <td className="mono">{a.name}</td>
                <td>
                  {kindMark(a.kind) ? (
                    <span className={`kind-mark kind-${a.kind}`} aria-hidden="true">
                      {kindMark(a.kind)}
                    </span>
                  ) : null}
                  {kindLabel(a.kind)}
                </td>
                <td className="num">{bytes(a.sizeBytes)}</td>
                <td className="num">{a.fileCount}</td>
                <td className="muted">{a.expiresAt ? new Date(a.expiresAt).toLocaleDateString() : '—'}</td>
                <td className="actions">
                  {TREES.has(a.kind) || a.mediaType !== 'application/gzip' ? (
                    <Link
                      className="button button-small"
                      to={`/runs/${runId}/artifacts/${a.id}`}
                      aria-label={`Browse ${kindLabel(a.kind)}`}
                    >
                      Browse
                    </Link>
                  ) : null}
                  <button
                    type="button"
                    className="button button-small"
                    aria-label={`Download ${a.name}`}
                    disabled={saving === a.id}
                    onClick={async () => {
                      setDownloadError(undefined);
                      setSaving(a.id);
                      try {
                        await saveArtifact(() => client.browse.content.query({ runId, artifactId: a.id }));
                      } catch (error) {
                        setDownloadError(error);
                      } finally {
                        setSaving(undefined);
                      }
                    }}
                  >
                    {saving === a.id ? 'Preparing…' : 'Download'}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
