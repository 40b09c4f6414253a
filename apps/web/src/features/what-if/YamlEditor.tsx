import { useEffect, useRef } from 'react';
import { basicSetup, EditorView } from 'codemirror';
import { yaml } from '@codemirror/lang-yaml';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { useLatest } from '../../components/use-latest.js';

/** A problem the API server (or the YAML parser) has with the text, at a line when it names one. */
export interface EditorProblem {
  line?: number;
  message: string;
}

interface YamlEditorProps {
  /** The text; a change from outside (another budget, Reset) replaces the editor's. */
  value: string;
  onChange: (text: string) => void;
  problems: readonly EditorProblem[];
  /** The editor's accessible name. */
  label: string;
}

function diagnosticsOf(view: EditorView, problems: readonly EditorProblem[]): Diagnostic[] {
  const doc = view.state.doc;
  return problems.map((p) => {
    const line = doc.line(Math.min(Math.max(p.line ?? 1, 1), doc.lines));
    return { from: line.from, to: line.to, severity: 'error', message: p.message };
  });
}

/**
 * CodeMirror 6 with its YAML language, mounted by an effect (no React wrapper: CodeMirror owns its
 * DOM). The server's messages are shown at their lines, in the gutter and under the cursor.
 */
export function YamlEditor({ value, onChange, problems, label }: YamlEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useLatest(onChange);
  const initial = useRef(value);
  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({
      doc: initial.current,
      parent: host.current,
      extensions: [
        basicSetup,
        yaml(),
        lintGutter(),
        EditorView.contentAttributes.of({ 'aria-label': label }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) changed.current(update.state.doc.toString());
        }),
      ],
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, [label, changed]);
  useEffect(() => {
    const editor = view.current;
    if (!editor || editor.state.doc.toString() === value) return;
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);
  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    editor.dispatch(setDiagnostics(editor.state, diagnosticsOf(editor, problems)));
  }, [problems]);
  return <div ref={host} className="what-if-editor" />;
}
