// Bundles the BFF into plain JavaScript (dist/main.js) so that `pnpm start` runs it on node
// without tsx: no TypeScript loader thread (its own V8 isolate) and no per-file transpiling at
// start. The workspace packages (TypeScript source) are bundled; third-party packages stay
// external and load from node_modules as usual. `--sim` keeps loading the simulator lazily (a
// separate chunk). `pnpm --filter @pdbscope/bff dev` still runs the source through tsx.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(appDir, 'dist');

/**
 * Bare imports of packages the BFF itself depends on stay external (node loads them from its
 * node_modules as before); our workspace packages (TypeScript source) and what only they depend
 * on (not resolvable from here) are bundled.
 */
const externalThirdParty = {
  name: 'external-third-party',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:')) return { path: args.path, external: true };
      const segments = args.path.split('/');
      const name = segments.slice(0, args.path.startsWith('@') ? 2 : 1).join('/');
      if (name.startsWith('@pdbscope/')) return undefined;
      return existsSync(path.join(appDir, 'node_modules', name))
        ? { path: args.path, external: true }
        : undefined;
    });
  },
};

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
  plugins: [externalThirdParty, keepModuleUrls],
});
