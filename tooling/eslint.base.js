// Shared lint rules for every package; the root eslint.config.js applies them, and each package's
// `lint` script (run and cached by turbo) lints its own directory with it.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { resolve } from 'node:path';
import { webRoomsPlugin } from './eslint-web-rooms.js';

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

// Every TypeScript file is linted with its types (each package's tsconfig, found by the project
// service): a promise is awaited or handed on, never dropped or passed where a callback's result
// is ignored; a switch over a union names every member; `0` is a value, so `??`, never `||`.
export const typeAware = (tsconfigRootDir) => [
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      '@typescript-eslint/prefer-nullish-coalescing': 'error',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
];

// The React app: the rules of hooks (called unconditionally, complete effect dependencies).
export const reactApp = (files) => ({
  files,
  plugins: { 'react-hooks': reactHooks },
  rules: reactHooks.configs.recommended.rules,
});

// The web app's rooms (see eslint-web-rooms.js): features apart from each other, components/ and
// api/ apart from features. Outside app/, only its routing (paths, the lazy pages) and app-wide
// state (the query client) may be imported from it.
export const webRooms = (root, dir) => ({
  files: [`${dir}/**/*.{ts,tsx}`],
  plugins: { web: webRoomsPlugin },
  rules: {
    'web/rooms': [
      'error',
      { src: resolve(root, dir), appModules: ['paths', 'lazy-component', 'query-client'] },
    ],
  },
});

// The pure core: no I/O, no clock, no runtime Kubernetes client.
const coreImportBans = [
  {
    group: ['node:*', 'fs', 'http', 'https', 'net', 'child_process'],
    message: 'packages/shared does no I/O.',
  },
  {
    group: ['@kubernetes/client-node'],
    message: 'packages/shared never imports a runtime Kubernetes client.',
  },
];

// packages/shared's tool kits: the synthetic cluster generator, test builders, the CLI and the
// oracle runner. Each is a subpath export (`@pdbscope/shared/synthetic`...) for its users; the
// engine and the API contract (the main entry and its subpaths) never import them, so neither
// the BFF nor the web bundle carries them.
export const toolKits = ['synthetic', 'testing', 'cli', 'oracle'];
const toolKitImportBan = {
  group: toolKits.flatMap((kit) => [`@pdbscope/shared/${kit}`, `**/${kit}/**`]),
  message:
    'The engine and the API contract never import the tool kits (synthetic, testing, cli, oracle): only tests and the kits themselves do.',
};

const clockBans = [
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=0]",
    message: 'The core never reads the clock: take `now` as a parameter.',
  },
  {
    selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
    message: 'The core never reads the clock: take `now` as a parameter.',
  },
];

// The one module that reads the clock: the wall clock the edges inject (a clock is not I/O,
// reading it is); nothing else in the core calls it.
const wallClockModule = (root) => `${root}/clock/system-clock.ts`;

export const pureCore = (root) => [
  {
    files: [`${root}/**/*.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: coreImportBans }] },
  },
  {
    files: [`${root}/**/*.ts`],
    ignores: [wallClockModule(root)],
    rules: { 'no-restricted-syntax': ['error', ...clockBans] },
  },
  {
    files: [`${root}/**/*.ts`],
    ignores: ['**/*.test.ts', ...toolKits.map((kit) => `${root}/${kit}/**`)],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...coreImportBans, toolKitImportBan] }],
    },
  },
];

// The BFF and the web app: production code imports the engine and the API contract, never the
// tool kits nor shared's sources by path (tests and fixtures may).
const appTestFiles = ['**/*.test.{ts,tsx}', '**/__fixtures__/**', '**/src/test/**'];
const appImportBan = {
  group: [...toolKits.map((kit) => `@pdbscope/shared/${kit}`), '**/packages/shared/**'],
  message:
    'Production code never imports the tool kits (synthetic, testing, cli, oracle) or shared by path: tests and fixtures may.',
};
// `bans`: more import patterns the app's production code may not use; `tests`: more files that
// are test code. A later no-restricted-imports replaces an earlier one, so every config gives
// all of its patterns.
export const appBoundary = (files, bans = [], tests = []) => ({
  files,
  ignores: [...appTestFiles, ...tests],
  rules: { 'no-restricted-imports': ['error', { patterns: [appImportBan, ...bans] }] },
});

// A layer of an app that never imports another, its tests included (e.g. the BFF's data path
// never imports its control path). Its production files keep the app's boundary and `bans`.
export const layerBoundary = ({ files, banned, message, bans = [] }) => {
  const ban = { group: banned, message };
  return [
    { files, rules: { 'no-restricted-imports': ['error', { patterns: [ban] }] } },
    appBoundary(files, [...bans, ban]),
  ];
};
