import { describe, expect, it } from 'vitest';
import { NOW, deployment, labelPdb, node, pod } from '../index/__fixtures__/objects.js';
import { ClusterIndex } from '../index/cluster-index.js';
import type { PodView } from '../model/pod.js';
import { refusalText, warningText } from './drain-filters.js';
import { kubectlDrainCommand, type DrainOptions } from './drain-options.js';
import { planDrain } from './drain.js';

const daemonSetPod = pod({
  namespace: 'monitoring',
  name: 'node-exporter-x7k2p',
  labels: { app: 'node-exporter' },
  owner: { kind: 'DaemonSet', name: 'node-exporter' },
  node: 'node-a',
});
const barePod = pod({
  namespace: 'ops',
  name: 'debug-shell',
  labels: { run: 'debug' },
  node: 'node-a',
});
const cache = deployment({
  namespace: 'shop',
  name: 'cache',
  replicas: 2,
  labels: { app: 'cache' },
  nodes: ['node-a', 'node-b'],
  template: { spec: { volumes: [{ name: 'scratch', emptyDir: {} }] } },
});
/** A bare pod with an emptyDir: refused by the local-storage filter first, then by --force's. */
const bareWithScratch = pod({
  namespace: 'ops',
  name: 'notebook',
  labels: { run: 'notebook' },
  node: 'node-a',
  spec: { volumes: [{ name: 'tmp', emptyDir: { medium: 'Memory' } }] },
});

function plan(pods: PodView[], options: Partial<DrainOptions> = {}) {
  const index = new ClusterIndex(
    { now: NOW },
    {
      nodes: [node('node-a'), node('node-b')],
      workloads: cache.workloads,
      budgets: [labelPdb({ namespace: 'shop', name: 'cache', maxUnavailable: 1 })],
      pods,
    },
  );
  return planDrain({ index, node: 'node-a', now: NOW, options });
}

describe('planDrain with kubectl drain options', () => {
  it("assumes kubectl's defaults and refuses the node before any eviction, with kubectl's messages in filter order", () => {
    const p = plan([daemonSetPod, barePod, bareWithScratch, ...cache.pods]);
    expect(p.options).toStrictEqual({
      force: false,
      ignoreDaemonSets: false,
      deleteEmptyDirData: false,
      podSelector: '',
    });
    expect([p.verdict, p.rounds, p.evicted]).toStrictEqual(['refused', [], []]);
    expect(p.refusals.map((r) => [refusalText(r), r.flag])).toStrictEqual([
      [
        'cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): monitoring/node-exporter-x7k2p',
        'ignoreDaemonSets',
      ],
      [
        'cannot delete Pods with local storage (use --delete-emptydir-data to override): ops/notebook, shop/cache-6d4f8c7b9-bnx2k',
        'deleteEmptyDirData',
      ],
      [
        'cannot delete Pods that declare no controller (use --force to override): ops/debug-shell',
        'force',
      ],
    ]);
  });

  it('each flag lifts its own refusal; a bare pod with an emptyDir needs both', () => {
    const pods = [daemonSetPod, barePod, bareWithScratch, ...cache.pods];
    const filters = (o: Partial<DrainOptions>) => plan(pods, o).refusals.map((r) => r.filter);
    expect(filters({ ignoreDaemonSets: true })).toStrictEqual(['local-storage', 'unmanaged']);
    expect(filters({ deleteEmptyDirData: true })).toStrictEqual(['daemonset', 'unmanaged']);
    expect(
      plan(pods, { deleteEmptyDirData: true }).refusals[1]?.pods.map((r) => r.name),
    ).toStrictEqual(['debug-shell', 'notebook']);
    expect(filters({ force: true })).toStrictEqual(['daemonset', 'local-storage']);
    const all = plan(pods, { force: true, ignoreDaemonSets: true, deleteEmptyDirData: true });
    expect([all.verdict, all.evicted.map((r) => r.name)]).toStrictEqual([
      'completes',
      ['debug-shell', 'notebook', 'cache-6d4f8c7b9-bnx2k'],
    ]);
    expect(warningText(all.warnings)).toBe(
      'Warning: ignoring DaemonSet-managed Pods: monitoring/node-exporter-x7k2p; deleting Pods that declare no controller: ops/debug-shell, ops/notebook',
    );
  });

  it('lets finished pods go whatever the flags (kubectl: "any finished pod can be removed")', () => {
    const done = pod({
      namespace: 'ops',
      name: 'report-28190',
      labels: { run: 'report' },
      node: 'node-a',
      phase: 'Succeeded',
      ready: false,
      spec: { volumes: [{ name: 'out', emptyDir: {} }] },
    });
    expect(plan([done]).verdict).toBe('completes');
  });

  it('drains only the pods the pod selector matches, and refuses a selector kubectl cannot parse', () => {
    const selected = plan([daemonSetPod, barePod, ...cache.pods], {
      podSelector: 'app=cache',
      deleteEmptyDirData: true,
    });
    expect([selected.verdict, selected.evicted.map((r) => r.name)]).toStrictEqual([
      'completes',
      ['cache-6d4f8c7b9-bnx2k'],
    ]);
    const bad = plan([barePod], { podSelector: 'app in ()' });
    expect(bad.refusals).toStrictEqual([
      {
        filter: 'pod-selector',
        message:
          "unable to parse requirement: for 'in', 'notin' operators, values set can't be empty",
        pods: [],
      },
    ]);
  });

  it('spells the kubectl command the options stand for', () => {
    expect(
      kubectlDrainCommand('node-a', {
        force: true,
        ignoreDaemonSets: true,
        deleteEmptyDirData: false,
        podSelector: 'app=web',
      }),
    ).toBe("kubectl drain node-a --force --ignore-daemonsets --pod-selector='app=web'");
  });
});
