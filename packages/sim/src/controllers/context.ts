import type { Clock } from '@pdbscope/shared/clock';
import type { SeededRandom } from '@pdbscope/shared/synthetic';
import type { ObjectStore } from '../store/object-store.js';
import type { PodIndex } from './pod-index.js';

/** What every controller of the simulated control plane shares. */
export interface ControllerContext {
  store: ObjectStore;
  clock: Clock;
  /** Seeded: pod name suffixes and anything else random stay reproducible. */
  random: SeededRandom;
  pods: PodIndex;
  /** How long a new pod takes to become Ready (times the workload's ready-delay-factor). */
  readyDelayMs: number;
  /** How long a deleted pod's containers take to stop before the kubelet removes it. */
  terminationDelayMs: number;
  /**
   * True while a scenario is being seeded: new pods start Running and Ready (or crash-looping as
   * the workload asks), as in a cluster that has been up for a while.
   */
  seeding: boolean;
  /** Reports a write the store refused; a controller never throws into the store's listener. */
  onError(message: string): void;
}
