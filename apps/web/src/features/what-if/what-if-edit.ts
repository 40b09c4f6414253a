import { parse, stringify } from 'yaml';
import { BudgetKindSchema, type BudgetRef, type FieldProblem } from '@pdbscope/shared/api';
import type { EditorProblem } from './YamlEditor.js';

/** `KIND/NS/NAME` of the `budget` parameter, when it names a budget kind. */
export function budgetOfParam(value: string | null): BudgetRef | undefined {
  const [kind, namespace, name, ...rest] = (value ?? '').split('/');
  const parsed = BudgetKindSchema.safeParse(kind);
  if (!parsed.success || !namespace || !name || rest.length > 0) return undefined;
  return { kind: parsed.data, namespace, name };
}

/** The `spec` of a budget as the API server stores it (its YAML), as YAML for the editor. */
export function specYamlOf(storedYaml: string): string {
  try {
    const stored = parse(storedYaml) as { spec?: unknown } | null;
    return stored?.spec === undefined ? '' : stringify(stored.spec);
  } catch {
    return '';
  }
}

const LINE = /\(line (\d+)\)/;

/**
 * The 400's problems split between the editor (those about its text, at their line) and the rest
 * (another change of the layer that no longer applies). `prefix` is how the BFF names the
 * editor's text: `budgetSpecs[2]`, `pasted manifests 1`.
 */
export function problemsFor(
  problems: readonly FieldProblem[],
  prefix: string,
): { editor: EditorProblem[]; others: FieldProblem[] } {
  const editor: EditorProblem[] = [];
  const others: FieldProblem[] = [];
  for (const p of problems) {
    if (!p.path.startsWith(prefix)) {
      others.push(p);
      continue;
    }
    const line = LINE.exec(p.path)?.[1];
    editor.push({ ...(line !== undefined ? { line: Number(line) } : {}), message: p.message });
  }
  return { editor, others };
}
