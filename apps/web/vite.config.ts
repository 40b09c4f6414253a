import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In development the BFF runs separately; PDBSCOPE_BFF_URL points the proxy at it.
const bff = process.env['PDBSCOPE_BFF_URL'] ?? 'http://127.0.0.1:7070';

export default defineConfig({
  plugins: [react()],
  server: { host: '127.0.0.1', proxy: { '/api': { target: bff, changeOrigin: false } } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // bench:web reads which chunks each page needs from it (dist/.vite, never served).
    manifest: true,
    rolldownOptions: {
      output: {
        // A shared chunk is named after every page using it; its hash is enough.
        chunkFileNames: (chunk) =>
          chunk.name.startsWith('shared~') ? 'assets/shared-[hash].js' : 'assets/[name]-[hash].js',
        codeSplitting: {
          groups: [
            // What every page runs on, cached apart from the app's own code.
            {
              name: 'framework',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)|zod)[\\/]/,
              priority: 3,
            },
            // Only the virtualised lists (overview, nodes) need it.
            { name: 'virtual', test: /[\\/]@tanstack[\\/](react-)?virtual/, priority: 2 },
            // Code that several pages share, in a few chunks rather than one per module.
            {
              name: 'shared',
              minShareCount: 2,
              priority: 1,
              entriesAware: true,
              entriesAwareMergeThreshold: 0,
            },
          ],
        },
      },
    },
  },
});
