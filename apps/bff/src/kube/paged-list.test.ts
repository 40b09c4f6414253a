import { describe, expect, it } from 'vitest';
import { KubeStatusError, type KubeGetOptions, type KubeHttp } from './http.js';
import { continueInHead, listAllPages } from './paged-list.js';

interface PodListPage {
  kind: 'PodList';
  apiVersion: 'v1';
  metadata: { resourceVersion: string; continue?: string };
  items: { metadata: { name: string; namespace: string } }[];
}

function page(names: string[], next?: string): PodListPage {
  return {
    kind: 'PodList',
    apiVersion: 'v1',
    metadata: { resourceVersion: '812', ...(next !== undefined ? { continue: next } : {}) },
    items: names.map((name) => ({ metadata: { name, namespace: 'shop' } })),
  };
}

/**
 * A fake API server: pages by continue token. Each answer calls `onHead` with the start of the
 * serialized body, as the real transport does, before resolving; every request is recorded.
 */
function fakeHttp(pages: Map<string, PodListPage>, head: (body: string) => string = (b) => b) {
  const asked: string[] = [];
  const aborted: string[] = [];
  const http = {
    getOk(path: string, options: KubeGetOptions = {}): Promise<unknown> {
      const token = new URL(path, 'http://x').searchParams.get('continue') ?? '';
      asked.push(token);
      options.signal?.addEventListener('abort', () => aborted.push(token));
      const body = pages.get(token);
      if (!body) return Promise.reject(new KubeStatusError(410, undefined, path));
      options.onHead?.(head(JSON.stringify(body)).slice(0, 4096));
      return Promise.resolve(JSON.parse(JSON.stringify(body)) as unknown);
    },
  } as unknown as KubeHttp;
  return { http, asked, aborted };
}

const names = (raw: unknown) => (raw as { metadata: { name: string } }).metadata.name;

describe('continueInHead', () => {
  it('reads the token from the metadata before the items', () => {
    expect(
      continueInHead(
        '{"kind":"PodList","metadata":{"resourceVersion":"9","continue":"abc="},"items":[{',
      ),
    ).toBe('abc=');
  });

  it('ignores a continue key inside the items', () => {
    expect(
      continueInHead('{"metadata":{"resourceVersion":"9"},"items":[{"metadata":{"continue":"x"}'),
    ).toBeUndefined();
  });
});

describe('listAllPages', () => {
  it('asks for each page once, the next one as soon as the current page’s head arrives', async () => {
    const pages = new Map([
      ['', page(['web-0', 'web-1'], 't1')],
      ['t1', page(['web-2', 'web-3'], 't2')],
      ['t2', page(['web-4'])],
    ]);
    const fake = fakeHttp(pages);
    // Each page is handed over as it is projected, before the next one is read.
    const handed: { items: readonly string[]; asked: number }[] = [];
    const list = await listAllPages({
      http: fake.http,
      path: '/api/v1/pods',
      project: names,
      onPage: (items) => handed.push({ items, asked: fake.asked.length }),
    });
    expect(list).toStrictEqual({
      items: ['web-0', 'web-1', 'web-2', 'web-3', 'web-4'],
      resourceVersion: '812',
    });
    expect(handed).toStrictEqual([
      { items: ['web-0', 'web-1'], asked: 2 },
      { items: ['web-2', 'web-3'], asked: 3 },
      { items: ['web-4'], asked: 3 },
    ]);
    expect(fake.asked).toStrictEqual(['', 't1', 't2']);
    expect(fake.aborted).toStrictEqual([]);
  });

  it('drops a page asked for early when the parsed body names another token', async () => {
    const pages = new Map([
      ['', page(['web-0'], 'real')],
      ['guessed', page(['stale'])],
      ['real', page(['web-1'])],
    ]);
    // The head says one token, the body another (a server that reorders its metadata, say).
    const fake = fakeHttp(pages, (b) => b.replace('"continue":"real"', '"continue":"guessed"'));
    const list = await listAllPages({ http: fake.http, path: '/api/v1/pods', project: names });
    expect(list.items).toStrictEqual(['web-0', 'web-1']);
    expect(fake.asked).toStrictEqual(['', 'guessed', 'real']);
    expect(fake.aborted).toStrictEqual(['guessed']);
  });

  it('lists page by page when the head has no token to read', async () => {
    const pages = new Map([
      ['', page(['web-0'], 't1')],
      ['t1', page(['web-1'])],
    ]);
    const fake = fakeHttp(pages, () => '{"kind":"PodList","items":[');
    const list = await listAllPages({ http: fake.http, path: '/api/v1/pods', project: names });
    expect(list.items).toStrictEqual(['web-0', 'web-1']);
    expect(fake.asked).toStrictEqual(['', 't1']);
  });

  it('starts over when a continue token has expired (410)', async () => {
    const pages = new Map([
      ['', page(['web-0'], 'expired')],
      ['t1', page(['web-1'])],
    ]);
    const fake = fakeHttp(pages);
    // The first pass fails on the expired token; the server then hands out a fresh one.
    let first = true;
    const base = fake.http.getOk.bind(fake.http);
    (fake.http as { getOk: KubeHttp['getOk'] }).getOk = (path, options) => {
      if (!first && !path.includes('continue')) pages.set('', page(['web-0'], 't1'));
      first = false;
      return base(path, options);
    };
    const handed: (readonly string[])[] = [];
    const list = await listAllPages({
      http: fake.http,
      path: '/api/v1/pods',
      project: names,
      onPage: (items) => handed.push(items),
    });
    expect(list.items).toStrictEqual(['web-0', 'web-1']);
    expect(handed).toStrictEqual([['web-0'], ['web-0'], ['web-1']]);
    expect(fake.asked).toStrictEqual(['', 'expired', '', 't1']);
  });
});
