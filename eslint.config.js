import tseslint from 'typescript-eslint';
import {
  appBoundary,
  base,
  ignores,
  pureCore,
  reactApp,
  typeAware,
  webRooms,
} from './tooling/eslint.base.js';

// Test builders stay out of the simulator's production code.
const testFixturesInTestsOnly = {
  files: ['packages/sim/**/*.ts'],
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
  ...pureCore('packages/shared/src'),
  reactApp(['apps/web/src/**/*.{ts,tsx}']),
  webRooms(import.meta.dirname, 'apps/web/src'),
  testFixturesInTestsOnly,
  appBoundary(['apps/**/*.{ts,tsx}']),
);
