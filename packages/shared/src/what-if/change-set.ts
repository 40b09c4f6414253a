import type { IndexedObject } from '../index/types.js';
import { refKey } from '../model/refs.js';
import type { Result } from '../result/index.js';
import { readSnapshotFiles } from '../snapshot/read.js';
import type { Snapshot, SourceFile } from '../snapshot/types.js';
import { parseObjectRef, parseScale } from './refs.js';
import { refOfObject } from './stored.js';
import type { WhatIfChange, WhatIfError } from './types.js';

/** A change set as a user gives it: manifests to apply, objects to delete, workloads to scale. */
export interface ChangeSetInput {
  /** The manifests' files, in the order to apply them (a directory's, sorted, as kubectl reads it). */
  apply?: readonly SourceFile[];
  /** `KIND/NS/NAME` each (a node: `node/NAME`). */
  delete?: readonly string[];
  /** `KIND/NS/NAME=REPLICAS` each. */
  scale?: readonly string[];
  /** Where manifests' objects without a namespace go (`-n`; default `default`). */
  namespace?: string;
}

export interface ReadChangeSet {
  changes: WhatIfChange[];
  /** Manifests' objects put in the namespace for want of one of their own. */
  placedInNamespace?: { namespace: string; count: number };
  /** Kinds in the manifests the engine does not model (Services, ConfigMaps...), counted. */
  ignored: Record<string, number>;
}

/** The manifests' objects in the order the cluster is best built in: nodes, workloads, pods, budgets. */
function manifestObjects(s: Snapshot): IndexedObject[] {
  return [...s.nodes, ...s.workloads, ...s.pods, ...s.pdbs, ...s.pubs];
}

/**
 * Reads a change set: manifests (multi-document YAML, Lists, JSON; objects without a namespace go
 * to `namespace`, as `kubectl apply -f` puts them), deletions and scales. Anything unreadable is
 * an error naming the file and document, or the text given; then there is no change set.
 */
export function readChangeSet(input: ChangeSetInput): Result<ReadChangeSet, WhatIfError[]> {
  const errors: WhatIfError[] = [];
  const manifests = readSnapshotFiles(input.apply ?? [], {
    ...(input.namespace !== undefined ? { namespace: input.namespace } : {}),
    manifests: true,
  });
  for (const e of manifests.errors)
    errors.push({ change: e.position, message: e.object ? `${e.object}: ${e.error}` : e.error });
  const changes: WhatIfChange[] = manifestObjects(manifests).map((object) => {
    const key = refKey(refOfObject(object));
    const template = manifests.podTemplates?.get(key);
    const source = manifests.positions?.get(key);
    return {
      type: 'apply',
      object,
      ...(template ? { template } : {}),
      ...(source !== undefined ? { source } : {}),
    };
  });
  for (const text of input.delete ?? []) {
    const ref = parseObjectRef(text);
    if (ref.ok) changes.push({ type: 'delete', ref: ref.value });
    else errors.push({ change: `--delete ${text}`, message: ref.error });
  }
  for (const text of input.scale ?? []) {
    const scale = parseScale(text);
    if (scale.ok) changes.push({ type: 'scale', ...scale.value });
    else errors.push({ change: `--scale ${text}`, message: scale.error });
  }
  if (errors.length > 0) return { ok: false, error: errors };
  return {
    ok: true,
    value: {
      changes,
      ...(manifests.placedInNamespace ? { placedInNamespace: manifests.placedInNamespace } : {}),
      ignored: manifests.ignored,
    },
  };
}
