import tseslint from 'typescript-eslint';
import { base, ignores, pureCore, reactApp, typeAware } from './tooling/eslint.base.js';

// Test builders stay out of production code, and so out of the web bundle.
const testFixturesInTestsOnly = {
  files: ['apps/**/*.{ts,tsx}', 'packages/sim/**/*.ts'],
  ignores: ['**/*.test.{ts,tsx}', '**/__fixtures__/**', '**/src/test/**'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['@pdbscope/shared/testing'],
            message: 'Test-only fixtures: import them from tests and fixtures only.',
          },
        ],
      },
    ],
  },
};

export default tseslint.config(
  ignores,
  ...base,
  ...typeAware(import.meta.dirname),
  pureCore(['packages/shared/src/**/*.ts']),
  reactApp(['apps/web/src/**/*.{ts,tsx}']),
  testFixturesInTestsOnly,
);
