import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { generateCluster } from '../synthetic/generate.js';
import { readSnapshot } from './read.js';

describe('readSnapshot (property)', () => {
  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          fc.jsonValue().map((v) => stringify(v)),
        ),
        (text) => {
          const s = readSnapshot(text);
          return Array.isArray(s.errors) && Array.isArray(s.pods);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('never throws on Kubernetes-shaped objects with random fields, and reports what it cannot read', () => {
    const object = fc.record({
      apiVersion: fc.constantFrom(
        'v1',
        'policy/v1',
        'policy/v1beta1',
        'apps/v1',
        'policy.kruise.io/v1alpha1',
      ),
      kind: fc.constantFrom(
        'Pod',
        'PodDisruptionBudget',
        'PodUnavailableBudget',
        'Deployment',
        'Node',
        'Namespace',
        'Service',
      ),
      metadata: fc.oneof(
        fc.constant(undefined),
        fc.record(
          { name: fc.oneof(fc.string(), fc.integer()), namespace: fc.string() },
          { requiredKeys: [] },
        ),
      ),
      spec: fc.jsonValue(),
      status: fc.jsonValue(),
    });
    fc.assert(
      fc.property(fc.array(object, { maxLength: 8 }), (items) => {
        const s = readSnapshot(JSON.stringify({ apiVersion: 'v1', kind: 'List', items }));
        const read =
          s.pods.length +
          s.pdbs.length +
          s.pubs.length +
          s.workloads.length +
          s.nodes.length +
          s.namespaces.length;
        const ignored = Object.values(s.ignored).reduce((a, b) => a + b, 0);
        expect(read + ignored + s.errors.length).toStrictEqual(items.length);
      }),
      { numRuns: 300 },
    );
  });

  it('reads the same model from a List as JSON and as YAML', () => {
    const c = generateCluster({ seed: 3, pods: 60, budgets: 8, nodes: 4 });
    const items = [
      ...c.namespaces,
      ...c.nodes,
      ...c.pods,
      ...c.deployments,
      ...c.replicaSets,
      ...c.statefulSets,
      ...c.pdbs,
      ...c.pubs,
    ];
    const list = { apiVersion: 'v1', kind: 'List', metadata: { resourceVersion: '' }, items };
    const fromJson = readSnapshot(JSON.stringify(list));
    const fromYaml = readSnapshot(stringify(list));
    expect(fromYaml).toStrictEqual(fromJson);
    expect([
      fromJson.pods.length,
      fromJson.pdbs.length + fromJson.pubs.length,
      fromJson.errors,
    ]).toStrictEqual([60, 8, []]);
  });
});
