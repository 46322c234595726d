import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type DragEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Card, ErrorNote, Field, Page } from '../components/ui.tsx';
import { bytes, plural } from '../format.ts';
import { SAMPLE_DESCRIPTION } from '../sample.ts';
import { useCan } from '../session.tsx';
import { useTRPC } from '../trpc.ts';

const MODES = [
  { value: 'flagship', label: 'Flagship', hint: 'Our SDKs from your description (and our config, if you have one).' },
  {
    value: 'partner_compatible',
    label: 'Partner compatible',
    hint: "Keep the method names of another vendor's config (e.g. stainless.yml). Needs the config.",
  },
  {
    value: 'partner_migration',
    label: 'Partner migration',
    hint: 'As compatible, plus a diff against the SDK you ship today. Needs the config; send the old SDK.',
  },
] as const;
type Mode = (typeof MODES)[number]['value'];

interface Picked {
  name: string;
  /** How the hint names it, when not by `name`. */
  shown?: string;
  text: string;
  size: number;
}

async function readFile(file: File): Promise<Picked> {
  return { name: file.name, text: await file.text(), size: file.size };
}

/** Files of an old SDK, joined in the documented format: a `// File:` (or `# File:`) line before each. */
async function joinSdkFiles(files: File[]): Promise<Picked> {
  const wanted = files.filter(
    (f) =>
      /\.(ts|mts|cts|py)$/.test(f.name) &&
      !/(^|\/)(node_modules|dist|build|__pycache__)\//.test(f.webkitRelativePath || f.name),
  );
  wanted.sort((a, b) => (a.webkitRelativePath || a.name).localeCompare(b.webkitRelativePath || b.name));
  const parts: string[] = [];
  for (const f of wanted) {
    const path = f.webkitRelativePath || f.name;
    parts.push(`${f.name.endsWith('.py') ? '#' : '//'} File: ${path}\n${await f.text()}`);
  }
  const text = parts.join('\n');
  // The hint says which of the chosen files were used, so it agrees with the browser's own count.
  const used =
    wanted.length === files.length
      ? plural(wanted.length, 'file')
      : `${wanted.length} of ${plural(files.length, 'file')} (the .ts and .py files outside node_modules, dist and build)`;
  return { name: plural(wanted.length, 'file'), text, size: new Blob([text]).size, shown: used };
}

function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

export function NewReport() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const can = useCan();
  const [params] = useSearchParams();
  const sample = params.get('sample') === '1';
  const limits = useQuery(trpc.session.limits.queryOptions());
  // Every project a report can go to: new ones (`created`) and those with runs (`active`), not archived ones.
  const projects = useQuery(trpc.projects.list.queryOptions({ limit: 100 }));
  const choosable = projects.data?.projects.filter((p) => p.status !== 'archived') ?? [];
  const [projectId, setProjectId] = useState(params.get('projectId') ?? '');
  const [projectName, setProjectName] = useState(sample ? 'Sample: Pet shelter' : '');
  const [mode, setMode] = useState<Mode>('flagship');
  const [source, setSource] = useState<'file' | 'paste'>(sample ? 'paste' : 'file');
  const [description, setDescription] = useState<Picked | undefined>();
  const [pasted, setPasted] = useState(sample ? SAMPLE_DESCRIPTION : '');
  const [config, setConfig] = useState<Picked | undefined>();
  const [oldSdk, setOldSdk] = useState<Picked | undefined>();
  const [docs, setDocs] = useState<Picked | undefined>();
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  // One key per filled-in form: a double click or a retry after a lost answer starts one run.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const start = useMutation(
    trpc.reports.start.mutationOptions({
      trpc: { context: { headers: { 'Idempotency-Key': idempotencyKey } } },
      onSuccess: (result) => navigate(`/runs/${result.run.id}`),
    }),
  );

  const l = limits.data;
  const openapiText = source === 'file' ? (description?.text ?? '') : pasted;
  const chooseConfig = (picked: Picked | undefined) => {
    setConfig(picked);
    if (picked) setProblem(undefined);
  };
  const tooBig = (picked: Picked | undefined, limit: number | undefined) => !!picked && !!limit && picked.size > limit;

  const onDrop = async (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) {
      setDescription(await readFile(file));
      setProblem(undefined);
    }
  };

  const submit = () => {
    setProblem(undefined);
    if (!openapiText.trim()) return setProblem('Choose or paste an OpenAPI description first.');
    if (mode !== 'flagship' && !config)
      return setProblem('This mode needs the partner config (for example stainless.yml).');
    if (l && new Blob([openapiText]).size > l.openapiBytes)
      return setProblem(`The description is over the ${bytes(l.openapiBytes)} limit.`);
    if (tooBig(config, l?.configBytes) || tooBig(oldSdk, l?.oldSdkBytes) || tooBig(docs, l?.docsSourceBytes))
      return setProblem('A file is over its size limit (shown beside it).');
    start.mutate({
      mode,
      ...(projectId ? { projectId } : projectName.trim() ? { projectName: projectName.trim() } : {}),
      openapiText,
      ...(source === 'file' && description ? { openapiFileName: description.name } : {}),
      ...(config ? { configText: config.text, configFileName: config.name } : {}),
      ...(oldSdk ? { oldSdkText: oldSdk.text, oldSdkFileName: oldSdk.name } : {}),
      ...(docs ? { docsSourceText: docs.text, docsSourceFileName: docs.name } : {}),
    });
  };

  // The config: optional in flagship mode (under "Optional inputs"); required by the partner modes,
  // so it sits with the mode that asks for it.
  const configField = (
    <Field
      label={mode === 'flagship' ? 'Config (flagship YAML)' : 'Partner config (stainless.yml), required'}
      hint={
        <>
          {mode === 'flagship' ? '' : 'The config the other vendor generates from; its method names are kept. '}
          Limit: {l ? bytes(l.configBytes) : '…'}.{config ? ` Chosen: ${config.name} · ${bytes(config.size)}` : ''}
        </>
      }
    >
      {(id, hintId) => (
        <input
          id={id}
          aria-describedby={hintId}
          aria-required={mode !== 'flagship'}
          type="file"
          accept=".yaml,.yml,.json"
          onChange={async (e) => {
            const f = e.target.files?.[0];
            chooseConfig(f ? await readFile(f) : undefined);
          }}
        />
      )}
    </Field>
  );
  const chosenProject = choosable.find((p) => p.id === projectId);

  if (!can('runs:write')) {
    return (
      <Page title="New report">
        <div className="alert alert-info" role="note">
          Your role cannot start reports. Ask an owner or admin for the editor role.
        </div>
      </Page>
    );
  }

  return (
    <Page
      title="New report"
      subtitle={
        chosenProject
          ? `A new run of ${chosenProject.name}: validate its description and build its SDKs, CLI and docs.`
          : 'Validate an OpenAPI description and build its SDKs, CLI and docs in one run.'
      }
    >
      <form
        className="form-grid"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        onChange={() => {
          // Any edit makes it a different report: a new key.
          if (!start.isPending) setIdempotencyKey(newIdempotencyKey());
        }}
      >
        <Card title="Description">
          <div className="segmented" role="radiogroup" aria-label="How to provide the description">
            <label className={source === 'file' ? 'on' : ''}>
              <input type="radio" name="source" checked={source === 'file'} onChange={() => setSource('file')} /> Upload
              a file
            </label>
            <label className={source === 'paste' ? 'on' : ''}>
              <input type="radio" name="source" checked={source === 'paste'} onChange={() => setSource('paste')} />{' '}
              Paste text
            </label>
          </div>
          {pasted !== SAMPLE_DESCRIPTION ? (
            <button
              type="button"
              className="button button-ghost button-small"
              onClick={() => {
                setSource('paste');
                setPasted(SAMPLE_DESCRIPTION);
                setProblem(undefined);
              }}
            >
              No description at hand? Use a sample
            </button>
          ) : null}
          {source === 'file' ? (
            <div
              className={`dropzone ${dragging ? 'dropzone-on' : ''}`}
              onDragOver={(e) => {
                e.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
            >
              <Field
                label="OpenAPI description"
                hint={
                  <>YAML or JSON, OpenAPI 3.x; drop it here or choose it. Limit: {l ? bytes(l.openapiBytes) : '…'}.</>
                }
              >
                {(id, hintId) => (
                  <input
                    id={id}
                    aria-describedby={hintId}
                    type="file"
                    accept=".yaml,.yml,.json,application/json,application/yaml,text/yaml"
                    onChange={async (e) => {
                      const f = e.target.files?.[0];
                      setDescription(f ? await readFile(f) : undefined);
                      if (f) setProblem(undefined);
                    }}
                  />
                )}
              </Field>
              {description ? (
                <p className={tooBig(description, l?.openapiBytes) ? 'hint hint-error' : 'hint'}>
                  {description.name} · {bytes(description.size)}
                </p>
              ) : null}
            </div>
          ) : (
            <Field
              label="Paste the description"
              hint={
                <>
                  YAML or JSON. Limit: {l ? bytes(l.openapiBytes) : '…'}.{' '}
                  {pasted === SAMPLE_DESCRIPTION ? 'This is a sample API to try the service on.' : ''}
                </>
              }
            >
              {(id, hintId) => (
                <textarea
                  id={id}
                  aria-describedby={hintId}
                  rows={12}
                  className="mono"
                  value={pasted}
                  onChange={(e) => setPasted(e.target.value)}
                  spellCheck={false}
                  placeholder={'openapi: 3.1.0\ninfo:\n  title: …'}
                />
              )}
            </Field>
          )}
        </Card>

        <Card title="Project and mode">
          <Field label="Project">
            {(id) => (
              <select id={id} value={projectId} onChange={(e) => setProjectId(e.target.value)}>
                <option value="">A new project</option>
                {choosable.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {!projectId ? (
            <Field label="New project name" hint="Optional: the description's title is used otherwise.">
              {(id, hintId) => (
                <input
                  id={id}
                  aria-describedby={hintId}
                  value={projectName}
                  onChange={(e) => setProjectName(e.target.value)}
                />
              )}
            </Field>
          ) : null}
          <fieldset className="modes">
            <legend>Mode</legend>
            {MODES.map((m) => (
              <label key={m.value} className={`mode ${mode === m.value ? 'mode-on' : ''}`}>
                <input
                  type="radio"
                  name="mode"
                  value={m.value}
                  checked={mode === m.value}
                  onChange={() => setMode(m.value)}
                />
                <span>
                  <strong>{m.label}</strong>
                  <span className="muted small">{m.hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {mode !== 'flagship' ? configField : null}
        </Card>

        <Card title={mode === 'flagship' ? 'Optional inputs' : 'More inputs (optional)'}>
          {mode === 'flagship' ? configField : null}
          <Field
            label="Old SDK (files or a folder)"
            hint={
              <>
                The SDK you ship today, TypeScript or Python: parsed, never run. Limit: {l ? bytes(l.oldSdkBytes) : '…'}
                .{oldSdk ? ` Chosen: ${oldSdk.shown ?? oldSdk.name} · ${bytes(oldSdk.size)}` : ''}
              </>
            }
          >
            {(id, hintId) => (
              <input
                id={id}
                aria-describedby={hintId}
                type="file"
                multiple
                accept=".ts,.mts,.cts,.py,.txt"
                onChange={async (e) => {
                  const fs = [...(e.target.files ?? [])];
                  setOldSdk(fs.length ? await joinSdkFiles(fs) : undefined);
                }}
              />
            )}
          </Field>
          <Field
            label="Old SDK folder"
            hint="Or pick the SDK's source folder; the app joins its .ts/.py files with // File: headers."
          >
            {(id, hintId) => (
              <input
                id={id}
                aria-describedby={hintId}
                type="file"
                multiple
                {...{ webkitdirectory: '' }}
                onChange={async (e) => {
                  const fs = [...(e.target.files ?? [])];
                  setOldSdk(fs.length ? await joinSdkFiles(fs) : undefined);
                }}
              />
            )}
          </Field>
          <Field
            label="Docs source (Markdown)"
            hint={
              <>
                Limit: {l ? bytes(l.docsSourceBytes) : '…'}.{docs ? ` Chosen: ${docs.name} · ${bytes(docs.size)}` : ''}
              </>
            }
          >
            {(id, hintId) => (
              <input
                id={id}
                aria-describedby={hintId}
                type="file"
                accept=".md,.markdown,.txt"
                onChange={async (e) => {
                  const f = e.target.files?.[0];
                  setDocs(f ? await readFile(f) : undefined);
                }}
              />
            )}
          </Field>
        </Card>

        <div className="form-foot">
          {problem ? (
            <div className="alert alert-error" role="alert">
              {problem}
            </div>
          ) : null}
          <ErrorNote error={start.error} title="The report did not start" />
          <button type="submit" className="button button-primary button-large" disabled={start.isPending}>
            {start.isPending ? 'Starting…' : 'Start report'}
          </button>
        </div>
      </form>
    </Page>
  );
}
