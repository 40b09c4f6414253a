// Shared lint rules for every package; the root eslint.config.js applies them.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export const ignores = {
  ignores: [
    '**/node_modules/**',
    '**/dist/**',
    '**/.turbo/**',
    '**/coverage/**',
    'e2e/artifacts/**',
  ],
};

export const base = [
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
    },
  },
];

// The pure core: type-aware rules (0 is a value, so `??` and never `||` on counts), and no I/O.
export const pureCore = (files) => ({
  files,
  languageOptions: { parserOptions: { projectService: true } },
  rules: {
    '@typescript-eslint/prefer-nullish-coalescing': 'error',
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['node:*', 'fs', 'http', 'https', 'net', 'child_process'],
            message: 'packages/shared does no I/O.',
          },
          {
            group: ['@kubernetes/client-node'],
            message: 'packages/shared never imports a runtime Kubernetes client.',
          },
        ],
      },
    ],
    'no-restricted-syntax': [
      'error',
      {
        selector: "NewExpression[callee.name='Date'][arguments.length=0]",
        message: 'The core never reads the clock: take `now` as a parameter.',
      },
      {
        selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
        message: 'The core never reads the clock: take `now` as a parameter.',
      },
    ],
  },
});
