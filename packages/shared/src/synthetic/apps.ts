import type { Deployment, ReplicaSet, StatefulSet } from 'kubernetes-types/apps/v1';
import type { Pod } from 'kubernetes-types/core/v1';
import { controllerRef, objectMeta, type BuildContext } from './context.js';
import type { NamespacePlan } from './infrastructure.js';
import { buildPod, runningPodState } from './pods.js';
import { COMPONENTS, PRODUCTS, REGISTRY, SERVICES, STATEFUL } from './vocabulary.js';

const DAY = 86_400;

/** One application: a Deployment or StatefulSet with its labels, as a Helm chart would make it. */
export type App = AppCommon &
  ({ kind: 'Deployment'; workload: Deployment } | { kind: 'StatefulSet'; workload: StatefulSet });

interface AppCommon {
  namespace: NamespacePlan;
  /** The workload's name. */
  name: string;
  /** The labels every pod of the app carries and its workload selects on. */
  selectorLabels: Record<string, string>;
  replicas: number;
  replicaSets: ReplicaSet[];
  pods: Pod[];
}

export interface AppsInput {
  namespaces: readonly NamespacePlan[];
  nodeNames: readonly string[];
  /** Exactly this many pods are created across all apps. */
  pods: number;
}

// Mean ≈ 12 pods per app, so 150,000 pods make ~11,000 workloads, about one per budget.
const REPLICAS: readonly (readonly [number, number])[] = [
  [1, 10],
  [2, 10],
  [3, 25],
  [5, 15],
  [10, 15],
  [20, 15],
  [50, 8],
  [100, 2],
];

/** Plans and builds applications until exactly `input.pods` pods exist. */
export function buildApps(ctx: BuildContext, input: AppsInput): App[] {
  const apps: App[] = [];
  const usedNames = new Map<string, Set<string>>();
  let remaining = input.pods;
  while (remaining > 0) {
    const namespace = ctx.rng.pick(input.namespaces);
    const used = usedNames.get(namespace.name) ?? new Set<string>();
    usedNames.set(namespace.name, used);
    const stateful = ctx.rng.chance(0.15);
    const app = stateful
      ? buildStatefulApp(ctx, { namespace, used, remaining, nodeNames: input.nodeNames })
      : buildDeploymentApp(ctx, { namespace, used, remaining, nodeNames: input.nodeNames });
    remaining -= app.pods.length;
    apps.push(app);
  }
  return apps;
}

interface OneAppInput {
  namespace: NamespacePlan;
  used: Set<string>;
  remaining: number;
  nodeNames: readonly string[];
}

function uniqueName(used: Set<string>, base: string): string {
  let name = base;
  for (let i = 2; used.has(name); i++) name = `${base}-${i}`;
  used.add(name);
  return name;
}

function commonLabels(
  namespace: NamespacePlan,
  labels: Record<string, string>,
): Record<string, string> {
  return {
    ...labels,
    'app.kubernetes.io/managed-by': 'Helm',
    team: namespace.team,
    env: namespace.env,
  };
}

function buildDeploymentApp(ctx: BuildContext, input: OneAppInput): App {
  const { rng } = ctx;
  const release = rng.pick(PRODUCTS);
  const service = rng.pick(SERVICES);
  const name = uniqueName(input.used, `${release}-${service}`);
  const component = rng.pick(COMPONENTS);
  const replicas = Math.min(input.remaining, rng.weighted(REPLICAS));
  const version = `${rng.int(1, 4)}.${rng.int(0, 30)}.${rng.int(0, 9)}`;
  const image = `${REGISTRY}/${input.namespace.team}/${release}-${service}:${version}`;
  const selectorLabels = {
    'app.kubernetes.io/name': service,
    'app.kubernetes.io/instance': name === `${release}-${service}` ? release : name,
    'app.kubernetes.io/component': component,
  };
  const labels = commonLabels(input.namespace, {
    ...selectorLabels,
    'app.kubernetes.io/part-of': release,
    'app.kubernetes.io/version': version,
  });
  const age = rng.int(DAY, 200 * DAY);
  const deploymentBase = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: objectMeta(ctx, {
      name,
      namespace: input.namespace.name,
      labels,
      annotations: {
        'deployment.kubernetes.io/revision': String(rng.int(1, 40)),
        'meta.helm.sh/release-name': release,
      },
      ageSeconds: age,
      generation: rng.int(1, 40),
    }),
    spec: {
      replicas,
      selector: { matchLabels: selectorLabels },
      strategy: {
        type: 'RollingUpdate',
        rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' },
      },
      revisionHistoryLimit: 10,
      progressDeadlineSeconds: 600,
      template: {
        metadata: { labels },
        spec: { containers: [{ name: service, image }] },
      },
    },
  } satisfies Deployment;
  // About 3 % of deployments are mid-rollout: an old ReplicaSet still runs some pods, the new one
  // has surged by one.
  const rolling = replicas >= 2 && input.remaining >= replicas + 1 && rng.chance(0.03);
  const oldCount = rolling ? rng.int(1, replicas - 1) : 0;
  const sets = rolling
    ? [
        { pods: oldCount, image: `${image}-prev`, age: age / 2 },
        { pods: replicas - oldCount + 1, image, age: rng.int(60, 1800) },
      ]
    : [{ pods: replicas, image, age: rng.int(3600, age) }];
  const replicaSets: ReplicaSet[] = [];
  const pods: Pod[] = [];
  for (const set of sets) {
    const hash = rng.suffix(10);
    const rsLabels = { ...labels, 'pod-template-hash': hash };
    const rsBase = {
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      metadata: objectMeta(ctx, {
        name: `${name}-${hash}`,
        namespace: input.namespace.name,
        labels: rsLabels,
        annotations: { 'deployment.kubernetes.io/desired-replicas': String(replicas) },
        ownerReferences: [
          controllerRef({
            apiVersion: 'apps/v1',
            kind: 'Deployment',
            metadata: deploymentBase.metadata,
          }),
        ],
        ageSeconds: set.age,
        generation: 1,
      }),
      spec: {
        replicas: set.pods,
        selector: { matchLabels: { ...selectorLabels, 'pod-template-hash': hash } },
        template: {
          metadata: { labels: rsLabels },
          spec: { containers: [{ name: service, image: set.image }] },
        },
      },
    } satisfies ReplicaSet;
    const owner = controllerRef({
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      metadata: rsBase.metadata,
    });
    let ready = 0;
    for (let i = 0; i < set.pods; i++) {
      const state = runningPodState(ctx);
      if (state === 'ready') ready++;
      pods.push(
        buildPod(ctx, {
          namespace: input.namespace.name,
          name: ctx.generateName(input.namespace.name, `${name}-${hash}-`),
          labels: rsLabels,
          owner,
          nodeName: rng.pick(input.nodeNames),
          image: set.image,
          state,
          ageSeconds: rng.int(30, set.age),
        }),
      );
    }
    replicaSets.push({
      ...rsBase,
      status: {
        replicas: set.pods,
        fullyLabeledReplicas: set.pods,
        readyReplicas: ready,
        availableReplicas: ready,
        observedGeneration: 1,
      },
    });
  }
  const ready = replicaSets.reduce((n, rs) => n + (rs.status?.readyReplicas ?? 0), 0);
  const deployment: Deployment = {
    ...deploymentBase,
    status: {
      observedGeneration: deploymentBase.metadata.generation ?? 1,
      replicas: pods.length,
      updatedReplicas: sets[sets.length - 1]?.pods ?? 0,
      readyReplicas: ready,
      availableReplicas: ready,
      ...(pods.length - ready > 0 ? { unavailableReplicas: pods.length - ready } : {}),
    },
  };
  return {
    kind: 'Deployment',
    namespace: input.namespace,
    name,
    selectorLabels,
    replicas,
    workload: deployment,
    replicaSets,
    pods,
  };
}

function buildStatefulApp(ctx: BuildContext, input: OneAppInput): App {
  const { rng } = ctx;
  const system = rng.pick(STATEFUL);
  const release = rng.pick(PRODUCTS);
  const name = uniqueName(input.used, `${release}-${system.name}`);
  const replicas = Math.min(input.remaining, rng.pick(system.replicas));
  const selectorLabels = {
    'app.kubernetes.io/name': system.name,
    'app.kubernetes.io/instance': name === `${release}-${system.name}` ? release : name,
    'app.kubernetes.io/component': system.component,
  };
  const version = system.image.split(':')[1] ?? 'latest';
  const labels = commonLabels(input.namespace, {
    ...selectorLabels,
    'app.kubernetes.io/part-of': release,
    'app.kubernetes.io/version': version,
  });
  const age = rng.int(7 * DAY, 300 * DAY);
  const stsBase = {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: objectMeta(ctx, {
      name,
      namespace: input.namespace.name,
      labels,
      annotations: { 'meta.helm.sh/release-name': release },
      ageSeconds: age,
      generation: rng.int(1, 10),
    }),
    spec: {
      replicas,
      serviceName: `${name}-headless`,
      podManagementPolicy: 'OrderedReady',
      selector: { matchLabels: selectorLabels },
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0 } },
      template: {
        metadata: { labels },
        spec: { containers: [{ name: system.name, image: system.image }] },
      },
    },
  } satisfies StatefulSet;
  const revision = `${name}-${rng.suffix(10)}`;
  const owner = controllerRef({
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: stsBase.metadata,
  });
  const pods: Pod[] = [];
  let ready = 0;
  for (let i = 0; i < replicas; i++) {
    const podName = `${name}-${i}`;
    const state = runningPodState(ctx);
    if (state === 'ready') ready++;
    pods.push(
      buildPod(ctx, {
        namespace: input.namespace.name,
        name: podName,
        labels: {
          ...labels,
          'controller-revision-hash': revision,
          'statefulset.kubernetes.io/pod-name': podName,
          'apps.kubernetes.io/pod-index': String(i),
        },
        owner,
        nodeName: rng.pick(input.nodeNames),
        image: `${REGISTRY}/mirror/${system.image}`,
        state,
        ageSeconds: rng.int(600, age),
        hostname: { hostname: podName, subdomain: `${name}-headless` },
      }),
    );
  }
  const sts: StatefulSet = {
    ...stsBase,
    status: {
      observedGeneration: stsBase.metadata.generation ?? 1,
      replicas,
      readyReplicas: ready,
      availableReplicas: ready,
      currentReplicas: replicas,
      updatedReplicas: replicas,
      currentRevision: revision,
      updateRevision: revision,
      collisionCount: 0,
    },
  };
  return {
    kind: 'StatefulSet',
    namespace: input.namespace,
    name,
    selectorLabels,
    replicas,
    workload: sts,
    replicaSets: [],
    pods,
  };
}
