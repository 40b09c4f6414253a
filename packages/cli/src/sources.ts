// The CLI's file-system shell: a file (or stdin) read, a directory walked as `kubectl apply -f DIR
// -R` walks it. The core (@pdbscope/shared/cli) receives the {path, text} pairs.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Result, SourceFile } from '@pdbscope/shared';

export function readFile(path: string): Result<string> {
  try {
    return { ok: true, value: readFileSync(path === '-' ? 0 : path, 'utf8') };
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    return {
      ok: false,
      error:
        err.code === 'ENOENT'
          ? 'no such file'
          : err.code === 'EISDIR'
            ? 'is a directory'
            : err.message,
    };
  }
}

const MANIFEST = /\.(ya?ml|json)$/;

/** A directory's manifests, as `kubectl apply -f DIR -R` walks it: each folder's entries by name. */
export function walk(dir: string): string[] {
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
  return entries.flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return walk(path);
    return e.isFile() && MANIFEST.test(e.name) ? [path] : [];
  });
}

/** A file (or stdin), or every manifest of a directory, read. */
export function readSources(path: string): Result<SourceFile[]> {
  let paths = [path];
  try {
    if (path !== '-' && statSync(path).isDirectory()) paths = walk(path);
  } catch {
    // readFile says why the path cannot be read.
  }
  const files: SourceFile[] = [];
  for (const p of paths) {
    const text = readFile(p);
    if (!text.ok) return paths.length === 1 ? text : { ok: false, error: `${p}: ${text.error}` };
    files.push({ path: p, text: text.value });
  }
  return { ok: true, value: files };
}
