import type { IndexedObject } from '../index/types.js';
import type { PodView } from '../model/pod.js';
import type { ResourceRef } from '../model/refs.js';

/**
 * One change of a what-if. `apply`, `delete` and `scale` are what a user does (`kubectl apply
 * -f`, `kubectl delete`, `kubectl scale`), and the API server and the controllers do the rest:
 * generations and statuses, garbage collection, pods created and removed. `put` and `remove` set
 * one object exactly as given, nothing more: an inverse is made of them.
 */
export type WhatIfChange =
  | {
      type: 'apply';
      /** The object as its manifest has it (`readSnapshotFiles`). */
      object: IndexedObject;
      /** A workload's pod template: the pods it creates are made from it. */
      template?: PodView;
      /** Where it was read, for messages: `rendered/pdb.yaml: document 2`. */
      source?: string;
    }
  | { type: 'delete'; ref: ResourceRef }
  | { type: 'scale'; ref: ResourceRef; replicas: number }
  | { type: 'put'; object: IndexedObject }
  | { type: 'remove'; object: IndexedObject };

/** What a change set did to one object, all its changes taken together. */
export interface WhatIfEffect {
  action: 'created' | 'replaced' | 'deleted';
  ref: ResourceRef;
  /** As it is before the change set (absent when created). */
  before?: IndexedObject;
  /** As it is after (absent when deleted). */
  after?: IndexedObject;
  /** Why, in words: `applied from pdb.yaml: document 1`, `scale-down of ReplicaSet shop/web-5c6d`. */
  cause: string;
}

/** A change the API server would refuse, or that names an object that is not there. */
export interface WhatIfError {
  /** The change: its manifest's position, or the `KIND/NS/NAME` it names. */
  change: string;
  message: string;
}
