import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** The page of each path prefetch.js knows, by the module that is its chunk's entry. */
const pageModules: Record<string, RegExp> = {
  detail: /[\\/]features[\\/]budget-detail[\\/]BudgetDetailPage\.tsx$/,
  overview: /[\\/]features[\\/]budgets[\\/]BudgetsPage\.tsx$/,
  nodes: /[\\/]features[\\/]nodes[\\/]NodesPage\.tsx$/,
};

/** Where index.html takes the script. */
const PLACE = '<!-- first-answer/prefetch.js -->';

/** The script without its comment lines (it is sent in every page's HTML), given its chunks. */
export function prefetchScript(chunks: Record<string, string[]>): string {
  const source = readFileSync(
    path.join(path.dirname(fileURLToPath(import.meta.url)), 'prefetch.js'),
    'utf8',
  );
  return source
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('//'))
    .join('\n')
    .replace('PAGE_CHUNKS', JSON.stringify(chunks))
    .trim();
}

/** Every chunk `file` imports statically, itself included, depth first. */
function withImports(bundle: OutputBundle, file: string, into = new Set<string>()): Set<string> {
  const chunk = bundle[file];
  if (chunk?.type !== 'chunk' || into.has(file)) return into;
  into.add(file);
  for (const imported of chunk.imports) withImports(bundle, imported, into);
  return into;
}

/**
 * Each page's own chunks (its chunk and what it imports that the entry does not), as
 * `/assets/…` paths, for prefetch.js to preload.
 */
export function pageChunks(bundle: OutputBundle): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((out): out is OutputChunk => out.type === 'chunk');
  const entry = new Set(
    chunks
      .filter((chunk) => chunk.isEntry)
      .flatMap((chunk) => [...withImports(bundle, chunk.fileName)]),
  );
  const found: Record<string, string[]> = {};
  for (const [page, module] of Object.entries(pageModules)) {
    const chunk = chunks.find((candidate) => module.test(candidate.facadeModuleId ?? ''));
    if (chunk === undefined) continue;
    found[page] = [...withImports(bundle, chunk.fileName)]
      .filter((file) => !entry.has(file))
      .map((file) => `/${file}`);
  }
  return found;
}

/**
 * Writes prefetch.js into index.html's head, in place of its comment. The BFF's
 * Content-Security-Policy allows it by its hash (apps/bff/src/http/inline-scripts.ts).
 */
export function inlineFirstAnswer(): Plugin {
  return {
    name: 'pdbscope-inline-first-answer',
    transformIndexHtml: {
      order: 'post',
      handler: (html, context) => {
        if (!html.includes(PLACE)) throw new Error(`index.html has no ${PLACE}`);
        const chunks = context.bundle ? pageChunks(context.bundle) : {};
        return html.replace(PLACE, () => `<script>${prefetchScript(chunks)}</script>`);
      },
    },
  };
}
