import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Some tests spawn the command lines through tsx; on a loaded 2-core machine that takes seconds.
  test: { include: ['src/**/*.test.ts', 'bin/**/*.test.ts'], pool: 'threads', testTimeout: 30_000 },
});
