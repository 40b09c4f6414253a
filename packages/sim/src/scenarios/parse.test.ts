import { describe, expect, it } from 'vitest';
import { parseManifests } from './parse.js';

const POD = `apiVersion: v1
kind: Pod
metadata:
  name: web-0
  namespace: shop
spec:
  nodeName: worker-1
`;

const PDB = `apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: web
  namespace: shop
spec:
  minAvailable: 1
  selector:
    matchLabels: { app: web }
`;

describe('parseManifests', () => {
  it('reads multi-document YAML and skips empty documents', () => {
    const result = parseManifests(
      `# scenario\n---\n${POD}---\n# nothing here\n---\n${PDB}`,
      'demo.yaml',
    );
    expect(result).toStrictEqual({
      ok: true,
      value: [
        {
          apiVersion: 'v1',
          kind: 'Pod',
          metadata: { name: 'web-0', namespace: 'shop' },
          spec: { nodeName: 'worker-1' },
        },
        {
          apiVersion: 'policy/v1',
          kind: 'PodDisruptionBudget',
          metadata: { name: 'web', namespace: 'shop' },
          spec: { minAvailable: 1, selector: { matchLabels: { app: 'web' } } },
        },
      ],
    });
  });

  it('flattens a kubectl List, as `kubectl get pods,pdb -A -o yaml` writes it', () => {
    const list = `apiVersion: v1
kind: List
metadata:
  resourceVersion: ""
items:
- apiVersion: v1
  kind: Pod
  metadata:
    name: web-0
    namespace: shop
    resourceVersion: "4711"
    uid: 0b5c2a4e-8d1f-4c3b-9a7e-1f2d3c4b5a69
- apiVersion: policy/v1
  kind: PodDisruptionBudget
  metadata:
    name: web
    namespace: shop
`;
    const result = parseManifests(list, 'snapshot.yaml');
    expect(
      result.ok && result.value.map((o) => `${o.kind}/${o.metadata.name ?? ''}`),
    ).toStrictEqual(['Pod/web-0', 'PodDisruptionBudget/web']);
  });

  it('reads an API list in JSON', () => {
    const json = JSON.stringify({
      apiVersion: 'v1',
      kind: 'PodList',
      metadata: {},
      items: [{ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'a', namespace: 'x' } }],
    });
    expect(parseManifests(json, 'pods.json')).toStrictEqual({
      ok: true,
      value: [{ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'a', namespace: 'x' } }],
    });
  });

  it('names the file, line and column of a YAML syntax error', () => {
    const result = parseManifests(
      `${POD}---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: [broken\n`,
      'bad.yaml',
    );
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(/^bad\.yaml:\d+:\d+: invalid YAML: /);
  });

  it('rejects a document that is not a Kubernetes object', () => {
    expect(parseManifests('- just\n- a list\n', 'list.yaml')).toStrictEqual({
      ok: false,
      error: 'list.yaml: document 1: expected a Kubernetes object, found an array',
    });
    expect(parseManifests('apiVersion: v1\nmetadata:\n  name: x\n', 'nokind.yaml')).toStrictEqual({
      ok: false,
      error: 'nokind.yaml: document 1: object has no kind',
    });
    expect(
      parseManifests(`${POD}---\napiVersion: v1\nkind: Pod\nmetadata: {}\n`, 'noname.yaml'),
    ).toStrictEqual({
      ok: false,
      error: 'noname.yaml: document 2: Pod has no metadata.name',
    });
  });
});
