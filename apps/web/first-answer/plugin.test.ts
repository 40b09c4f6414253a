import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Rolldown } from 'vite';
import { pageChunks, prefetchScript } from './plugin.js';

/** A chunk of a build as rolldown describes it, with only what pageChunks reads. */
function chunk(fileName: string, imports: string[], entry: { module?: string; isEntry?: boolean }) {
  return {
    type: 'chunk',
    fileName,
    imports,
    isEntry: entry.isEntry ?? false,
    facadeModuleId: entry.module ?? null,
  } as unknown as Rolldown.OutputChunk;
}

const src = '/repo/apps/web/src';
const bundle = Object.fromEntries(
  [
    chunk('assets/index-a1.js', ['assets/framework-b2.js', 'assets/shared-c3.js'], {
      module: '/repo/apps/web/index.html',
      isEntry: true,
    }),
    chunk('assets/framework-b2.js', [], {}),
    chunk('assets/shared-c3.js', ['assets/framework-b2.js'], {}),
    chunk('assets/virtual-d4.js', ['assets/framework-b2.js'], {}),
    chunk('assets/BudgetDetailPage-e5.js', ['assets/shared-c3.js'], {
      module: `${src}/features/budget-detail/BudgetDetailPage.tsx`,
    }),
    chunk('assets/NodesPage-f6.js', ['assets/shared-c3.js', 'assets/virtual-d4.js'], {
      module: `${src}/features/nodes/NodesPage.tsx`,
    }),
    chunk('assets/PodsPage-g7.js', ['assets/virtual-d4.js'], {
      module: `${src}/features/pods/PodsPage.tsx`,
    }),
  ].map((out) => [out.fileName, out]),
) as Rolldown.OutputBundle;

afterEach(() => {
  delete window.__pdbscopePrefetch;
  document.head.innerHTML = '';
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
});

/** Runs the inlined script at `url` as the page would, the fetches it makes recorded. */
function runAt(url: string, chunks: Record<string, string[]>) {
  window.history.replaceState(null, '', url);
  const fetch = vi.fn((_path: string, _init?: RequestInit) => Promise.resolve(new Response('{}')));
  vi.stubGlobal('fetch', fetch);
  new Function(prefetchScript(chunks))();
  return {
    asked: fetch.mock.calls.map(([path]) => path),
    taken: window.__pdbscopePrefetch?.path,
    preloaded: [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) =>
      link.getAttribute('href'),
    ),
  };
}

describe('pageChunks', () => {
  it("lists each known page's chunks that the entry does not load already", () => {
    expect(pageChunks(bundle)).toStrictEqual({
      detail: ['/assets/BudgetDetailPage-e5.js'],
      nodes: ['/assets/NodesPage-f6.js', '/assets/virtual-d4.js'],
    });
  });
});

describe('prefetchScript', () => {
  const chunks = pageChunks(bundle);

  it("asks for a budget's detail on its page and preloads the page's chunk", () => {
    expect(runAt('/budgets/PodDisruptionBudget/data/zookeeper', chunks)).toStrictEqual({
      asked: ['/api/budgets/PodDisruptionBudget/data/zookeeper'],
      taken: '/api/budgets/PodDisruptionBudget/data/zookeeper',
      preloaded: ['/assets/BudgetDetailPage-e5.js'],
    });
  });

  it("asks for the overview's search as the app writes it, and for the nodes on /nodes", () => {
    const overview = runAt('/?q=zoo+keeper&namespace=data', chunks);
    document.head.innerHTML = '';
    const nodes = runAt('/nodes?group=zone', chunks);
    expect([overview, nodes]).toStrictEqual([
      {
        asked: ['/api/budgets?text=zoo+keeper'],
        taken: '/api/budgets?text=zoo+keeper',
        preloaded: [],
      },
      {
        asked: ['/api/nodes'],
        taken: '/api/nodes',
        preloaded: ['/assets/NodesPage-f6.js', '/assets/virtual-d4.js'],
      },
    ]);
  });

  it('asks for nothing and preloads nothing on any other page', () => {
    expect(runAt('/pods/data/zookeeper-0', chunks)).toStrictEqual({
      asked: [],
      taken: undefined,
      preloaded: [],
    });
  });
});
