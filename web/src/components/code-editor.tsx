import { json } from '@codemirror/lang-json';
import { yaml } from '@codemirror/lang-yaml';
import { type Diagnostic as LintDiagnostic, lintGutter, setDiagnostics } from '@codemirror/lint';
import { EditorState, type Text } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { useEffect, useRef } from 'react';

/** A finding to show in the editor: 1-based line and column, as the run's diagnostics give them. */
export interface EditorDiagnostic {
  line: number;
  column: number;
  severity: 'error' | 'warning' | 'info';
  message: string;
  ruleId?: string;
}

/** A diagnostic's place in the document: its line and column, clamped to the text (line 0: the first line). */
function toLint(doc: Text, d: EditorDiagnostic): LintDiagnostic {
  const line = doc.line(Math.min(Math.max(d.line, 1), doc.lines));
  const from = Math.min(line.from + Math.max(d.column - 1, 0), line.to);
  return {
    from,
    to: from === line.to ? from : line.to,
    severity: d.severity,
    message: d.message,
    ...(d.ruleId ? { source: d.ruleId } : {}),
  };
}

/**
 * An editable text (a description, a config) in CodeMirror 6, with findings marked inline at their
 * line and column (the lint extension: an underline, a gutter marker, the message on hover or with
 * Ctrl-Shift-M). The text is a document in the editor, never markup. Like the merge view it lives in
 * a shadow root, so CodeMirror's styles go in a constructed style sheet the app's CSP allows.
 */
export function CodeEditor({
  value,
  onChange,
  language,
  label,
  diagnostics = [],
  readOnly = false,
}: {
  value: string;
  onChange?: (text: string) => void;
  language?: 'yaml' | 'json' | undefined;
  label: string;
  diagnostics?: EditorDiagnostic[];
  readOnly?: boolean;
}) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | undefined>(undefined);
  const changed = useRef(onChange);
  changed.current = onChange;
  const latest = useRef(value);
  latest.current = value;

  // The editor is made once per language and label; later values from outside replace its text.
  useEffect(() => {
    if (!host.current) return;
    const shadow = host.current.shadowRoot ?? host.current.attachShadow({ mode: 'open' });
    shadow.replaceChildren();
    const parent = document.createElement('div');
    shadow.append(parent);
    // Light in both themes: CodeMirror's default highlight colours are made for a light page and keep
    // their contrast there (axe checks both themes); the frame around it follows the app's theme.
    const editor = new EditorView({
      parent,
      root: shadow,
      state: EditorState.create({
        doc: latest.current,
        extensions: [
          basicSetup,
          lintGutter(),
          EditorView.lineWrapping,
          EditorState.readOnly.of(readOnly),
          EditorView.contentAttributes.of({ 'aria-label': label }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) changed.current?.(update.state.doc.toString());
          }),
          EditorView.theme(
            {
              '&': {
                fontSize: '12.5px',
                backgroundColor: '#ffffff',
                color: '#1b1f24',
              },
              // The editor grows with its text; the frame around it scrolls (and takes the keyboard focus).
              '.cm-scroller': { fontFamily: 'ui-monospace, Menlo, Consolas, monospace' },
              '.cm-gutters': {
                backgroundColor: '#f7f8fa',
                color: '#5b6470',
                border: 'none',
              },
              '.cm-activeLine': { backgroundColor: '#f3f5ff' },
              '.cm-activeLineGutter': { backgroundColor: '#e9ecff' },
              '.cm-tooltip': { backgroundColor: '#ffffff', color: '#1b1f24' },
            },
            { dark: false },
          ),
          ...(language === 'json' ? [json()] : language === 'yaml' ? [yaml()] : []),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = undefined;
    };
  }, [language, label, readOnly]);

  useEffect(() => {
    const editor = view.current;
    if (!editor || editor.state.doc.toString() === value) return;
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const doc = editor.state.doc;
    editor.dispatch(
      setDiagnostics(
        editor.state,
        diagnostics.map((d) => toLint(doc, d)),
      ),
    );
  }, [diagnostics]);

  return <div ref={host} className="code-editor" role="region" aria-label={`${label}, editor`} tabIndex={0} />;
}
