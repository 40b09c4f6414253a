// The web app's rooms, as one lint rule: a file under `features/<a>/` imports only from its own
// feature, `components/`, `api/` and `app/` (tests also from `test/`); `components/` and `api/`
// never import a feature; and outside `app/`, only app/'s routing and app-wide state may be
// imported from it, so that app/ never becomes where shared helpers are dropped.
//
// A rule of our own rather than `no-restricted-imports` patterns: it resolves each relative
// import against the importing file, so it holds at any folder depth and for any new feature,
// and it does not replace the `no-restricted-imports` bans the same files already carry.
import { dirname, relative, resolve, sep } from 'node:path';

const SHARED_ROOMS = ['components', 'api'];

/** The room of a path relative to the app's `src/`: `['features', 'nodes']`, `['components']`... */
function roomOf(pathInSrc) {
  const [top, second] = pathInSrc.split(sep);
  if (top === undefined || top === '..') return undefined;
  return top === 'features' ? ['features', second] : [top];
}

/** The module's name in `app/` without its extension (`paths` for `app/paths.js`). */
function appModuleOf(pathInSrc) {
  return pathInSrc
    .split(sep)
    .slice(1)
    .join('/')
    .replace(/\.[cm]?[jt]sx?$/, '');
}

/** What is wrong with an import from room `from` of `toPath` (relative to src/), if anything. */
function violation({ from, toPath, isTest, appModules }) {
  const to = roomOf(toPath);
  if (to === undefined) return undefined;
  if (from[0] === 'features' && to[0] === 'features')
    return to[1] === from[1]
      ? undefined
      : { messageId: 'otherFeature', data: { from: from[1], to: to[1] } };
  const allowed = [...SHARED_ROOMS, 'app', ...(isTest ? ['test'] : [])];
  if (from[0] === 'features' && !allowed.includes(to[0]))
    return { messageId: 'notAllowed', data: { from: from[1], to: toPath.split(sep).join('/') } };
  if (SHARED_ROOMS.includes(from[0]) && to[0] === 'features')
    return { messageId: 'sharedImportsFeature', data: { from: from[0], to: to[1] } };
  const outsideApp = from[0] === 'features' || SHARED_ROOMS.includes(from[0]);
  const module = appModuleOf(toPath);
  if (outsideApp && to[0] === 'app' && !appModules.includes(module))
    return { messageId: 'appModule', data: { module, allowed: appModules.join(', ') } };
  return undefined;
}

const roomsRule = {
  meta: {
    type: 'problem',
    docs: { description: "Keeps the web app's features apart and app/ to routing and app state." },
    schema: [
      {
        type: 'object',
        properties: {
          src: { type: 'string' },
          appModules: { type: 'array', items: { type: 'string' } },
        },
        required: ['src', 'appModules'],
        additionalProperties: false,
      },
    ],
    messages: {
      otherFeature:
        'features/{{from}} imports features/{{to}}: a feature imports only its own folder, components/, api/ and app/. Move what both use to components/ (a widget or helper) or api/ (data access), or let app/ compose them.',
      notAllowed:
        'features/{{from}} imports {{to}}: a feature imports only its own folder, components/, api/ and app/.',
      sharedImportsFeature:
        '{{from}}/ imports features/{{to}}: shared code never depends on a feature; move what it needs out of the feature.',
      appModule:
        'app/{{module}} is not among what app/ offers the rest of the app ({{allowed}}): app/ holds routing, layout and app-wide state, and shared widgets and helpers belong in components/. To share more app-wide state, add it to appModules in tooling/eslint.base.js.',
    },
  },
  create(context) {
    const [{ src, appModules }] = context.options;
    const from = roomOf(relative(src, context.filename));
    if (from === undefined) return {};
    const isTest = /\.test\.[jt]sx?$/.test(context.filename);
    const check = (source) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      if (!source.value.startsWith('.')) return;
      const toPath = relative(src, resolve(dirname(context.filename), source.value));
      const found = violation({ from, toPath, isTest, appModules });
      if (found !== undefined) context.report({ node: source, ...found });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export const webRoomsPlugin = { rules: { rooms: roomsRule } };
