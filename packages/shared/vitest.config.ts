import { defineConfig } from 'vitest/config';

const V8_TESTS = 'src/**/*.v8.test.ts';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          include: ['src/**/*.test.ts', 'bin/**/*.test.ts'],
          exclude: [V8_TESTS],
          pool: 'threads',
          // Some tests spawn the command lines through tsx; on a loaded 2-core machine that takes seconds.
          testTimeout: 30_000,
        },
      },
      {
        // Tests that ask V8 about hidden classes: processes of their own, the flag given at start.
        test: {
          name: 'v8',
          include: [V8_TESTS],
          pool: 'forks',
          execArgv: ['--allow-natives-syntax'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
