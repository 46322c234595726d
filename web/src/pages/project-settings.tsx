import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { CodeEditor } from '../components/code-editor.tsx';
import { Card, ErrorNote, Field } from '../components/ui.tsx';
import { useCan } from '../session.tsx';
import { useTRPC, type RouterOutputs } from '../trpc.ts';

type Project = RouterOutputs['projects']['get']['project'];
type Settings = NonNullable<Project['settings']>;

const LANGUAGES = [
  { key: 'typescript', label: 'TypeScript', registry: 'npm package', example: '@acme/petstore' },
  { key: 'python', label: 'Python', registry: 'PyPI distribution', example: 'acme-petstore' },
  { key: 'go', label: 'Go', registry: 'Go module path', example: 'github.com/acme/petstore-go' },
  { key: 'mcp', label: 'MCP server', registry: 'npm package', example: '@acme/petstore-mcp' },
] as const;

/** `stainless`: a partner run's stainless.yml says whether it is built (its `targets`). */
const TARGETS = [
  { key: 'typescript', label: 'TypeScript SDK', stainless: true },
  { key: 'python', label: 'Python SDK', stainless: true },
  { key: 'go', label: 'Go SDK', stainless: true },
  { key: 'cli', label: 'Command-line tool', stainless: true },
  { key: 'mcp', label: 'MCP server', stainless: false },
  { key: 'docs', label: 'Reference docs', stainless: false },
] as const;

/** A target as the settings hold it: not set (the default), turned on, turned off. */
type TargetSetting = 'default' | 'on' | 'off';

type Lang = (typeof LANGUAGES)[number]['key'];
type Target = (typeof TARGETS)[number]['key'];

interface Form {
  name: string;
  apiName: string;
  packages: Record<Lang, string>;
  versions: Record<Lang, string>;
  targets: Record<Target, TargetSetting>;
  defaultConfigText: string;
}

function formOf(project: Project): Form {
  const s: Settings = project.settings ?? {};
  const per = (from: Partial<Record<Lang, string>> | undefined) =>
    Object.fromEntries(LANGUAGES.map((l) => [l.key, from?.[l.key] ?? ''])) as Record<Lang, string>;
  return {
    name: project.name,
    apiName: project.apiName ?? '',
    packages: per(s.packages),
    versions: per(s.versions),
    targets: Object.fromEntries(
      TARGETS.map((t) => [
        t.key,
        s.targets?.[t.key] === false ? 'off' : s.targets?.[t.key] === true ? 'on' : 'default',
      ]),
    ) as Record<Target, TargetSetting>,
    defaultConfigText: s.defaultConfigText ?? '',
  };
}

/** Only what differs from "not set": empty fields and targets left at their default are not saved. */
function settingsOf(form: Form): Settings {
  const set = (values: Record<Lang, string>) => {
    const entries = Object.entries(values)
      .map(([k, v]) => [k, v.trim()] as const)
      .filter(([, v]) => v !== '');
    return entries.length ? Object.fromEntries(entries) : undefined;
  };
  const packages = set(form.packages);
  const versions = set(form.versions);
  const targets = Object.entries(form.targets).filter(([, setting]) => setting !== 'default');
  return {
    ...(packages ? { packages } : {}),
    ...(versions ? { versions } : {}),
    ...(targets.length ? { targets: Object.fromEntries(targets.map(([k, setting]) => [k, setting === 'on'])) } : {}),
    ...(form.defaultConfigText.trim() ? { defaultConfigText: form.defaultConfigText } : {}),
  };
}

/**
 * A project's settings: its names, the package names and versions per language, which targets its
 * runs build, and the config a flagship run uses when it brings none. Saved as a whole with the
 * project's PATCH; roles without projects:write see them read-only.
 */
export function ProjectSettingsForm({ project }: { project: Project }) {
  const trpc = useTRPC();
  const can = useCan();
  const queryClient = useQueryClient();
  const editable = can('projects:write');
  const partner = project.mode === 'partner_compatible';
  const [form, setForm] = useState<Form>(() => formOf(project));
  const [savedAt, setSavedAt] = useState<number | undefined>();
  const save = useMutation(
    trpc.projects.update.mutationOptions({
      onSuccess: async (data) => {
        setForm(formOf(data.project));
        setSavedAt(Date.now());
        await queryClient.invalidateQueries({ queryKey: trpc.projects.pathKey() });
      },
    }),
  );
  const inUse = project.packagesInUse ?? {};
  const edit = (change: (f: Form) => Form) => {
    setSavedAt(undefined);
    setForm(change);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({
      projectId: project.id,
      name: form.name,
      apiName: form.apiName,
      settings: settingsOf(form),
    });
  };

  return (
    <form className="stack settings-form" onSubmit={submit} aria-label="Project settings">
      {!editable ? (
        <p className="hint" role="note">
          Your role can read these settings; an owner, admin or editor can change them.
        </p>
      ) : null}
      <Card title="Names">
        <div className="grid-2">
          <Field label="Display name" hint="How this project is listed in the workspace.">
            {(id, hintId) => (
              <input
                id={id}
                aria-describedby={hintId}
                value={form.name}
                disabled={!editable}
                required
                onChange={(e) => edit((f) => ({ ...f, name: e.target.value }))}
              />
            )}
          </Field>
          <Field label="API name" hint="Shown in the generated docs and SDK metadata; empty: the display name.">
            {(id, hintId) => (
              <input
                id={id}
                aria-describedby={hintId}
                value={form.apiName}
                disabled={!editable}
                onChange={(e) => edit((f) => ({ ...f, apiName: e.target.value }))}
              />
            )}
          </Field>
        </div>
      </Card>

      <Card title="Packages">
        <p className="muted small">
          The names and versions your users install. Set here, they win over a run's config (a partner run otherwise
          takes them from its <code>stainless.yml</code>); left empty, a run uses its config's names, else the names the
          project's first run generated with (shown greyed), so they do not change when the description's title does. A
          publishing dry-run checks the name and version set here.
        </p>
        <div className="table-wrap">
          <table className="table settings-packages">
            <thead>
              <tr>
                <th scope="col">Language</th>
                <th scope="col">Package name</th>
                <th scope="col">Version</th>
              </tr>
            </thead>
            <tbody>
              {LANGUAGES.map((l) => (
                <tr key={l.key}>
                  <th scope="row">
                    {l.label}
                    <span className="muted small block">{l.registry}</span>
                  </th>
                  <td>
                    <input
                      aria-label={`${l.label} ${l.registry}`}
                      className="mono"
                      value={form.packages[l.key]}
                      placeholder={inUse[l.key] ?? l.example}
                      disabled={!editable}
                      spellCheck={false}
                      onChange={(e) => edit((f) => ({ ...f, packages: { ...f.packages, [l.key]: e.target.value } }))}
                    />
                  </td>
                  <td>
                    <input
                      aria-label={`${l.label} version`}
                      className="mono"
                      value={form.versions[l.key]}
                      placeholder="proposed"
                      disabled={!editable}
                      spellCheck={false}
                      onChange={(e) => edit((f) => ({ ...f, versions: { ...f.versions, [l.key]: e.target.value } }))}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>

      <Card title="Targets">
        <fieldset className={partner ? 'targets partner' : 'targets'} disabled={!editable}>
          <legend className="muted small">
            What each run builds. A target turned off is skipped, and says so, in every run of this project.
            {partner
              ? ' A partner run builds the SDKs and the CLI its stainless.yml lists under targets, unless you choose here.'
              : ''}
          </legend>
          {TARGETS.map((t) =>
            partner && t.stainless ? (
              <label key={t.key} className="target-choice">
                {t.label}
                <select
                  value={form.targets[t.key]}
                  onChange={(e) =>
                    edit((f) => ({ ...f, targets: { ...f.targets, [t.key]: e.target.value as TargetSetting } }))
                  }
                >
                  <option value="default">As the stainless.yml lists it</option>
                  <option value="on">Always built</option>
                  <option value="off">Never built</option>
                </select>
              </label>
            ) : (
              <label key={t.key} className="check">
                <input
                  type="checkbox"
                  checked={form.targets[t.key] !== 'off'}
                  onChange={(e) =>
                    edit((f) => ({
                      ...f,
                      targets: {
                        ...f.targets,
                        [t.key]: e.target.checked ? (f.targets[t.key] === 'on' ? 'on' : 'default') : 'off',
                      },
                    }))
                  }
                />
                {t.label}
              </label>
            ),
          )}
        </fieldset>
      </Card>

      <Card title="Default config">
        <p className="muted small">
          The generator config (YAML) a flagship run of this project uses when its start sends none. Empty: the run
          derives a starter config from the description's paths.
        </p>
        <CodeEditor
          label="Default config"
          language="yaml"
          value={form.defaultConfigText}
          readOnly={!editable}
          onChange={(text) => edit((f) => ({ ...f, defaultConfigText: text }))}
        />
      </Card>

      <ErrorNote error={save.error} title="The settings were not saved" />
      {editable ? (
        <div className="row">
          <button type="submit" className="button button-primary" disabled={save.isPending || !form.name.trim()}>
            {save.isPending ? 'Saving…' : 'Save settings'}
          </button>
          <span className="muted small" role="status">
            {savedAt ? 'Settings saved. The next run of this project uses them.' : ''}
          </span>
        </div>
      ) : null}
    </form>
  );
}
