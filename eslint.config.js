import tseslint from 'typescript-eslint';
import {
  appBoundary,
  base,
  ignores,
  layerBoundary,
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

// The BFF loads the simulator only for --sim, with a dynamic import() (which the rule lets by).
const simOnlyForSim = {
  group: ['@pdbscope/sim', '@pdbscope/sim/*'],
  message:
    'The BFF loads the simulator only for --sim (a dynamic import()); the wall clock is in @pdbscope/shared/clock.',
};

// The BFF's data path (store/: the index, the rows, the analysis) never imports its control path
// (kube/: discovery, sources, readiness, identity); kube/ writes into store/ through its port.
const bffDataPath = layerBoundary({
  files: ['apps/bff/src/store/**/*.ts'],
  banned: ['**/kube/**'],
  message:
    'store/ is the data path and never imports kube/ (the control path): kube/ writes into it through StorePort.',
  bans: [simOnlyForSim],
});

// The BFF's control path stays readable: no function over ~80 lines (the sources' start was one
// of 209 with four closures inside).
const bffControlPathFunctions = {
  files: ['apps/bff/src/kube/**/*.ts'],
  ignores: ['**/*.test.ts'],
  rules: {
    'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
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
  // The soak (`pnpm soak`) is test code, outside `pnpm test` only because it is long.
  appBoundary(['apps/**/*.{ts,tsx}'], [], ['apps/bff/src/soak/**']),
  appBoundary(
    ['apps/bff/**/*.ts'],
    [simOnlyForSim],
    ['apps/bff/src/integration/**', 'apps/bff/src/soak/**'],
  ),
  ...bffDataPath,
  bffControlPathFunctions,
);
