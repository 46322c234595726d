import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useArtifactDocument } from '../artifacts.ts';
import { CodeEditor, type EditorDiagnostic } from '../components/code-editor.tsx';
import { Card, ErrorNote, Loading } from '../components/ui.tsx';
import { plural } from '../format.ts';
import { useCan } from '../session.tsx';
import { serverError, useTRPC, useTRPCClient, type RouterOutputs } from '../trpc.ts';

type Run = RouterOutputs['runs']['get']['run'];

interface ReportDiagnostic {
  ruleId: string;
  severity: 'error' | 'warning' | 'info';
  message: string;
  line: number;
  column: number;
  document?: 'openapi' | 'config';
  locations?: { line: number; column: number }[];
}

/** Modes a start accepts; a legacy run mode starts again as flagship. */
const START_MODES = ['flagship', 'custom', 'openapi', 'partner_compatible', 'partner_migration'] as const;
type StartMode = (typeof START_MODES)[number];
const startMode = (mode: string | undefined): StartMode =>
  (START_MODES as readonly string[]).includes(mode ?? '') ? (mode as StartMode) : 'flagship';

/** At most this many markers per document: a report of thousands stays responsive. */
const MAX_MARKERS = 2000;

/** The report's findings as editor markers, one per place, for one document. */
function markersFor(diagnostics: ReportDiagnostic[], document: 'openapi' | 'config'): EditorDiagnostic[] {
  const out: EditorDiagnostic[] = [];
  for (const d of diagnostics) {
    if ((d.document ?? 'openapi') !== document) continue;
    const places = d.locations?.length ? d.locations : [{ line: d.line, column: d.column }];
    for (const place of places) {
      if (out.length >= MAX_MARKERS) return out;
      out.push({ line: place.line, column: place.column, severity: d.severity, message: d.message, ruleId: d.ruleId });
    }
  }
  return out;
}

/**
 * The run's description and config in editors, with its diagnostics at their line and column, and
 * "Run again with these changes": a new run in the same project and mode from the edited texts
 * (the old SDK and docs source the run had go along unchanged).
 */
export function RunEditor({ run }: { run: Run }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const can = useCan();
  const navigate = useNavigate();
  const description = useQuery({ ...trpc.browse.input.queryOptions({ runId: run.id }), staleTime: Infinity });
  const hasConfig = (run.inputSummary?.configBytes ?? 0) > 0;
  const config = useQuery({
    ...trpc.browse.input.queryOptions({ runId: run.id, document: 'config' }),
    enabled: hasConfig,
    staleTime: Infinity,
  });
  const report = useArtifactDocument<{ diagnostics: ReportDiagnostic[] }>(run.id, 'validation_report');
  const configOriginal = hasConfig ? config.data?.text : undefined;
  const [openapiText, setOpenapiText] = useState<string | undefined>();
  const [configText, setConfigText] = useState<string | undefined>();
  const diagnostics = report.document?.diagnostics;
  const descriptionMarkers = useMemo(() => markersFor(diagnostics ?? [], 'openapi'), [diagnostics]);
  const configMarkers = useMemo(() => markersFor(diagnostics ?? [], 'config'), [diagnostics]);

  const rerun = useMutation({
    mutationFn: async () => {
      const summary = run.inputSummary;
      const extra = async (document: 'old_sdk' | 'docs_source', bytes: number | undefined) =>
        bytes ? (await client.browse.input.query({ runId: run.id, document })).text : undefined;
      const [oldSdkText, docsSourceText] = await Promise.all([
        extra('old_sdk', summary?.oldSdkBytes),
        extra('docs_source', summary?.docsSourceBytes),
      ]);
      const config = configText ?? configOriginal;
      return await client.reports.start.mutate({
        projectId: run.projectId,
        mode: startMode(run.mode),
        openapiText: openapiText ?? description.data?.text ?? '',
        ...(config?.trim() ? { configText: config } : {}),
        ...(oldSdkText !== undefined ? { oldSdkText } : {}),
        ...(docsSourceText !== undefined ? { docsSourceText } : {}),
        ...(summary?.openapiFileName ? { openapiFileName: summary.openapiFileName } : {}),
        ...(summary?.configFileName ? { configFileName: summary.configFileName } : {}),
        ...(summary?.oldSdkFileName ? { oldSdkFileName: summary.oldSdkFileName } : {}),
        ...(summary?.docsSourceFileName ? { docsSourceFileName: summary.docsSourceFileName } : {}),
        notes: `Edited from run ${run.id}`,
      });
    },
    onSuccess: (started) => navigate(`/runs/${started.run.id}`),
  });

  if (description.isPending || (hasConfig && config.isPending)) return <Loading label="Loading the inputs…" />;
  if (description.error) {
    const retained = serverError(description.error).code !== 'inputs_not_retained';
    return (
      <ErrorNote
        error={description.error}
        title={retained ? undefined : 'The inputs of this run are no longer kept; start a new report instead'}
      />
    );
  }
  const edited =
    (openapiText !== undefined && openapiText !== description.data.text) ||
    (configText !== undefined && configText !== (configOriginal ?? ''));
  const count = (list: EditorDiagnostic[]) =>
    list.length === 0 ? 'no findings' : `${plural(list.length, 'finding')} marked`;

  return (
    <div className="stack">
      <p className="muted small">
        Fix what the diagnostics point at (the markers in the gutter; hover one, or press Ctrl-Shift-M in the editor, to
        read it), then start a new run of this project with the edited texts. This run stays as it is.
      </p>
      {report.pending ? <Loading label="Loading the diagnostics…" /> : <ErrorNote error={report.error} />}
      <div className="editor-grid">
        <Card title={`Description · ${count(descriptionMarkers)}`}>
          <CodeEditor
            label="Description"
            language={description.data.language}
            value={openapiText ?? description.data.text}
            diagnostics={descriptionMarkers}
            readOnly={!can('runs:write')}
            onChange={setOpenapiText}
          />
        </Card>
        <Card title={`Config · ${count(configMarkers)}`}>
          {!hasConfig ? (
            <p className="muted small">
              This run had no config of its own. Write one here (YAML) to run with it, or leave it empty for a starter
              config derived from the paths.
            </p>
          ) : null}
          <ErrorNote error={config.error} />
          <CodeEditor
            label="Config"
            language="yaml"
            value={configText ?? configOriginal ?? ''}
            diagnostics={configMarkers}
            readOnly={!can('runs:write')}
            onChange={setConfigText}
          />
        </Card>
      </div>
      <ErrorNote error={rerun.error} title="The new run did not start" />
      {can('runs:write') ? (
        <div className="row">
          <button
            type="button"
            className="button button-primary"
            onClick={() => rerun.mutate()}
            disabled={rerun.isPending}
          >
            {rerun.isPending ? 'Starting…' : 'Run again with these changes'}
          </button>
          <span className="muted small">{edited ? 'Edited.' : 'No changes yet: this runs the same texts again.'}</span>
        </div>
      ) : null}
    </div>
  );
}
