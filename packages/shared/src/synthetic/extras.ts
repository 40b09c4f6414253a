import type { DaemonSet } from 'kubernetes-types/apps/v1';
import type { Job } from 'kubernetes-types/batch/v1';
import type { Pod } from 'kubernetes-types/core/v1';
import { hasReadyCondition } from '../model/ready.js';
import type { App } from './apps.js';
import { controllerRef, objectMeta, type BuildContext } from './context.js';
import type { NamespacePlan } from './infrastructure.js';
import { buildPod, type PodState } from './pods.js';
import { REGISTRY } from './vocabulary.js';

const DAY = 86_400;

/** A node-exporter DaemonSet with one pod on each of the first `pods` nodes. */
export function buildDaemonSet(
  ctx: BuildContext,
  input: { namespace: string; nodeNames: readonly string[]; pods: number },
): { daemonSet: DaemonSet; pods: Pod[] } {
  const selectorLabels = {
    'app.kubernetes.io/name': 'node-exporter',
    'app.kubernetes.io/instance': 'monitoring',
  };
  const labels = {
    ...selectorLabels,
    'app.kubernetes.io/component': 'metrics',
    'app.kubernetes.io/part-of': 'kube-prometheus',
  };
  const image = 'quay.io/prometheus/node-exporter:v1.8.1';
  const age = 120 * DAY;
  const base = {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: objectMeta(ctx, {
      name: 'node-exporter',
      namespace: input.namespace,
      labels,
      ageSeconds: age,
      generation: 3,
    }),
    spec: {
      selector: { matchLabels: selectorLabels },
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 0 } },
      template: { metadata: { labels }, spec: { containers: [{ name: 'node-exporter', image }] } },
    },
  } satisfies DaemonSet;
  const owner = controllerRef({
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: base.metadata,
  });
  const revision = ctx.rng.suffix(10);
  const pods: Pod[] = [];
  for (let i = 0; i < input.pods; i++) {
    const nodeName = input.nodeNames[i % input.nodeNames.length] ?? '';
    pods.push(
      buildPod(ctx, {
        namespace: input.namespace,
        name: ctx.generateName(input.namespace, 'node-exporter-'),
        labels: { ...labels, 'controller-revision-hash': revision, 'pod-template-generation': '3' },
        owner,
        nodeName,
        image,
        state: ctx.rng.chance(0.995) ? 'ready' : 'crashloop',
        ageSeconds: ctx.rng.int(DAY, age),
      }),
    );
  }
  const ready = pods.filter(hasReadyCondition).length;
  const daemonSet: DaemonSet = {
    ...base,
    status: {
      currentNumberScheduled: input.pods,
      desiredNumberScheduled: input.pods,
      numberMisscheduled: 0,
      numberReady: ready,
      numberAvailable: ready,
      updatedNumberScheduled: input.pods,
      observedGeneration: 3,
    },
  };
  return { daemonSet, pods };
}

/** Where pods outside the apps' workloads go: `pods` of them, some borrowing an app's labels. */
export interface StrayPodsInput {
  apps: readonly App[];
  namespaces: readonly NamespacePlan[];
  nodeNames: readonly string[];
  pods: number;
}

/**
 * One-pod Jobs (migrations, backups). About 40 % carry an app's name and instance labels, as
 * Helm hook jobs do, so a budget's selector catches them.
 */
export function buildJobs(ctx: BuildContext, input: StrayPodsInput): { jobs: Job[]; pods: Pod[] } {
  const { rng } = ctx;
  const jobs: Job[] = [];
  const pods: Pod[] = [];
  for (let i = 0; i < input.pods; i++) {
    const app = input.apps.length > 0 && rng.chance(0.4) ? rng.pick(input.apps) : undefined;
    const namespace = app?.namespace.name ?? rng.pick(input.namespaces).name;
    const name = app
      ? `${app.name}-db-migrate-${rng.int(1, 300)}`
      : `backup-${28_573_000 + rng.int(0, 9999)}`;
    const state = rng.weighted<PodState>([
      ['succeeded', 70],
      ['ready', 20],
      ['failed', 10],
    ]);
    const age = rng.int(60, 3 * DAY);
    const jobMeta = objectMeta(ctx, {
      name: `${name}-${i}`,
      namespace,
      ageSeconds: age,
      generation: 1,
    });
    const controllerUid = jobMeta.uid ?? '';
    const jobLabels = {
      'batch.kubernetes.io/controller-uid': controllerUid,
      'batch.kubernetes.io/job-name': jobMeta.name ?? '',
      'controller-uid': controllerUid,
      'job-name': jobMeta.name ?? '',
    };
    const podLabels = app
      ? {
          'app.kubernetes.io/name': app.selectorLabels['app.kubernetes.io/name'] ?? '',
          'app.kubernetes.io/instance': app.selectorLabels['app.kubernetes.io/instance'] ?? '',
          ...jobLabels,
        }
      : jobLabels;
    const image = `${REGISTRY}/tools/${app ? 'migrate' : 'backup'}:1.4.2`;
    const job: Job = {
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { ...jobMeta, labels: podLabels },
      spec: {
        backoffLimit: 6,
        completions: 1,
        parallelism: 1,
        selector: { matchLabels: { 'batch.kubernetes.io/controller-uid': controllerUid } },
        template: {
          metadata: { labels: podLabels },
          spec: { restartPolicy: 'Never', containers: [{ name: 'job', image }] },
        },
      },
      status:
        state === 'succeeded'
          ? { succeeded: 1 }
          : state === 'failed'
            ? { failed: 1 }
            : { active: 1, ready: 1 },
    };
    jobs.push(job);
    pods.push(
      buildPod(ctx, {
        namespace,
        name: ctx.generateName(namespace, `${jobMeta.name ?? ''}-`),
        labels: podLabels,
        owner: controllerRef({ apiVersion: 'batch/v1', kind: 'Job', metadata: job.metadata }),
        nodeName: rng.pick(input.nodeNames),
        image,
        state,
        ageSeconds: age,
      }),
    );
  }
  return { jobs, pods };
}

/**
 * Bare pods (no controller): debug shells, and now and then a "rogue" pod started by hand with an
 * app's labels, which a budget then counts.
 */
export function buildBarePods(ctx: BuildContext, input: StrayPodsInput): Pod[] {
  const { rng } = ctx;
  const pods: Pod[] = [];
  for (let i = 0; i < input.pods; i++) {
    const app = input.apps.length > 0 && rng.chance(0.3) ? rng.pick(input.apps) : undefined;
    const namespace = app?.namespace.name ?? rng.pick(input.namespaces).name;
    const labels = app ? { ...app.selectorLabels } : { run: `debug-${rng.suffix(4)}` };
    pods.push(
      buildPod(ctx, {
        namespace,
        name: app
          ? ctx.generateName(namespace, `${app.name}-manual-`)
          : ctx.generateName(namespace, `debug-${rng.suffix(3)}`),
        labels,
        nodeName: rng.pick(input.nodeNames),
        image: app
          ? `${REGISTRY}/${app.namespace.team}/${app.name}:debug`
          : 'nicolaka/netshoot:v0.13',
        state: rng.chance(0.9) ? 'ready' : 'crashloop',
        ageSeconds: rng.int(60, 5 * DAY),
      }),
    );
  }
  return pods;
}
