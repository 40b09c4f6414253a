import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  readChangeSet,
  readSnapshot,
  refKey,
  whatIf,
  type SourceFile,
  type WhatIfAnswer,
  type WhatIfError,
} from '@pdbscope/shared';
import { loadCluster } from '@pdbscope/shared/cli';
import { readSources } from './sources.js';

// The corpus, read from disk as the CLI reads it (src/sources.ts): manifests as people write them (no namespace, Helm's rendering, a List, JSON, a
// tree of folders), applied to three nodes running a Deployment `web` of 3 pods in `default`.
// Every figure below is worked out by hand from the manifests, as the disruption controller
// computes it once the pods the manifests create are Ready.

const NOW = new Date('2026-11-28T10:00:00Z');
// The fixtures are the engine's (packages/shared), read here as the command line reads files.
const shared = new URL('../../shared/src/', import.meta.url);
const dir = fileURLToPath(new URL('snapshot/__fixtures__/manifests/', shared));
const base = readFileSync(new URL('what-if/__fixtures__/three-nodes.yaml', shared), 'utf8');
const cluster = loadCluster(readSnapshot(base), NOW).index;

function files(...paths: string[]): SourceFile[] {
  return paths.flatMap((p) => {
    const read = readSources(`${dir}${p}`);
    if (!read.ok) throw new Error(read.error);
    return read.value.map((f) => ({ path: f.path.slice(dir.length), text: f.text }));
  });
}

// Kept here, not in a file: prettier would not format a file that does not parse.
const BROKEN: SourceFile = {
  path: 'broken.yaml',
  text: [
    'apiVersion: policy/v1',
    'kind: PodDisruptionBudget',
    'metadata: {name: ok}',
    'spec: {maxUnavailable: 1, selector: {matchLabels: {app: ok}}}',
    '---',
    'apiVersion: policy/v1',
    'kind: PodDisruptionBudget',
    'metadata:',
    '  name: broken',
    'spec:',
    '  selector: [unclosed',
    '',
  ].join('\n'),
};

function apply(
  paths: string[],
  namespace?: string,
): { answer?: WhatIfAnswer; errors?: WhatIfError[]; placed?: number } {
  const sources = paths.flatMap((p) => (p === BROKEN.path ? [BROKEN] : files(p)));
  const read = readChangeSet({ apply: sources, ...(namespace ? { namespace } : {}) });
  if (!read.ok) return { errors: read.error };
  const answer = whatIf(cluster, { changes: read.value.changes });
  if (!answer.ok) return { errors: answer.error };
  return { answer: answer.value, placed: read.value.placedInNamespace?.count ?? 0 };
}

/** What the tests compare: each budget's figures after, the objects created, what gets worse. */
function summary(answer: WhatIfAnswer | undefined) {
  return {
    budgets: answer?.difference.budgets.map((b) => [refKey(b.ref), b.before, b.after]),
    created: answer?.effects.filter((e) => e.action === 'created').map((e) => refKey(e.ref)),
    worse: answer?.worse,
  };
}

const pdb = (figures: Record<string, unknown>) => ({ ...figures });

describe('what-if on the manifest corpus', () => {
  it('a PDB with no namespace goes to default and covers web’s 3 pods: 2 desired, 1 allowed', () => {
    const { answer, placed } = apply(['pdb-no-namespace.yaml']);
    expect([placed, summary(answer)]).toStrictEqual([
      1,
      {
        budgets: [
          [
            'PodDisruptionBudget/default/web-pdb',
            undefined,
            pdb({
              maxUnavailable: 1,
              selected: 3,
              expected: 3,
              desiredHealthy: 2,
              currentHealthy: 3,
              allowed: 1,
            }),
          ],
        ],
        created: ['PodDisruptionBudget/default/web-pdb'],
        worse: [],
      },
    ]);
    expect(
      answer?.difference.pods.map((p) => [p.pod.name, p.gained.map((b) => b.name)]),
    ).toStrictEqual([
      ['web-6b7f9c8d5-k2x7p', ['web-pdb']],
      ['web-6b7f9c8d5-m9q4d', ['web-pdb']],
      ['web-6b7f9c8d5-v3h8n', ['web-pdb']],
    ]);
  });

  it('a Deployment with no namespace creates its ReplicaSet and 3 pods, Ready after the default 30 s', () => {
    const { answer } = apply(['deployment-no-namespace.yaml']);
    expect([summary(answer), answer?.settleSeconds]).toStrictEqual([
      {
        budgets: [],
        created: [
          'Deployment/default/nginx-deployment',
          'ReplicaSet/default/nginx-deployment-what-if',
          'Pod/default/nginx-deployment-what-if-1',
          'Pod/default/nginx-deployment-what-if-2',
          'Pod/default/nginx-deployment-what-if-3',
        ],
        worse: [],
      },
      30,
    ]);
  });

  it('a Helm rendering (--- documents, # Source: comments, a Service and a ServiceAccount) into -n shop', () => {
    const read = readChangeSet({ apply: files('helm-web/rendered.yaml'), namespace: 'shop' });
    expect(read.ok && [read.value.ignored, read.value.placedInNamespace]).toStrictEqual([
      { ServiceAccount: 1, Service: 1 },
      { namespace: 'shop', count: 2 },
    ]);
    // minAvailable 2 as a count: expected is the pods it selects (3), 2 desired, 1 allowed.
    expect(summary(apply(['helm-web/rendered.yaml'], 'shop').answer)).toStrictEqual({
      budgets: [
        [
          'PodDisruptionBudget/shop/web',
          undefined,
          pdb({
            minAvailable: 2,
            selected: 3,
            expected: 3,
            desiredHealthy: 2,
            currentHealthy: 3,
            allowed: 1,
          }),
        ],
      ],
      created: [
        'Deployment/shop/web',
        'ReplicaSet/shop/web-what-if',
        'Pod/shop/web-what-if-1',
        'Pod/shop/web-what-if-2',
        'Pod/shop/web-what-if-3',
        'PodDisruptionBudget/shop/web',
      ],
      worse: [],
    });
  });

  it('a List of a StatefulSet and its PDB: zk-0…zk-2, and 0 allowed while they start', () => {
    const { answer } = apply(['zookeeper-list.yaml']);
    expect(summary(answer)).toStrictEqual({
      budgets: [
        [
          'PodDisruptionBudget/default/zk-pdb',
          undefined,
          pdb({
            maxUnavailable: 1,
            selected: 3,
            expected: 3,
            desiredHealthy: 2,
            currentHealthy: 3,
            allowed: 1,
          }),
        ],
      ],
      created: [
        'StatefulSet/default/zk',
        'Pod/default/zk-0',
        'Pod/default/zk-1',
        'Pod/default/zk-2',
        'PodDisruptionBudget/default/zk-pdb',
      ],
      worse: [],
    });
    expect(answer?.difference.budgets[0]?.meanwhile).toStrictEqual(
      pdb({
        maxUnavailable: 1,
        selected: 3,
        expected: 3,
        desiredHealthy: 2,
        currentHealthy: 0,
        allowed: 0,
      }),
    );
  });

  it('JSON: a Deployment of 5 and a 50% minAvailable in their own namespace: 3 desired, 2 allowed', () => {
    const { answer, placed } = apply(['api-deployment.json', 'budget.json']);
    expect([placed, summary(answer).budgets]).toStrictEqual([
      0,
      [
        [
          'PodDisruptionBudget/payments/api-pdb',
          undefined,
          pdb({
            minAvailable: '50%',
            selected: 5,
            expected: 5,
            desiredHealthy: 3,
            currentHealthy: 5,
            allowed: 2,
          }),
        ],
      ],
    ]);
  });

  it('policy/v1beta1 with an empty selector selects nothing, and blocks nothing', () => {
    expect(summary(apply(['v1beta1-empty-selector.yaml']).answer)).toStrictEqual({
      budgets: [
        [
          'PodDisruptionBudget/default/legacy',
          undefined,
          pdb({
            minAvailable: 1,
            selected: 0,
            expected: 0,
            desiredHealthy: 1,
            currentHealthy: 0,
            allowed: 0,
          }),
        ],
      ],
      created: ['PodDisruptionBudget/default/legacy'],
      worse: [],
    });
  });

  it('minAvailable 3 of 3 pods allows nothing: it starts blocking and every node with its pods gets stuck', () => {
    const { answer } = apply(['deployment-no-namespace.yaml', 'always-allow.yaml']);
    expect(summary(answer).budgets).toStrictEqual([
      [
        'PodDisruptionBudget/default/nginx-always-allow',
        undefined,
        pdb({
          minAvailable: 3,
          selected: 3,
          expected: 3,
          desiredHealthy: 3,
          currentHealthy: 3,
          allowed: 0,
        }),
      ],
    ]);
    expect(answer?.worse).toStrictEqual([
      "node worker-1 becomes undrainable: eviction of default/nginx-deployment-what-if-1 refused now, 429 (nginx-always-allow): Cannot evict pod as it would violate the pod's disruption budget.",
      "node worker-2 becomes undrainable: eviction of default/nginx-deployment-what-if-2 refused now, 429 (nginx-always-allow): Cannot evict pod as it would violate the pod's disruption budget.",
      "node worker-3 becomes undrainable: eviction of default/nginx-deployment-what-if-3 refused now, 429 (nginx-always-allow): Cannot evict pod as it would violate the pod's disruption budget.",
      'PodDisruptionBudget default/nginx-always-allow starts blocking: it allows no disruption of its 3 pod(s)',
    ]);
  });

  it('an OpenKruise PUB on the Deployment: 25% of 3 rounds up to 1 unavailable, 2 desired', () => {
    const { answer } = apply(['deployment-no-namespace.yaml', 'kruise-pub.yaml']);
    expect(summary(answer).budgets).toStrictEqual([
      [
        'PodUnavailableBudget/default/nginx-pub',
        undefined,
        pdb({
          maxUnavailable: '25%',
          selected: 3,
          expected: 3,
          desiredHealthy: 2,
          currentHealthy: 3,
          allowed: 1,
        }),
      ],
    ]);
  });

  it('a directory tree (-R): its .yaml, .yml and .json files in sorted order, the README left out', () => {
    const tree = files('tree');
    expect(tree.map((f) => f.path)).toStrictEqual([
      'tree/base/pdb.yaml',
      'tree/overlays/prod/deployment.yml',
      'tree/overlays/prod/extra/worker.json',
    ]);
    // Two Deployments (4 + 2) under one maxUnavailable 1: expected 6, 5 desired, 1 allowed, and
    // with two of its pods on every node no node drains any more.
    const { answer } = apply(['tree']);
    expect(summary(answer).budgets).toStrictEqual([
      [
        'PodDisruptionBudget/default/queue',
        undefined,
        pdb({
          maxUnavailable: 1,
          selected: 6,
          expected: 6,
          desiredHealthy: 5,
          currentHealthy: 6,
          allowed: 1,
        }),
      ],
    ]);
    expect(
      answer?.difference.nodes.map((n) => [n.node, n.before.state, n.after.state]),
    ).toStrictEqual([
      ['worker-1', 'drainable', 'stuck'],
      ['worker-2', 'drainable', 'stuck'],
      ['worker-3', 'drainable', 'stuck'],
    ]);
  });

  it('refuses what the API server refuses, and what does not parse, naming the file and document', () => {
    expect(apply(['invalid-both-limits.yaml']).errors).toStrictEqual([
      {
        change: 'invalid-both-limits.yaml: document 1',
        message:
          'The PodDisruptionBudget "both" is invalid: spec: Invalid value: {"selector":{"matchLabels":{"app":"nginx"}},"minAvailable":1,"maxUnavailable":1}: minAvailable and maxUnavailable cannot be both set',
      },
    ]);
    expect(apply(['broken.yaml']).errors).toStrictEqual([
      {
        change: 'broken.yaml: document 2 (line 12)',
        message: 'Flow sequence in block collection must be sufficiently indented and end with a ]',
      },
    ]);
  });

  it('reads each file of the corpus as it is on disk', () => {
    const text = readFileSync(`${dir}pdb-no-namespace.yaml`, 'utf8');
    expect(files('pdb-no-namespace.yaml')).toStrictEqual([{ path: 'pdb-no-namespace.yaml', text }]);
  });
});
