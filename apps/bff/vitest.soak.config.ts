import { defineConfig } from 'vitest/config';

/** `pnpm soak` only: never part of `pnpm test` (see src/soak/soak.soak.ts). */
export default defineConfig({
  test: { include: ['src/soak/**/*.soak.ts'], testTimeout: 1_200_000, hookTimeout: 300_000 },
});
