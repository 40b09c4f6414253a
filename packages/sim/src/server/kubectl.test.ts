import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { seedShop } from './__fixtures__/cluster.js';
import type { Harness } from './__fixtures__/harness.js';
import { startHarness } from './__fixtures__/harness.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness(seedShop);
  h.clock.advance(3_600_000);
});

afterAll(async () => {
  await h.close();
});

describe('kubectl against the simulator', () => {
  it('get pods -A prints the server-side table', async () => {
    const r = await h.kubectl(['get', 'pods', '-A']);
    expect(r).toStrictEqual({
      code: 0,
      stderr: '',
      stdout: [
        'NAMESPACE   NAME    READY   STATUS    RESTARTS   AGE',
        'shop        web-1   1/1     Running   0          60m',
        'shop        web-2   1/1     Running   0          60m',
        'shop        web-3   1/1     Running   0          60m',
        '',
      ].join('\n'),
    });
  });

  it('get pods -o wide adds IP, NODE, NOMINATED NODE and READINESS GATES', async () => {
    const r = await h.kubectl([
      'get',
      'pods',
      '-n',
      'shop',
      '-o',
      'wide',
      '--field-selector',
      'spec.nodeName=node-b',
    ]);
    expect(r.stdout).toBe(
      [
        'NAME    READY   STATUS    RESTARTS   AGE   IP           NODE     NOMINATED NODE   READINESS GATES',
        'web-3   1/1     Running   0          60m   10.244.2.4   node-b   <none>           <none>',
        '',
      ].join('\n'),
    );
  });

  it('get pdb -A shows MIN AVAILABLE, MAX UNAVAILABLE, ALLOWED DISRUPTIONS and AGE', async () => {
    const r = await h.kubectl(['get', 'pdb', '-A']);
    expect(r.stdout).toBe(
      [
        'NAMESPACE   NAME   MIN AVAILABLE   MAX UNAVAILABLE   ALLOWED DISRUPTIONS   AGE',
        'shop        web    2               N/A               1                     60m',
        '',
      ].join('\n'),
    );
  });

  it('get pdb -o yaml returns the stored object', async () => {
    const r = await h.kubectl(['get', 'pdb', 'web', '-n', 'shop', '-o', 'yaml']);
    expect(parse(r.stdout)).toStrictEqual(h.store.get('poddisruptionbudgets', 'shop', 'web'));
  });

  it('cordon patches spec.unschedulable and label adds a label', async () => {
    expect((await h.kubectl(['cordon', 'node-a'])).stdout).toBe('node/node-a cordoned\n');
    expect(h.store.get('nodes', undefined, 'node-a')?.spec).toStrictEqual({
      podCIDR: '10.244.1.0/24',
      unschedulable: true,
    });
    expect((await h.kubectl(['get', 'nodes'])).stdout).toBe(
      [
        'NAME     STATUS                     ROLES    AGE   VERSION',
        'node-a   Ready,SchedulingDisabled   worker   60m   v1.32.0',
        'node-b   Ready                      worker   60m   v1.32.0',
        '',
      ].join('\n'),
    );
    expect((await h.kubectl(['label', 'pod', 'web-1', '-n', 'shop', 'tier=fe'])).stdout).toBe(
      'pod/web-1 labeled\n',
    );
    expect(h.store.get('pods', 'shop', 'web-1')?.metadata.labels).toStrictEqual({
      app: 'web',
      tier: 'fe',
    });
  });

  it("apply creates and then patches a PDB; an invalid one is refused with the server's 422", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pdbscope-apply-'));
    const file = join(dir, 'pdb.yaml');
    const manifest = (spec: string): string =>
      `apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata:\n  name: api\n  namespace: shop\nspec:\n${spec}  selector:\n    matchLabels:\n      app: api\n`;
    try {
      writeFileSync(file, manifest('  maxUnavailable: 1\n'));
      expect((await h.kubectl(['apply', '-f', file])).stdout).toBe(
        'poddisruptionbudget.policy/api created\n',
      );
      writeFileSync(file, manifest('  maxUnavailable: 2\n'));
      expect((await h.kubectl(['apply', '-f', file])).stdout).toBe(
        'poddisruptionbudget.policy/api configured\n',
      );
      const stored = h.store.get('poddisruptionbudgets', 'shop', 'api');
      expect([stored?.metadata.generation, stored?.spec]).toStrictEqual([
        2,
        { maxUnavailable: 2, selector: { matchLabels: { app: 'api' } } },
      ]);
      writeFileSync(file, manifest('  maxUnavailable: 3\n'));
      expect((await h.kubectl(['apply', '--server-side', '-f', file])).stdout).toBe(
        'poddisruptionbudget.policy/api serverside-applied\n',
      );
      expect(h.store.get('poddisruptionbudgets', 'shop', 'api')?.spec).toStrictEqual({
        maxUnavailable: 3,
        selector: { matchLabels: { app: 'api' } },
      });
      writeFileSync(file, manifest('  maxUnavailable: 2\n  minAvailable: 1\n'));
      const refused = await h.kubectl(['apply', '-f', file]);
      expect([refused.code, refused.stderr]).toStrictEqual([
        1,
        'The PodDisruptionBudget "api" is invalid: spec: Invalid value: {"selector":{"matchLabels":{"app":"api"}},"minAvailable":1,"maxUnavailable":2}: minAvailable and maxUnavailable cannot be both set\n',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('scale writes spec.replicas through the scale subresource', async () => {
    expect(
      (await h.kubectl(['scale', 'deployment', 'web', '-n', 'shop', '--replicas=2'])).stdout,
    ).toBe('deployment.apps/web scaled\n');
    const d = h.store.get('deployments', 'shop', 'web');
    expect([d?.metadata.generation, (d?.spec as { replicas: number }).replicas]).toStrictEqual([
      2, 2,
    ]);
    expect((await h.kubectl(['get', 'deployments', '-n', 'shop'])).stdout).toBe(
      [
        'NAME   READY   UP-TO-DATE   AVAILABLE   AGE',
        'web    3/2     3            3           60m',
        '',
      ].join('\n'),
    );
  });

  it('get pods -w prints a change as it happens', async () => {
    const child = h.spawnKubectl(['get', 'pods', '-n', 'shop', '-w', '--output-watch-events']);
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    try {
      await vi.waitFor(() => expect(out).toContain('web-3'), { timeout: 20_000, interval: 50 });
      const r = h.store.modify(
        'pods',
        'shop',
        'web-2',
        (pod) => {
          const status = pod.status as { containerStatuses: { ready: boolean }[] };
          for (const c of status.containerStatuses) c.ready = false;
        },
        { subresource: 'status' },
      );
      expect(r.ok).toBe(true);
      await vi.waitFor(() => expect(out).toMatch(/MODIFIED\s+web-2\s+0\/1\s+Running/), {
        timeout: 20_000,
        interval: 50,
      });
    } finally {
      child.kill();
    }
  });

  it('serves events: kubectl get events and describe find them by involvedObject', async () => {
    const event = {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: 'web-1.17f3a', namespace: 'shop' },
      involvedObject: {
        kind: 'PodDisruptionBudget',
        namespace: 'shop',
        name: 'web',
        apiVersion: 'policy/v1',
        uid: h.store.get('poddisruptionbudgets', 'shop', 'web')?.metadata.uid,
      },
      reason: 'NoPods',
      message: 'No matching pods found',
      type: 'Normal',
      source: { component: 'controllermanager' },
      firstTimestamp: '2024-05-01T11:50:00Z',
      lastTimestamp: '2024-05-01T11:55:00Z',
      count: 2,
    };
    expect(h.store.create('events', event).ok).toBe(true);
    expect((await h.kubectl(['get', 'events', '-n', 'shop'])).stdout).toBe(
      [
        'LAST SEEN   TYPE     REASON   OBJECT                    MESSAGE',
        '5m          Normal   NoPods   poddisruptionbudget/web   No matching pods found',
        '',
      ].join('\n'),
    );
    // describe computes event ages on kubectl's own clock, not the simulator's.
    expect((await h.kubectl(['describe', 'pdb', 'web', '-n', 'shop'])).stdout).toMatch(
      /\n {2}Normal {2}NoPods {2}\S+ \(x2 over \S+\) {2}controllermanager {2}No matching pods found\n/,
    );
  });

  it('create namespace, pdb and deployment send protobuf bodies the server decodes', async () => {
    const create = async (args: string[]): Promise<string> => {
      const r = await h.kubectl(['create', ...args]);
      expect(r.stderr).toBe('');
      return r.stdout;
    };
    expect(await create(['namespace', 'pb'])).toBe('namespace/pb created\n');
    expect(
      await create(['pdb', 'half', '-n', 'pb', '--selector=app=x', '--min-available=50%']),
    ).toBe('poddisruptionbudget.policy/half created\n');
    expect(
      await create([
        'deployment',
        'd1',
        '-n',
        'pb',
        '--image=nginx',
        '--replicas=2',
        '--',
        'sleep',
        '9',
      ]),
    ).toBe('deployment.apps/d1 created\n');
    expect(h.store.get('namespaces', undefined, 'pb')?.metadata.name).toBe('pb');
    expect(h.store.get('poddisruptionbudgets', 'pb', 'half')?.spec).toStrictEqual({
      minAvailable: '50%',
      selector: { matchLabels: { app: 'x' } },
    });
    expect(h.store.get('deployments', 'pb', 'd1')?.spec).toStrictEqual({
      replicas: 2,
      selector: { matchLabels: { app: 'd1' } },
      strategy: {},
      template: {
        // A zero Time is sent as an empty message: the API server's JSON shows it as null.
        metadata: { creationTimestamp: null, labels: { app: 'd1' } },
        spec: {
          containers: [{ name: 'nginx', image: 'nginx', command: ['sleep', '9'], resources: {} }],
        },
      },
    });
  });

  it('create -f of a List creates every item', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pdbscope-list-'));
    const file = join(dir, 'list.yaml');
    writeFileSync(
      file,
      [
        'apiVersion: v1',
        'kind: List',
        'items:',
        '- apiVersion: v1',
        '  kind: Namespace',
        '  metadata: {name: listed}',
        '- apiVersion: policy/v1',
        '  kind: PodDisruptionBudget',
        '  metadata: {name: one, namespace: listed}',
        '  spec: {maxUnavailable: 1, selector: {matchLabels: {app: one}}}',
        '',
      ].join('\n'),
    );
    try {
      expect(await h.kubectl(['create', '-f', file])).toStrictEqual({
        code: 0,
        stderr: '',
        stdout: 'namespace/listed created\npoddisruptionbudget.policy/one created\n',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports unknown objects and resource types like a real server', async () => {
    expect(await h.kubectl(['get', 'pod', 'nope', '-n', 'shop'])).toStrictEqual({
      code: 1,
      stdout: '',
      stderr: 'Error from server (NotFound): pods "nope" not found\n',
    });
    expect((await h.kubectl(['get', 'widgets'])).stderr).toBe(
      'error: the server doesn\'t have a resource type "widgets"\n',
    );
  });
});
