import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'bin/**/*.test.ts'],
    // The command lines are spawned through tsx, and the simulated cluster is listed with kubectl:
    // on a loaded 2-core machine that takes seconds.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
