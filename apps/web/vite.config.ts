import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In development the BFF runs separately; PDBSCOPE_BFF_URL points the proxy at it.
const bff = process.env['PDBSCOPE_BFF_URL'] ?? 'http://127.0.0.1:7070';

export default defineConfig({
  plugins: [react()],
  server: { host: '127.0.0.1', proxy: { '/api': { target: bff, changeOrigin: false } } },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 600 },
});
