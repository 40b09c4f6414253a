import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pod, seedShop } from './__fixtures__/cluster.js';
import type { Harness } from './__fixtures__/harness.js';
import { startHarness } from './__fixtures__/harness.js';
import { openWatch } from './__fixtures__/watch-client.js';
import { rfc3339 } from '../store/index.js';
import { createSimServer } from './create-server.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness(seedShop);
});

afterAll(async () => {
  await h.close();
});

async function call(
  method: string,
  path: string,
  body?: unknown,
  contentType = 'application/json',
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(new URL(path, h.server.url), {
    method,
    headers: { 'Content-Type': contentType },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const PDBS = '/apis/policy/v1/namespaces/shop/poddisruptionbudgets';

describe('createSimServer', () => {
  it('refuses to bind anywhere but loopback', async () => {
    await expect(createSimServer({ store: h.store, host: '0.0.0.0' })).rejects.toThrow(
      'the simulated API server binds to loopback only, not 0.0.0.0',
    );
  });
});

describe('discovery', () => {
  it('answers the aggregated form when asked for it, and the legacy form otherwise', async () => {
    const accept =
      'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json';
    const res = await fetch(new URL('/apis', h.server.url), { headers: { Accept: accept } });
    const list = (await res.json()) as {
      kind: string;
      items: {
        metadata: { name: string };
        versions: { version: string; resources: { resource: string }[] }[];
      }[];
    };
    expect(res.headers.get('content-type')).toBe(
      'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList',
    );
    expect(
      list.items.map((g) => [
        g.metadata.name,
        g.versions.map((v) => [v.version, v.resources.map((r) => r.resource)]),
      ]),
    ).toStrictEqual([
      ['apps', [['v1', ['deployments', 'replicasets', 'statefulsets', 'daemonsets']]]],
      ['batch', [['v1', ['jobs']]]],
      ['policy', [['v1', ['poddisruptionbudgets']]]],
      ['policy.kruise.io', [['v1alpha1', ['podunavailablebudgets']]]],
      ['scheduling.k8s.io', [['v1', ['priorityclasses']]]],
      ['karpenter.sh', [['v1', ['nodepools', 'nodeclaims']]]],
    ]);
    const legacy = await call('GET', '/apis');
    expect([
      legacy.body.kind,
      (legacy.body.groups as { name: string }[]).map((g) => g.name),
    ]).toStrictEqual([
      'APIGroupList',
      ['apps', 'batch', 'policy', 'policy.kruise.io', 'scheduling.k8s.io', 'karpenter.sh'],
    ]);
  });

  it('leaves out a group it is told not to serve, as a cluster without its CRDs', async () => {
    const server = await createSimServer({ store: h.store, unservedGroups: ['karpenter.sh'] });
    try {
      const get = async (path: string) => {
        const res = await fetch(new URL(path, server.url));
        return [res.status, ((await res.json()) as { kind?: string }).kind];
      };
      const groups = (await (await fetch(new URL('/apis', server.url))).json()) as {
        groups: { name: string }[];
      };
      expect({
        groups: groups.groups.map((g) => g.name),
        group: await get('/apis/karpenter.sh'),
        version: await get('/apis/karpenter.sh/v1'),
        list: await get('/apis/karpenter.sh/v1/nodepools'),
        served: await get('/apis/scheduling.k8s.io/v1/priorityclasses'),
      }).toStrictEqual({
        groups: ['apps', 'batch', 'policy', 'policy.kruise.io', 'scheduling.k8s.io'],
        group: [404, 'Status'],
        version: [404, 'Status'],
        list: [404, 'Status'],
        served: [200, 'PriorityClassList'],
      });
    } finally {
      await server.close();
    }
  });
});

describe('errors are Status bodies like kube-apiserver', () => {
  it('400 for a malformed body, and the server keeps serving', async () => {
    const r = await call('POST', PDBS, '{"apiVersion": "policy/v1", "kind": ');
    expect(r).toStrictEqual({
      status: 400,
      body: {
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        message: "couldn't get version/kind; json parse error: unexpected end of JSON input",
        reason: 'BadRequest',
        code: 400,
      },
    });
    expect((await call('POST', PDBS, '{"apiVersion": x}')).body.message).toBe(
      "couldn't get version/kind; json parse error: invalid character 'x' looking for beginning of value",
    );
    expect((await call('GET', PDBS)).status).toBe(200);
  });

  it('404 for unknown paths, resources and objects', async () => {
    const unknown = {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'the server could not find the requested resource',
      reason: 'NotFound',
      details: {},
      code: 404,
    };
    expect(await call('GET', '/nope')).toStrictEqual({ status: 404, body: unknown });
    expect(await call('GET', '/api/v1/widgets')).toStrictEqual({ status: 404, body: unknown });
    expect(await call('GET', '/apis/policy/v1beta1/poddisruptionbudgets')).toStrictEqual({
      status: 404,
      body: unknown,
    });
    expect(await call('GET', `${PDBS}/missing`)).toStrictEqual({
      status: 404,
      body: {
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        message: 'poddisruptionbudgets.policy "missing" not found',
        reason: 'NotFound',
        details: { name: 'missing', group: 'policy', kind: 'poddisruptionbudgets' },
        code: 404,
      },
    });
    expect(
      (
        await call('POST', '/api/v1/namespaces/ghost/pods', {
          apiVersion: 'v1',
          kind: 'Pod',
          metadata: { name: 'x' },
          spec: {},
        })
      ).body.message,
    ).toBe('namespaces "ghost" not found');
  });

  it('405 for a method the resource does not allow', async () => {
    expect((await call('DELETE', '/api/v1/namespaces')).status).toBe(405);
    expect((await call('GET', '/api/v1/namespaces/shop/pods/web-1/eviction')).status).toBe(405);
  });

  it('409 AlreadyExists and Conflict', async () => {
    const pdb = {
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: { name: 'api' },
      spec: { maxUnavailable: 1, selector: { matchLabels: { app: 'api' } } },
    };
    const created = await call('POST', PDBS, pdb);
    expect([created.status, created.body.status]).toStrictEqual([201, undefined]);
    expect((await call('POST', PDBS, pdb)).body).toMatchObject({
      reason: 'AlreadyExists',
      code: 409,
      message: 'poddisruptionbudgets.policy "api" already exists',
    });
    const stale = await call('PUT', `${PDBS}/api`, {
      ...pdb,
      metadata: { name: 'api', resourceVersion: '1' },
    });
    expect(stale.body).toMatchObject({
      reason: 'Conflict',
      code: 409,
      message:
        'Operation cannot be fulfilled on poddisruptionbudgets.policy "api": the object has been modified; please apply your changes to the latest version and try again',
    });
  });

  it('422 Invalid with causes for an invalid PDB', async () => {
    const r = await call('POST', PDBS, {
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: { name: 'bad' },
      spec: { minAvailable: 1, maxUnavailable: '10%', selector: { matchLabels: { app: 'x' } } },
    });
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({
      reason: 'Invalid',
      code: 422,
      details: { name: 'bad', group: 'policy', kind: 'PodDisruptionBudget' },
    });
    expect(String(r.body.message)).toMatch(
      /^PodDisruptionBudget\.policy "bad" is invalid: spec: Invalid value: .*minAvailable and maxUnavailable cannot be both set$/,
    );
  });

  it('422 from the Kruise webhook for an invalid PUB', async () => {
    const r = await call(
      'POST',
      '/apis/policy.kruise.io/v1alpha1/namespaces/shop/podunavailablebudgets',
      {
        apiVersion: 'policy.kruise.io/v1alpha1',
        kind: 'PodUnavailableBudget',
        metadata: { name: 'pub' },
        spec: { selector: { matchLabels: { app: 'web' } } },
      },
    );
    expect(r.status).toBe(422);
    expect(r.body).toStrictEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message:
        'admission webhook "vpodunavailablebudget.kb.io" denied the request: spec.maxUnavailable, minAvailable: Required value: no maxUnavailable or minAvailable defined in PodUnavailableBudget',
      reason: 'Invalid',
      details: {
        causes: [
          {
            message:
              'spec.maxUnavailable, minAvailable: Required value: no maxUnavailable or minAvailable defined in PodUnavailableBudget',
          },
        ],
      },
      code: 422,
    });
  });

  it('415 for a patch type it does not understand', async () => {
    expect((await call('PATCH', '/api/v1/nodes/node-a', { spec: {} }, 'text/plain')).status).toBe(
      415,
    );
  });
});

describe('deletecollection', () => {
  it('deletes what the selectors match, gracefully for pods', async () => {
    const r = await call(
      'DELETE',
      '/api/v1/namespaces/shop/pods?fieldSelector=spec.nodeName%3Dnode-b',
    );
    const items = r.body.items as { metadata: { name: string; deletionTimestamp?: string } }[];
    expect([
      r.status,
      r.body.kind,
      items.map((i) => [i.metadata.name, i.metadata.deletionTimestamp !== undefined]),
    ]).toStrictEqual([200, 'PodList', [['web-3', true]]]);
    h.clock.advance(30_000);
    expect(h.store.get('pods', 'shop', 'web-3')).toBeUndefined();
    expect(
      h.store.create('pods', { ...pod({ name: 'web-3', nodeName: 'node-b', ip: '10.244.2.4' }) })
        .ok,
    ).toBe(true);
  });
});

describe('list, paging and Tables', () => {
  it('pages with limit and continue', async () => {
    const first = await call('GET', '/api/v1/pods?limit=2');
    const meta = first.body.metadata as { continue: string; resourceVersion: string };
    const names = (b: Record<string, unknown>): unknown[] =>
      (b.items as { metadata: { name: string } }[]).map((i) => i.metadata.name);
    expect(names(first.body)).toStrictEqual(['web-1', 'web-2']);
    const second = await call(
      'GET',
      `/api/v1/pods?limit=2&continue=${encodeURIComponent(meta.continue)}`,
    );
    expect([names(second.body), second.body.metadata]).toStrictEqual([
      ['web-3'],
      { resourceVersion: meta.resourceVersion },
    ]);
  });

  it('serves PUB Tables with the CRD printer columns', async () => {
    const pub = {
      apiVersion: 'policy.kruise.io/v1alpha1',
      kind: 'PodUnavailableBudget',
      metadata: {
        name: 'web-pub',
        namespace: 'shop',
        creationTimestamp: rfc3339(new Date(h.clock.now().getTime() - 150_000)),
      },
      spec: { selector: { matchLabels: { app: 'web' } }, maxUnavailable: 1 },
      status: { unavailableAllowed: 1, currentAvailable: 3, desiredAvailable: 2, totalReplicas: 3 },
    };
    expect(h.store.create('podunavailablebudgets', pub, { seed: true }).ok).toBe(true);
    const res = await fetch(
      new URL('/apis/policy.kruise.io/v1alpha1/podunavailablebudgets', h.server.url),
      {
        headers: { Accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' },
      },
    );
    const table = (await res.json()) as {
      columnDefinitions: { name: string }[];
      rows: { cells: unknown[] }[];
    };
    expect(table.columnDefinitions.map((c) => c.name)).toStrictEqual([
      'Name',
      'Allowed',
      'Available',
      'Desired',
      'Total',
      'AGE',
    ]);
    expect(table.rows.map((r) => r.cells)).toStrictEqual([['web-pub', 1, 3, 2, 3, '2m30s']]);
  });
});

describe('watch', () => {
  it('starts with the current state, then streams changes; bookmarks and timeoutSeconds follow the clock', async () => {
    const w = await openWatch(
      `${h.server.url}/api/v1/namespaces/shop/pods?watch=1&allowWatchBookmarks=true&timeoutSeconds=30&fieldSelector=spec.nodeName%3Dnode-b`,
    );
    expect(w.status).toBe(200);
    const first = await w.next();
    expect([first?.type, (first?.object.metadata as { name: string }).name]).toStrictEqual([
      'ADDED',
      'web-3',
    ]);
    h.clock.advance(10_000);
    const bookmark = await w.next();
    expect(bookmark).toStrictEqual({
      type: 'BOOKMARK',
      object: {
        kind: 'Pod',
        apiVersion: 'v1',
        metadata: { resourceVersion: h.store.resourceVersion() },
      },
    });
    h.store.modify(
      'pods',
      'shop',
      'web-3',
      (p) => void (p.spec = { ...(p.spec as object), nodeName: 'node-a' }),
    );
    const left = await w.next();
    expect([left?.type, (left?.object.metadata as { name: string }).name]).toStrictEqual([
      'DELETED',
      'web-3',
    ]);
    h.clock.advance(20_000);
    expect(await w.next()).toStrictEqual({
      type: 'BOOKMARK',
      object: {
        kind: 'Pod',
        apiVersion: 'v1',
        metadata: { resourceVersion: h.store.resourceVersion() },
      },
    });
    expect(await w.next()).toBeUndefined();
  });

  it('sends the initial state then an initial-events-end BOOKMARK for sendInitialEvents (WatchList)', async () => {
    const w = await openWatch(
      `${h.server.url}/api/v1/namespaces/shop/pods?watch=1&sendInitialEvents=true&allowWatchBookmarks=true&resourceVersionMatch=NotOlderThan&fieldSelector=metadata.name%3Dweb-2`,
    );
    const first = await w.next();
    expect([first?.type, (first?.object.metadata as { name: string }).name]).toStrictEqual([
      'ADDED',
      'web-2',
    ]);
    expect(await w.next()).toStrictEqual({
      type: 'BOOKMARK',
      object: {
        kind: 'Pod',
        apiVersion: 'v1',
        metadata: {
          resourceVersion: h.store.resourceVersion(),
          annotations: { 'k8s.io/initial-events-end': 'true' },
        },
      },
    });
    w.close();
    expect((await call('GET', '/api/v1/pods?watch=1&sendInitialEvents=true')).status).toBe(422);
  });

  it('resumes after a resourceVersion and sends 410 Expired as an ERROR event once it is compacted', async () => {
    const rv = h.store.resourceVersion();
    h.store.modify(
      'pods',
      'shop',
      'web-1',
      (p) => void (p.metadata.labels = { app: 'web', tier: 'x' }),
    );
    const resumed = await openWatch(`${h.server.url}/api/v1/pods?watch=true&resourceVersion=${rv}`);
    const ev = await resumed.next();
    expect([ev?.type, (ev?.object.metadata as { labels: unknown }).labels]).toStrictEqual([
      'MODIFIED',
      { app: 'web', tier: 'x' },
    ]);
    resumed.close();
    const res = await fetch(`${h.server.url}/_sim/restart`, { method: 'POST' });
    expect(res.status).toBe(200);
    const expired = await openWatch(`${h.server.url}/api/v1/pods?watch=true&resourceVersion=${rv}`);
    const err = await expired.next();
    expect(err?.type).toBe('ERROR');
    expect(err?.object).toMatchObject({
      kind: 'Status',
      status: 'Failure',
      reason: 'Expired',
      code: 410,
    });
    expect(await expired.next()).toBeUndefined();
  });
});

describe('protobuf bodies', () => {
  it('answers 415 for a protobuf body that is not a decoded kind, or not protobuf at all', async () => {
    // runtime.Unknown{typeMeta: {apiVersion: "v1", kind: "Secret"}} after the magic prefix.
    const typeMeta = Buffer.from([
      0x0a,
      0x02,
      ...Buffer.from('v1'),
      0x12,
      0x06,
      ...Buffer.from('Secret'),
    ]);
    const secret = Buffer.concat([
      Buffer.from('k8s\0'),
      Buffer.from([0x0a, typeMeta.length]),
      typeMeta,
    ]);
    const post = (body: Buffer): Promise<Response> =>
      fetch(`${h.server.url}/api/v1/namespaces`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/vnd.kubernetes.protobuf' },
        body,
      });
    const refused = await post(secret);
    expect([refused.status, ((await refused.json()) as { message: string }).message]).toStrictEqual(
      [
        415,
        'protobuf bodies of v1/Secret are not decoded by the simulator (send JSON) - accepted media types include: application/json, application/yaml',
      ],
    );
    const garbage = await post(Buffer.from('{"kind":"Namespace"}'));
    expect(garbage.status).toBe(415);
  });
});

describe('a restart that rewinds resourceVersion (an etcd restore)', () => {
  it('lists at a version lower than any seen before, objects restamped below it, UIDs kept or new', async () => {
    const list = async (): Promise<{ rv: number; items: Record<string, unknown>[] }> => {
      const r = await call('GET', '/api/v1/namespaces/shop/pods');
      const items = r.body.items as { metadata: Record<string, unknown> }[];
      return {
        rv: Number((r.body.metadata as { resourceVersion: string }).resourceVersion),
        items: items.map((i) => ({
          name: i.metadata.name,
          uid: i.metadata.uid,
          rv: Number(i.metadata.resourceVersion),
        })),
      };
    };
    const before = await list();
    expect((await call('POST', '/_sim/faults/restart', { rewind: true })).status).toBe(200);
    const after = await list();
    expect(after.rv).toBeLessThan(before.rv);
    expect(after.items.map((i) => [i.name, i.uid])).toStrictEqual(
      before.items.map((i) => [i.name, i.uid]),
    );
    for (const i of after.items) expect(i.rv).toBeLessThanOrEqual(after.rv);
    const resumed = await fetch(
      `${h.server.url}/api/v1/namespaces/shop/pods?watch=true&resourceVersion=${before.rv}`,
    );
    expect([resumed.status, await resumed.json()]).toStrictEqual([
      504,
      {
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        message: `Timeout: Too large resource version: ${before.rv}, current: ${after.rv}`,
        reason: 'Timeout',
        details: {
          causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }],
          retryAfterSeconds: 1,
        },
        code: 504,
      },
    ]);
    const owner = {
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      metadata: { name: 'web-7d4b9c8f5d', namespace: 'shop', uid: 'rs-web-uid' },
      spec: { replicas: 3, selector: { matchLabels: { app: 'web' } } },
    };
    expect(h.store.create('replicasets', owner, { seed: true }).ok).toBe(true);
    await call('POST', '/_sim/faults/restart', { rewind: true, newUids: true });
    const renewed = await list();
    expect(renewed.rv).toBeLessThan(after.rv);
    expect(renewed.items.map((i) => i.name)).toStrictEqual(before.items.map((i) => i.name));
    for (const [n, i] of renewed.items.entries()) expect(i.uid).not.toBe(before.items[n]?.uid);
    const newOwnerUid = h.store.get('replicasets', 'shop', 'web-7d4b9c8f5d')?.metadata.uid;
    expect(newOwnerUid).not.toBe('rs-web-uid');
    expect(h.store.get('pods', 'shop', 'web-1')?.metadata.ownerReferences?.[0]?.uid).toBe(
      newOwnerUid,
    );
  });
});

/** kube-apiserver's answer when RBAC refuses a list of a core resource. */
function forbiddenAnswer(
  resource: string,
  scope: string,
): { status: number; body: Record<string, unknown> } {
  return {
    status: 403,
    body: {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: `${resource} is forbidden: User "system:serviceaccount:pdbscope:pdbscope-viewer" cannot list resource "${resource}" in API group "" ${scope}`,
      reason: 'Forbidden',
      details: { kind: resource },
      code: 403,
    },
  };
}

describe('/_sim fault and control endpoints', () => {
  it('fail-lists fails the next N lists with 500', async () => {
    expect((await call('POST', '/_sim/faults/fail-lists', { count: 2 })).status).toBe(200);
    expect((await call('GET', '/api/v1/pods')).status).toBe(500);
    expect((await call('GET', '/api/v1/pods')).status).toBe(500);
    expect((await call('GET', '/api/v1/pods')).status).toBe(200);
  });

  it('forbid answers 403 in the namespace and for cluster-wide reads, until unforbid', async () => {
    await call('POST', '/_sim/faults/forbid', { namespace: 'shop' });
    const ns = await call('GET', '/api/v1/namespaces/shop/pods');
    expect(ns).toStrictEqual(forbiddenAnswer('pods', 'in the namespace "shop"'));
    expect((await call('GET', '/api/v1/pods')).status).toBe(403);
    expect((await call('GET', '/api/v1/namespaces/default/pods')).status).toBe(200);
    await call('POST', '/_sim/faults/unforbid', {});
    expect((await call('GET', '/api/v1/pods')).status).toBe(200);
  });

  it('forbid with a resource answers 403 for that resource at every scope, until unforbid', async () => {
    const forbid = await call('POST', '/_sim/faults/forbid', { resource: 'namespaces' });
    const listed = await call('GET', '/api/v1/namespaces');
    const statuses = [
      (await call('GET', '/api/v1/namespaces/shop')).status,
      (await call('GET', '/api/v1/pods')).status,
      (await call('GET', '/api/v1/namespaces/shop/pods')).status,
    ];
    const lifted = await call('POST', '/_sim/faults/unforbid', { resource: 'namespaces' });
    expect([
      forbid.body,
      listed,
      statuses,
      lifted.body,
      (await call('GET', '/api/v1/namespaces')).status,
    ]).toStrictEqual([
      {
        failListsRemaining: 0,
        forbiddenNamespaces: [],
        forbiddenResources: ['namespaces'],
        forbiddenInNamespaces: [],
        brokenNamespaces: [],
        latencyMs: 0,
        tokens: 0,
      },
      forbiddenAnswer('namespaces', 'at the cluster scope'),
      [403, 200, 200],
      {
        failListsRemaining: 0,
        forbiddenNamespaces: [],
        forbiddenResources: [],
        forbiddenInNamespaces: [],
        brokenNamespaces: [],
        latencyMs: 0,
        tokens: 0,
      },
      200,
    ]);
  });

  it('forbid with a resource and a namespace answers 403 for that pair and cluster-wide only', async () => {
    const forbid = await call('POST', '/_sim/faults/forbid', {
      resource: 'pods',
      namespace: 'shop',
    });
    const inShop = await call('GET', '/api/v1/namespaces/shop/pods');
    const statuses = [
      (await call('GET', '/api/v1/pods')).status,
      (await call('GET', '/api/v1/namespaces/default/pods')).status,
      (await call('GET', PDBS)).status,
      (await call('GET', '/api/v1/namespaces/shop/pods/web-1')).status,
    ];
    const lifted = await call('POST', '/_sim/faults/unforbid', {
      resource: 'pods',
      namespace: 'shop',
    });
    expect([
      (forbid.body as { forbiddenInNamespaces: string[] }).forbiddenInNamespaces,
      inShop,
      statuses,
      (lifted.body as { forbiddenInNamespaces: string[] }).forbiddenInNamespaces,
      (await call('GET', '/api/v1/pods')).status,
    ]).toStrictEqual([
      ['pods@shop'],
      forbiddenAnswer('pods', 'in the namespace "shop"'),
      [403, 200, 200, 403],
      [],
      200,
    ]);
  });

  it('break answers 500 in the namespace (cluster-wide reads work), until mend', async () => {
    const broken = await call('POST', '/_sim/faults/break', { namespace: 'shop' });
    const inShop = await call('GET', '/api/v1/namespaces/shop/pods');
    const statuses = [
      (await call('GET', '/api/v1/pods')).status,
      (await call('GET', '/api/v1/namespaces/default/pods')).status,
    ];
    const mended = await call('POST', '/_sim/faults/mend', {});
    expect([
      (broken.body as { brokenNamespaces: string[] }).brokenNamespaces,
      inShop.status,
      (inShop.body as { message: string }).message,
      statuses,
      (mended.body as { brokenNamespaces: string[] }).brokenNamespaces,
      (await call('GET', '/api/v1/namespaces/shop/pods')).status,
      (await call('POST', '/_sim/faults/break', {})).status,
    ]).toStrictEqual([
      ['shop'],
      500,
      'Internal error occurred: etcdserver: request timed out (namespace "shop" broken by /_sim/faults/break)',
      [200, 200],
      [],
      200,
      400,
    ]);
  });

  it('forbid without a namespace or resource is a 400', async () => {
    expect((await call('POST', '/_sim/faults/forbid', {})).status).toBe(400);
  });

  it('flips a pod Ready condition as a kubelet would and reports state', async () => {
    const r = await call('POST', '/_sim/pods/shop/web-2/ready', { ready: false });
    const ready = (
      r.body.status as { conditions: { type: string; status: string }[] }
    ).conditions.find((c) => c.type === 'Ready');
    expect([r.status, ready?.status]).toStrictEqual([200, 'False']);
    const state = await call('GET', '/_sim/state');
    expect(state.body).toMatchObject({
      counts: { pods: 3, nodes: 2, namespaces: 2 },
      faults: { failListsRemaining: 0, forbiddenNamespaces: [], latencyMs: 0 },
    });
  });

  it('tokens: accepted until they expire, then 401 as kube-apiserver answers; clear lifts it', async () => {
    const get = async (token?: string) => {
      const res = await fetch(new URL(PDBS, h.server.url), {
        headers: token === undefined ? {} : { Authorization: `Bearer ${token}` },
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const issued = await call('POST', '/_sim/faults/tokens', { token: 'fresh', ttlMs: 1_000 });
    expect(issued).toStrictEqual({
      status: 200,
      body: {
        token: 'fresh',
        expirationTimestamp: new Date(h.clock.now().getTime() + 1_000).toISOString(),
      },
    });
    const unauthorized = {
      status: 401,
      body: {
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        message: 'Unauthorized',
        reason: 'Unauthorized',
        code: 401,
      },
    };
    const before = [(await get('fresh')).status, await get(), await get('guess')];
    h.clock.advance(1_000);
    const after = await get('fresh');
    const state = (await call('GET', '/_sim/state')).body.faults as { tokens: number };
    await call('POST', '/_sim/faults/tokens', { clear: true });
    expect([before, after, state.tokens, (await get()).status]).toStrictEqual([
      [200, unauthorized, unauthorized],
      unauthorized,
      0,
      200,
    ]);
    expect((await call('POST', '/_sim/faults/tokens', { ttlMs: 5 })).status).toBe(400);
  });

  it('tokens: expire makes every accepted token expire now, authentication staying on', async () => {
    const get = async (token: string) =>
      (await fetch(new URL(PDBS, h.server.url), { headers: { Authorization: `Bearer ${token}` } }))
        .status;
    await call('POST', '/_sim/faults/tokens', { token: 'kept' });
    await call('POST', '/_sim/faults/tokens', { token: 'short', ttlMs: 60_000 });
    const before = [await get('kept'), await get('short')];
    const expired = await call('POST', '/_sim/faults/tokens', { expire: true });
    const after = [await get('kept'), await get('short')];
    const again = await call('POST', '/_sim/faults/tokens', { expire: true });
    await call('POST', '/_sim/faults/tokens', { clear: true });
    expect([before, expired.body, after, again.body]).toStrictEqual([
      [200, 200],
      { expired: 2 },
      [401, 401],
      { expired: 0 },
    ]);
  });

  it('latency delays requests on the injected clock', async () => {
    await call('POST', '/_sim/faults/latency', { ms: 5_000 });
    let done = false;
    const pending = call('GET', '/version').then((r) => {
      done = true;
      return r;
    });
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(done).toBe(false);
    h.clock.advance(5_000);
    expect((await pending).status).toBe(200);
    await call('POST', '/_sim/faults/latency', { ms: 0 });
  });
});
