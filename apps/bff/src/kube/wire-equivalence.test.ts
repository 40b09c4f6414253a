import { generateCluster } from '@pdbscope/shared/synthetic';
import {
  decodeMessage,
  encodeMessage,
  listParts,
  protobufKindOf,
  readList,
} from '@pdbscope/shared/protobuf';
import { DEMO_SCENARIO_DIR, loadScenario } from '@pdbscope/sim';
import { describe, expect, it } from 'vitest';
import { Interner } from './intern.js';
import {
  NODES,
  PODS,
  WORKLOADS,
  collectionPath,
  pdbSpec,
  projector,
  type ResourceSpec,
} from './resources.js';
import { protobufSchemaFor } from './wire.js';

type Json = Record<string, unknown>;

const apiVersionOf = (spec: ResourceSpec) =>
  spec.group === '' ? spec.version : `${spec.group}/${spec.version}`;

/**
 * Every object as a real API server stores it: it reads each into its Go types, so its JSON
 * leaves out the zero value of an `omitempty` field, which the generator sometimes writes.
 */
function stored(spec: ResourceSpec, objects: readonly object[]): Json[] {
  const kind = protobufKindOf(apiVersionOf(spec), spec.plural);
  if (!kind) throw new Error(`no table for ${spec.plural}`);
  return objects.map((o) => {
    const { apiVersion, kind: k, ...rest } = o as Json;
    return { apiVersion, kind: k, ...decodeMessage(encodeMessage(rest, kind.schema), kind.schema) };
  });
}

/** A list answer in each form, read as the paged list reads it. */
function viewsBothWays(spec: ResourceSpec, objects: readonly Json[]) {
  const json = JSON.parse(JSON.stringify({ items: objects })) as { items: unknown[] };
  const fromJson = json.items.map(projector(spec, () => {}, new Interner()));
  const kind = protobufKindOf(apiVersionOf(spec), spec.plural);
  const schema = protobufSchemaFor(collectionPath(spec));
  if (!kind || !schema) throw new Error(`no table for ${spec.plural}`);
  const parts = listParts({
    apiVersion: kind.apiVersion,
    kind: `${kind.kind}List`,
    meta: { resourceVersion: '1', continue: '' },
    items: objects.map((o) => encodeMessage(o, kind.schema, ['apiVersion', 'kind'])),
  });
  const body = new Uint8Array(Buffer.concat(parts));
  const read = projector(spec, () => {}, new Interner());
  const fromProtobuf: unknown[] = [];
  readList(body, schema, (raw) => fromProtobuf.push(read(raw)));
  return { fromJson, fromProtobuf };
}

describe('JSON and protobuf give the same views', () => {
  const cluster = generateCluster({ seed: 11, pods: 3000, nodes: 100, budgets: 200 });
  const cases: [ResourceSpec, readonly object[]][] = [
    [PODS, cluster.pods],
    [NODES, cluster.nodes],
    [WORKLOADS[0] as ResourceSpec, cluster.deployments],
    [WORKLOADS[1] as ResourceSpec, cluster.replicaSets],
    [WORKLOADS[2] as ResourceSpec, cluster.statefulSets],
    [pdbSpec('v1'), cluster.pdbs],
  ];
  for (const [spec, objects] of cases)
    it(`${spec.plural}: every view deep-equal`, () => {
      const { fromJson, fromProtobuf } = viewsBothWays(spec, stored(spec, objects));
      expect(fromJson.length).toBe(objects.length);
      expect(fromProtobuf).toStrictEqual(fromJson);
    });
});

describe('JSON and protobuf give the same views of the demo', () => {
  // The demo has what the generator lacks: budgets an operator owns, Karpenter's node
  // annotations, PodUnavailableBudgets' targets. A converter that reads a field its kind's read
  // set leaves out shows here.
  const byKind = (kind: string, apiVersion: string) => async () => {
    const loaded = await loadScenario(DEMO_SCENARIO_DIR);
    if (!loaded.ok) throw new Error(loaded.error);
    return loaded.value.objects.filter((o) => o.kind === kind && o.apiVersion === apiVersion);
  };
  const cases: [ResourceSpec, () => Promise<readonly object[]>][] = [
    [PODS, byKind('Pod', 'v1')],
    [NODES, byKind('Node', 'v1')],
    [WORKLOADS[0] as ResourceSpec, byKind('Deployment', 'apps/v1')],
    [WORKLOADS[2] as ResourceSpec, byKind('StatefulSet', 'apps/v1')],
    [pdbSpec('v1'), byKind('PodDisruptionBudget', 'policy/v1')],
  ];
  for (const [spec, objectsOf] of cases)
    it(`${spec.plural}: every view deep-equal`, async () => {
      const objects = await objectsOf();
      expect(objects.length).toBeGreaterThan(0);
      const { fromJson, fromProtobuf } = viewsBothWays(spec, stored(spec, objects));
      expect(fromProtobuf).toStrictEqual(fromJson);
    });
});
