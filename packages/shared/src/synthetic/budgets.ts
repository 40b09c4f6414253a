import type { LabelSelector } from 'kubernetes-types/meta/v1';
import type { PodDisruptionBudget } from 'kubernetes-types/policy/v1';
import type { App } from './apps.js';
import { objectMeta, type BuildContext } from './context.js';
import type { NamespacePlan } from './infrastructure.js';
import type { PodUnavailableBudgetObject } from './types.js';

const DAY = 86_400;

type Limits = { minAvailable: number | string } | { maxUnavailable: number | string };

export interface BudgetsInput {
  apps: readonly App[];
  namespaces: readonly NamespacePlan[];
  /** PDBs plus PUBs, exactly. */
  count: number;
}

/**
 * Budgets the way teams write them: most apps get one PDB; a few percent of PDBs cover a whole
 * release (and so overlap the per-app ones); ~1 % are OpenKruise PUBs; ~1 % select nothing any more.
 * PUB-protected pods get the `pub.kruise.io/related-pub` annotation the Kruise controller writes.
 */
export function buildBudgets(
  ctx: BuildContext,
  input: BudgetsInput,
): { pdbs: PodDisruptionBudget[]; pubs: PodUnavailableBudgetObject[] } {
  const { rng } = ctx;
  const pubCount = input.count >= 10 ? Math.max(1, Math.round(input.count * 0.01)) : 0;
  let overlapCount = Math.round(input.count * 0.04);
  let perApp = input.count - pubCount - overlapCount;
  if (perApp > input.apps.length) {
    overlapCount += perApp - input.apps.length;
    perApp = input.apps.length;
  }
  const order = rng.shuffle([...input.apps]);
  const covered = order.slice(0, perApp);
  const uncovered = order.slice(perApp);
  const names = new Map<string, Set<string>>();
  const claim = (namespace: string, base: string): string => {
    const used = names.get(namespace) ?? new Set<string>();
    names.set(namespace, used);
    let name = base;
    for (let i = 2; used.has(name); i++) name = `${base}-${i}`;
    used.add(name);
    return name;
  };

  const pdbs: PodDisruptionBudget[] = [];
  for (const app of covered) {
    const stale = rng.chance(0.01);
    const selector = stale
      ? {
          matchLabels: {
            'app.kubernetes.io/name': `${app.selectorLabels['app.kubernetes.io/name'] ?? 'app'}-legacy`,
          },
        }
      : appSelector(ctx, app);
    pdbs.push(
      pdb(ctx, {
        namespace: app.namespace.name,
        name: claim(app.namespace.name, `${app.name}-pdb`),
        selector,
        limits: appLimits(ctx, app),
      }),
    );
  }
  for (let i = 0; i < overlapCount; i++) {
    if (input.apps.length === 0) {
      const namespace = rng.pick(input.namespaces).name;
      const selector = { matchLabels: { 'app.kubernetes.io/name': `retired-${rng.suffix(4)}` } };
      pdbs.push(
        pdb(ctx, {
          namespace,
          name: claim(namespace, 'retired-pdb'),
          selector,
          limits: { maxUnavailable: 1 },
        }),
      );
      continue;
    }
    const app = rng.pick(covered.length > 0 ? covered : input.apps);
    const release = app.selectorLabels['app.kubernetes.io/instance'] ?? app.name;
    const wide = rng.chance(0.6);
    // A release-wide budget, or a second hand-written budget on the same app (after an operator
    // started generating one).
    const selector: LabelSelector = wide
      ? { matchLabels: { 'app.kubernetes.io/instance': release } }
      : {
          matchExpressions: [
            {
              key: 'app.kubernetes.io/name',
              operator: 'In',
              values: [app.selectorLabels['app.kubernetes.io/name'] ?? app.name],
            },
            { key: 'app.kubernetes.io/instance', operator: 'Exists' },
          ],
        };
    const name = claim(
      app.namespace.name,
      wide ? `${release}-release-pdb` : `${app.name}-manual-pdb`,
    );
    pdbs.push(
      pdb(ctx, {
        namespace: app.namespace.name,
        name,
        selector,
        limits: wide ? { maxUnavailable: '10%' } : { minAvailable: 1 },
      }),
    );
  }

  const pubs: PodUnavailableBudgetObject[] = [];
  const pubApps = [...uncovered, ...covered];
  for (let i = 0; i < pubCount; i++) {
    const app = pubApps[i % Math.max(1, pubApps.length)];
    if (!app) {
      const namespace = rng.pick(input.namespaces).name;
      pubs.push(
        pub(ctx, {
          namespace,
          name: claim(namespace, 'retired-pub'),
          spec: { selector: { matchLabels: { app: 'retired' } }, maxUnavailable: 1 },
        }),
      );
      continue;
    }
    const name = claim(app.namespace.name, `${app.name}-pub`);
    const target = rng.chance(0.5);
    const limits: Limits = rng.chance(0.6)
      ? { maxUnavailable: rng.pick<number | string>([1, '20%', '50%']) }
      : { minAvailable: rng.pick<number | string>(['60%', 1]) };
    pubs.push(
      pub(ctx, {
        namespace: app.namespace.name,
        name,
        spec: {
          ...(target
            ? { targetRef: { apiVersion: 'apps/v1', kind: app.kind, name: app.name } }
            : { selector: { matchLabels: { ...app.selectorLabels } } }),
          ...limits,
        },
      }),
    );
    app.pods = app.pods.map((pod) => ({
      ...pod,
      metadata: {
        ...pod.metadata,
        annotations: {
          ...pod.metadata?.annotations,
          'pub.kruise.io/related-pub': name,
          'kruise.io/related-pub': name,
        },
      },
    }));
  }
  return { pdbs, pubs };
}

function appSelector(ctx: BuildContext, app: App): LabelSelector {
  const name = app.selectorLabels['app.kubernetes.io/name'] ?? app.name;
  const instance = app.selectorLabels['app.kubernetes.io/instance'] ?? app.name;
  const component = app.selectorLabels['app.kubernetes.io/component'] ?? 'server';
  return ctx.rng.weighted<LabelSelector>([
    [
      { matchLabels: { 'app.kubernetes.io/name': name, 'app.kubernetes.io/instance': instance } },
      70,
    ],
    [
      {
        matchLabels: { 'app.kubernetes.io/instance': instance },
        matchExpressions: [
          { key: 'app.kubernetes.io/component', operator: 'In', values: [component] },
        ],
      },
      15,
    ],
    [
      {
        matchExpressions: [
          { key: 'app.kubernetes.io/name', operator: 'In', values: [name] },
          { key: 'app.kubernetes.io/instance', operator: 'In', values: [instance] },
        ],
      },
      10,
    ],
    [{ matchLabels: { ...app.selectorLabels } }, 5],
  ]);
}

function appLimits(ctx: BuildContext, app: App): Limits {
  const { rng } = ctx;
  if (app.kind === 'StatefulSet' && app.replicas >= 3) {
    // Quorum systems: keep a majority.
    return { minAvailable: Math.floor(app.replicas / 2) + 1 };
  }
  if (app.replicas <= 1) {
    return rng.weighted<Limits>([
      [{ maxUnavailable: 0 }, 30],
      [{ minAvailable: 1 }, 30],
      [{ maxUnavailable: 1 }, 40],
    ]);
  }
  return rng.weighted<Limits>([
    [{ maxUnavailable: 1 }, 30],
    [{ maxUnavailable: '25%' }, 15],
    [{ minAvailable: '50%' }, 15],
    [{ minAvailable: app.replicas - 1 }, 15],
    [{ minAvailable: '80%' }, 10],
    [{ maxUnavailable: '10%' }, 10],
    [{ minAvailable: 1 }, 5],
  ]);
}

function pdb(
  ctx: BuildContext,
  input: { namespace: string; name: string; selector: LabelSelector; limits: Limits },
): PodDisruptionBudget {
  const policy = ctx.rng.weighted<string | undefined>([
    [undefined, 60],
    ['AlwaysAllow', 25],
    ['IfHealthyBudget', 15],
  ]);
  return {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: objectMeta(ctx, {
      name: input.name,
      namespace: input.namespace,
      labels: { 'app.kubernetes.io/managed-by': 'Helm' },
      ageSeconds: ctx.rng.int(DAY, 200 * DAY),
      generation: 1,
    }),
    spec: {
      ...input.limits,
      selector: input.selector,
      ...(policy ? { unhealthyPodEvictionPolicy: policy } : {}),
    },
    // As stored right after create: the API server clears status; the disruption controller
    // has not synced yet (observedGeneration absent ⇒ 0 < generation 1).
    status: { disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 },
  };
}

function pub(
  ctx: BuildContext,
  input: { namespace: string; name: string; spec: PodUnavailableBudgetObject['spec'] },
): PodUnavailableBudgetObject {
  return {
    apiVersion: 'policy.kruise.io/v1alpha1',
    kind: 'PodUnavailableBudget',
    metadata: objectMeta(ctx, {
      name: input.name,
      namespace: input.namespace,
      ageSeconds: ctx.rng.int(DAY, 100 * DAY),
      generation: 1,
    }),
    spec: input.spec,
    status: { unavailableAllowed: 0, currentAvailable: 0, desiredAvailable: 0, totalReplicas: 0 },
  };
}
