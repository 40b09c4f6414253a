import { hasReadyCondition } from '@pdbscope/shared';
import { SeededRandom } from '@pdbscope/shared/synthetic';
import { ManualClock } from '../store/clock.js';
import { ObjectStore } from '../store/object-store.js';
import type { KubeObject } from '../store/types.js';
import { ControllerManager } from './manager.js';
import { podNodeName, podPhase } from './pod-factory.js';

/** A store, a manual clock and the controllers, for tests: time moves only with `clock.advance`. */
export function testCluster(
  options: { nodes?: number; readyDelayMs?: number; allocatable?: Record<string, string> } = {},
) {
  const clock = new ManualClock('2024-05-01T12:00:00Z');
  const store = new ObjectStore({ clock });
  const errors: string[] = [];
  const manager = new ControllerManager({
    store,
    clock,
    random: new SeededRandom(42),
    readyDelayMs: options.readyDelayMs ?? 3000,
    terminationDelayMs: 1000,
    onError: (message) => errors.push(message),
  });
  for (let i = 1; i <= (options.nodes ?? 3); i++) {
    store.create('nodes', {
      apiVersion: 'v1',
      kind: 'Node',
      metadata: { name: `worker-${i}`, labels: { 'kubernetes.io/hostname': `worker-${i}` } },
      spec: {},
      status: {
        conditions: [{ type: 'Ready', status: 'True', reason: 'KubeletReady' }],
        ...(options.allocatable ? { allocatable: options.allocatable } : {}),
      },
    });
  }
  manager.start();
  const pods = (namespace: string): KubeObject[] => {
    const list = store.list('pods', { namespace });
    return list.ok ? list.value.items : [];
  };
  /** One line per pod: name, node, phase, Ready, terminating. */
  const podSummary = (namespace: string) =>
    pods(namespace).map((p) => ({
      name: p.metadata.name ?? '',
      node: podNodeName(p) ?? '',
      phase: podPhase(p),
      ready: hasReadyCondition(p),
      terminating: p.metadata.deletionTimestamp !== undefined,
    }));
  return { clock, store, manager, errors, pods, podSummary };
}

export function deployment(name: string, replicas: number, image = 'nginx:1.27'): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: 'shop', labels: { app: name } },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } },
      template: {
        metadata: { labels: { app: name } },
        spec: { containers: [{ name: 'web', image }] },
      },
    },
  };
}

export function statefulSet(name: string, replicas: number): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name, namespace: 'shop', labels: { app: name } },
    spec: {
      replicas,
      serviceName: name,
      podManagementPolicy: 'Parallel',
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        spec: { containers: [{ name: name, image: 'zookeeper:3.9' }] },
      },
    },
  };
}

export function pdb(name: string, app: string, spec: Record<string, unknown>): KubeObject {
  return {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name, namespace: 'shop' },
    spec: { ...spec, selector: { matchLabels: { app } } },
  };
}
