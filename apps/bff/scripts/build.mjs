// Bundles the BFF into plain JavaScript (dist/main.js) so that `pnpm start` runs it on node
// without tsx: no TypeScript loader thread (its own V8 isolate) and no per-file transpiling at
// start. Everything is bundled, third-party packages too: tree-shaking keeps only the parts of
// @kubernetes/client-node the BFF uses (its index loads every generated API and model: ~490 ms
// and ~65 MB resident; bundled, ~320 ms and ~25 MB), and one minified file parses faster than
// hundreds of modules resolve. `--sim` keeps loading the simulator lazily (a separate chunk). `pnpm --filter @pdbscope/bff dev` still runs the source through tsx.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFile, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(appDir, 'dist');

/**
 * A bundled file's `import.meta.url` would be the bundle's, breaking paths a module resolves
 * beside itself (the simulator's demo scenarios). Each one is rewritten to the source file's URL,
 * relative to the bundle, so the dist keeps working wherever the tree is moved.
 */
const keepModuleUrls = {
  name: 'keep-module-urls',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const relative = path.relative(outdir, args.path).split(path.sep).join('/');
      const url = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
      return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

// Chunk names carry content hashes: a previous build's chunks would linger.
await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: [path.join(appDir, 'src/main.ts')],
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  minify: true,
  keepNames: true,
  // Bundled CommonJS dependencies (express, pino...) call require() for node's built-ins.
  banner: {
    js: "import { createRequire as __pdbscopeCreateRequire } from 'node:module'; const require = __pdbscopeCreateRequire(import.meta.url);",
  },
  plugins: [keepModuleUrls],
});
