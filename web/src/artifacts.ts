import { useQuery } from '@tanstack/react-query';
import { useTRPC } from './trpc.ts';

export function useArtifacts(runId: string) {
  const trpc = useTRPC();
  return useQuery(trpc.runs.artifacts.queryOptions({ runId }));
}

/** A JSON artifact of a run (validation report, compatibility diff), parsed; undefined while absent. */
export function useArtifactDocument<T>(runId: string, kind: 'validation_report' | 'compat_diff') {
  const trpc = useTRPC();
  const artifacts = useArtifacts(runId);
  const artifact = artifacts.data?.artifacts.find((a) => a.kind === kind);
  // A report is either a JSON document or a .tar.gz holding one (compat-diff.json beside its Markdown).
  const packed = artifact?.mediaType === 'application/gzip';
  const files = useQuery({
    ...trpc.browse.files.queryOptions({ runId, artifactId: artifact?.id ?? '' }),
    enabled: packed,
    staleTime: Infinity,
  });
  const jsonPath = files.data?.files.find((f) => f.path.endsWith('.json'))?.path;
  const file = useQuery({
    ...trpc.browse.file.queryOptions({
      runId,
      artifactId: artifact?.id ?? '',
      ...(packed && jsonPath ? { path: jsonPath } : {}),
    }),
    enabled: !!artifact && (!packed || !!jsonPath),
    staleTime: Infinity,
  });
  let document: T | undefined;
  if (file.data?.text) document = JSON.parse(file.data.text) as T;
  return {
    artifacts,
    artifact,
    file,
    document,
    pending:
      artifacts.isPending || (packed && files.isPending) || (!!artifact && (!packed || !!jsonPath) && file.isPending),
    error: artifacts.error ?? files.error ?? file.error,
  };
}

/** Saves an artifact through the session (the REST download takes bearer tokens only). */
export async function saveArtifact(
  fetchContent: () => Promise<{ name: string; mediaType: string; base64: string }>,
): Promise<void> {
  const content = await fetchContent();
  const binary = atob(content.base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  const url = URL.createObjectURL(new Blob([bytes], { type: content.mediaType }));
  const a = document.createElement('a');
  a.href = url;
  a.download =
    content.mediaType === 'application/gzip' && !content.name.endsWith('.tar.gz')
      ? `${content.name}.tar.gz`
      : content.name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
