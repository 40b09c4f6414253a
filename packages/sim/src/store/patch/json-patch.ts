import type { Result } from '@pdbscope/shared';
import { deepEqual, isObject } from './json-value.js';

export type PatchResult = Result<unknown>;

interface Operation {
  op: string;
  path: string;
  from?: string;
  value?: unknown;
}

function tokens(pointer: string): string[] | undefined {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return undefined;
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function clone<T>(v: T): T {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}

function getAt(doc: unknown, path: string[]): { found: boolean; value?: unknown } {
  let cur: unknown = doc;
  for (const t of path) {
    if (Array.isArray(cur)) {
      const i = Number(t);
      if (!/^\d+$/.test(t) || i >= cur.length) return { found: false };
      cur = cur[i];
    } else if (isObject(cur) && t in cur) cur = cur[t];
    else return { found: false };
  }
  return { found: true, value: cur };
}

/** Applies `fn` to the container of the last token; returns an error text or undefined. */
function withParent(
  doc: unknown,
  path: string[],
  fn: (parent: Record<string, unknown> | unknown[], last: string) => string | undefined,
): string | undefined {
  const parent = getAt(doc, path.slice(0, -1));
  const last = path[path.length - 1];
  if (!parent.found || last === undefined) return 'doc is missing path';
  const p = parent.value;
  if (!Array.isArray(p) && !isObject(p)) return 'doc is missing path';
  return fn(p, last);
}

function add(doc: unknown, path: string[], value: unknown): string | undefined {
  return withParent(doc, path, (p, last) => {
    if (Array.isArray(p)) {
      const i = last === '-' ? p.length : Number(last);
      if (!/^\d+$/.test(last) && last !== '-') return `invalid array index ${last}`;
      if (i > p.length) return `index out of bounds ${last}`;
      p.splice(i, 0, value);
    } else p[last] = value;
    return undefined;
  });
}

function remove(doc: unknown, path: string[]): string | undefined {
  return withParent(doc, path, (p, last) => {
    if (Array.isArray(p)) {
      const i = Number(last);
      if (!/^\d+$/.test(last) || i >= p.length)
        return `unable to remove nonexistent key: ${last}: missing value`;
      p.splice(i, 1);
    } else {
      if (!(last in p)) return `unable to remove nonexistent key: ${last}: missing value`;
      delete p[last];
    }
    return undefined;
  });
}

/** RFC 6902 JSON patch, applied to a copy. */
export function applyJsonPatch(target: unknown, patch: unknown): PatchResult {
  if (!Array.isArray(patch))
    return { ok: false, error: 'json patch must be an array of operations' };
  const root = { doc: clone(target) };
  for (const raw of patch as unknown[]) {
    if (!isObject(raw) || typeof raw.op !== 'string' || typeof raw.path !== 'string') {
      return { ok: false, error: 'invalid JSON patch operation' };
    }
    const op = raw as unknown as Operation;
    const path = tokens(op.path);
    if (path === undefined)
      return { ok: false, error: `invalid JSON pointer ${JSON.stringify(op.path)}` };
    const full = ['doc', ...path];
    let err: string | undefined;
    switch (op.op) {
      case 'add':
        err = add(root, full, clone(op.value));
        break;
      case 'remove':
        err = remove(root, full);
        break;
      case 'replace':
        err = getAt(root, full).found
          ? (remove(root, full) ?? add(root, full, clone(op.value)))
          : `replace operation does not apply: doc is missing key: ${op.path}: missing value`;
        break;
      case 'move':
      case 'copy': {
        const from = tokens(op.from ?? '');
        const src = from === undefined ? { found: false } : getAt(root, ['doc', ...from]);
        if (from === undefined || !src.found)
          err = `${op.op} operation does not apply: doc is missing from path: ${op.from ?? ''}`;
        else {
          if (op.op === 'move') err = remove(root, ['doc', ...from]);
          err ??= add(root, full, clone(src.value));
        }
        break;
      }
      case 'test': {
        const cur = getAt(root, full);
        if (!cur.found || !deepEqual(cur.value, op.value))
          err = `testing value ${op.path} failed: test failed`;
        break;
      }
      default:
        err = `Unexpected kind: ${op.op}`;
    }
    if (err !== undefined) return { ok: false, error: err };
  }
  return { ok: true, value: root.doc };
}
