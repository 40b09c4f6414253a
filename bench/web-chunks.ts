// bench:web, the built app's JavaScript: every chunk's size (gzip), what the first load fetches
// (the entry and what index.html preloads) and what each page adds to it, from Vite's manifest.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { repoRoot } from '../e2e/src/stack.js';

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}

type Manifest = Record<string, ManifestChunk>;

export interface ChunkSizes {
  /** Every JavaScript chunk, largest first. */
  chunks: { file: string; gzip: number }[];
  /** The entry and its static imports: what every first load fetches. */
  initial: { files: string[]; gzip: number };
  /** Per page (dynamic entry), the chunks it adds to the initial ones. */
  pages: { name: string; files: string[]; gzip: number }[];
}

const dist = path.join(repoRoot, 'apps/web/dist');

/** The chunk at `key` and everything it imports statically, as files. */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (chunk === undefined || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into);
  return into;
}

export async function chunkSizes(): Promise<ChunkSizes> {
  const manifest = JSON.parse(
    await readFile(path.join(dist, '.vite/manifest.json'), 'utf8'),
  ) as Manifest;
  const gzip = new Map<string, number>();
  for (const chunk of Object.values(manifest))
    gzip.set(chunk.file, gzipSync(await readFile(path.join(dist, chunk.file))).length);
  const total = (files: Iterable<string>) =>
    [...files].reduce((sum, file) => sum + (gzip.get(file) ?? 0), 0);
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry === true) ?? '';
  const initial = closure(manifest, entry);
  const pages = Object.entries(manifest)
    .filter(([, chunk]) => chunk.isDynamicEntry === true)
    .map(([key, chunk]) => {
      const files = [...closure(manifest, key)].filter((file) => !initial.has(file));
      return { name: chunk.name ?? key, files, gzip: total(files) };
    });
  return {
    chunks: [...gzip]
      .map(([file, bytes]) => ({ file, gzip: bytes }))
      .sort((a, b) => b.gzip - a.gzip),
    initial: { files: [...initial], gzip: total(initial) },
    pages,
  };
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** Prints the first load, each page's addition and every chunk, in kB of gzip. */
export function printChunkSizes(sizes: ChunkSizes): void {
  console.log(
    `JavaScript (gzip): first load ${kB(sizes.initial.gzip)} (${sizes.initial.files.length} files)   target < 350 kB`,
  );
  for (const page of sizes.pages)
    console.log(
      `  + ${page.name.padEnd(18)} ${kB(page.gzip).padStart(8)}   (first load + page ${kB(sizes.initial.gzip + page.gzip)})`,
    );
  console.log(
    `  chunks: ${sizes.chunks.map((chunk) => `${path.basename(chunk.file)} ${kB(chunk.gzip)}`).join(', ')}`,
  );
}
