import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { inlineFirstAnswer } from './first-answer/plugin.js';

// In development the BFF runs separately; PDBSCOPE_BFF_URL points the proxy at it.
const bff = process.env['PDBSCOPE_BFF_URL'] ?? 'http://127.0.0.1:7070';

export default defineConfig({
  plugins: [react(), inlineFirstAnswer()],
  server: { host: '127.0.0.1', proxy: { '/api': { target: bff, changeOrigin: false } } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // bench:web reads which chunks each page needs from it (dist/.vite, never served).
    manifest: true,
    rolldownOptions: {
      // YAML is a pure library, but its package does not say so: the shared package's upgrade
      // index (which re-exports the fix writer) would keep an import of it, for its side effects,
      // in the shared chunk every page loads first.
      treeshake: {
        moduleSideEffects: (id) => (/[\\/]node_modules[\\/]yaml[\\/]/.test(id) ? false : undefined),
      },
      output: {
        // Few chunks: over HTTP/1.1 (6 connections) each one more delays the first answer the
        // page asks for while they load (first-answer/prefetch.js).
        codeSplitting: {
          groups: [
            // What every page runs on, cached apart from the app's own code.
            {
              name: 'framework',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)|zod)[\\/]/,
              priority: 3,
            },
            // Only the virtualised lists (overview, nodes) need it.
            {
              name: 'virtual',
              test: /[\\/]@tanstack[\\/](react-)?virtual|[\\/]components[\\/]VirtualGrid/,
              priority: 2,
              // Its small helpers (the list focus the shell also holds) stay where the shell is,
              // or the first page would wait for this chunk too.
              includeDependenciesRecursively: false,
            },
            // CodeMirror: only the what-if editor needs it, and it changes less often than the page.
            {
              name: 'editor',
              test: /[\\/]node_modules[\\/](@codemirror|@lezer|codemirror|style-mod|w3c-keyname|crelt)[\\/]/,
              priority: 2,
            },
            // YAML: only the what-if editor writes it; in the shared chunk every first page compiled
            // it (~96 kB minified) before drawing anything.
            {
              name: 'yaml',
              test: /[\\/]node_modules[\\/]yaml[\\/]/,
              priority: 2,
            },
            // The app's code that two pages or more use, in one chunk.
            { name: 'shared', minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
});
