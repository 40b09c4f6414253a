import { parseAllDocuments } from 'yaml';
import type { Result } from '@pdbscope/shared';
import type { KubeObject } from '../store/types.js';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** kubectl writes `kind: List`; API list responses say `PodList`, `DeploymentList`, … */
function isList(value: Record<string, unknown>): boolean {
  return (
    typeof value['kind'] === 'string' &&
    value['kind'].endsWith('List') &&
    Array.isArray(value['items'])
  );
}

function checkObject(value: unknown, where: string): Result<KubeObject> {
  if (!isRecord(value))
    return { ok: false, error: `${where}: expected a Kubernetes object, found ${describe(value)}` };
  const { apiVersion, kind } = value;
  if (typeof apiVersion !== 'string' || apiVersion === '')
    return { ok: false, error: `${where}: object has no apiVersion` };
  if (typeof kind !== 'string' || kind === '')
    return { ok: false, error: `${where}: object has no kind` };
  const metadata = value['metadata'];
  if (!isRecord(metadata) || typeof metadata['name'] !== 'string' || metadata['name'] === '') {
    return { ok: false, error: `${where}: ${kind} has no metadata.name` };
  }
  return { ok: true, value: value as KubeObject };
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  return `a ${typeof value}`;
}

/**
 * Reads the objects of one scenario file: multi-document YAML, a kubectl `List` (as
 * `kubectl get … -o yaml` writes it), an API list (`PodList`, …), or JSON of any of these.
 * Lists are flattened; empty documents are skipped. `source` names the file in errors, which
 * carry the line and column of a YAML syntax error.
 */
export function parseManifests(text: string, source: string): Result<KubeObject[]> {
  const objects: KubeObject[] = [];
  const documents = parseAllDocuments(text, { prettyErrors: true });
  for (const [index, document] of documents.entries()) {
    const firstError = document.errors[0];
    if (firstError) {
      const pos = firstError.linePos?.[0];
      const at = pos ? `${source}:${pos.line}:${pos.col}` : source;
      return {
        ok: false,
        error: `${at}: invalid YAML: ${firstError.message.split('\n')[0] ?? ''}`,
      };
    }
    const value: unknown = document.toJS();
    if (value === null || value === undefined) continue;
    const where = `${source}: document ${index + 1}`;
    const items = isRecord(value) && isList(value) ? (value['items'] as unknown[]) : [value];
    for (const [itemIndex, item] of items.entries()) {
      const checked = checkObject(
        item,
        items.length === 1 && item === value ? where : `${where}, item ${itemIndex + 1}`,
      );
      if (!checked.ok) return checked;
      objects.push(checked.value);
    }
  }
  return { ok: true, value: objects };
}
