// The actors' scenarios write pods and PDBs in a short form (the file's `conventions`); these turn
// them into the Kubernetes objects they stand for and read those with the model's converters, so
// the engine sees exactly what it sees from a cluster.
import { asArray, asObject, asString, type Json } from '../model/convert-helpers.js';
import { pdbFromObject, podFromObject } from '../model/convert.js';
import type { PdbView } from '../model/budget.js';
import { pdbView } from '../model/pdb-view.js';
import type { PodView } from '../model/pod.js';
import { podWith } from '../model/pod-with.js';
import { parseGoTime } from '../actors/go/time.js';
import { ScenarioError } from './inputs.js';

// The converters need a name; a scenario may have none (`&apiv1.Pod{}`), restored afterwards.
const NAMELESS = '\u0000nameless';

// An absent field and a null one are the same nil to the Go structs the tests build.
export const defined = (entries: Record<string, unknown>): Json =>
  Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== undefined && v !== null));

/** `{name, namespace, labels?, …}` → a Pod object → the model's PodView. */
export function scenarioPod(raw: unknown): PodView {
  const p = asObject(raw);
  if (!p) throw new ScenarioError('a pod is not an object');
  const name = asString(p['name']) ?? '';
  const requests = asObject(p['requests']);
  const pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: defined({
      name: name === '' ? NAMELESS : name,
      namespace: p['namespace'],
      uid: p['uid'],
      labels: p['labels'],
      annotations: p['annotations'],
      ownerReferences: p['ownerReferences'],
      creationTimestamp: p['creationTimestamp'],
      deletionTimestamp: p['deletionTimestamp'],
    }),
    spec: defined({
      nodeName: p['node'],
      priority: p['priority'],
      priorityClassName: p['priorityClassName'],
      preemptionPolicy: p['preemptionPolicy'],
      restartPolicy: p['restartPolicy'],
      terminationGracePeriodSeconds: p['terminationGracePeriodSeconds'],
      nodeSelector: p['nodeSelector'],
      tolerations: p['tolerations'],
      affinity: p['affinity'],
      volumes: p['volumes'],
      containers: [defined({ name: 'c', resources: requests ? { requests } : undefined })],
    }),
    status: defined({
      phase: p['phase'],
      startTime: p['startTime'],
      conditions: p['conditions'],
      nominatedNodeName: p['nominatedNodeName'],
    }),
  };
  const r = podFromObject(pod);
  if (!r.ok) throw new ScenarioError(r.error);
  return name === '' ? podWith(r.value, { name: '' }) : r.value;
}

/** `{name, namespace, selector, minAvailable?, …, status}` → a policy/v1 PDB → PdbView. */
export function scenarioPdb(raw: unknown, now: string): PdbView {
  const b = asObject(raw);
  if (!b) throw new ScenarioError('a PDB is not an object');
  const name = asString(b['name']) ?? '';
  const status = asObject(b['status']) ?? {};
  const disrupted = asArray(status['disruptedPods']).filter((n) => typeof n === 'string');
  const pdb = {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: defined({ name: name === '' ? NAMELESS : name, namespace: b['namespace'] }),
    spec: defined({
      // null is the nil selector, which the converter reads from an absent field.
      selector: b['selector'] ?? undefined,
      minAvailable: b['minAvailable'],
      maxUnavailable: b['maxUnavailable'],
      unhealthyPodEvictionPolicy: b['unhealthyPodEvictionPolicy'],
    }),
    status: {
      ...status,
      disruptedPods: Object.fromEntries(disrupted.map((n) => [n, now])),
    },
  };
  const r = pdbFromObject(pdb);
  if (!r.ok) throw new ScenarioError(r.error);
  return name === '' ? pdbView({ ...r.value, name: '' }) : r.value;
}

/** A scenario's `now` (or the file's default), as a Date and at nanosecond precision. */
export function scenarioClock(now: unknown, defaultNow: string): { date: Date; ns: bigint } {
  const text = typeof now === 'string' ? now : defaultNow;
  const ns = parseGoTime(text);
  if (ns === undefined) throw new ScenarioError(`unreadable now: ${text}`);
  return { date: new Date(Number(ns / 1_000_000n)), ns };
}
