import type { SourceState } from '@pdbscope/shared/api';
import type { SourceHandle } from './source-readiness.js';
import { NODES, PODS, WORKLOADS, apiVersionOf, pdbSpec, type ResourceSpec } from './resources.js';

/**
 * What stands for the sources while the API server cannot be reached at start (or refuses the
 * credentials): one per resource that is always watched (and per namespace with --namespace),
 * degraded (or `credentials`) with the reason, never settled, so the page shows why it is empty
 * and readiness waits. The real sources take their ids once discovery succeeds.
 */
export class UnreachableSources {
  private readonly states = new Map<string, SourceState>();

  constructor(
    private readonly options: {
      namespaces?: readonly string[];
      add: (id: string, handle: SourceHandle) => void;
      changed: (state: SourceState) => void;
      remove: (id: string) => void;
    },
  ) {}

  /** Shows (or updates) every stand-in in `state` (default degraded) with `reason`. */
  show(reason: string, now: Date, state: 'degraded' | 'credentials' = 'degraded'): void {
    for (const { id, resource } of this.standIns()) {
      const previous = this.states.get(id);
      if (previous?.reason === reason && previous.state === state) continue;
      const shown: SourceState = {
        id,
        resource,
        state,
        reason,
        since: previous?.state === state ? previous.since : now.toISOString(),
        objects: 0,
        forbiddenNamespaces: [],
      };
      this.states.set(id, shown);
      this.options.add(id, { settled: false, snapshot: () => shown });
      this.options.changed(shown);
    }
  }

  /** Removes the stand-ins no real source replaced (call after the real ones are added). */
  retire(replaced: ReadonlySet<string>): void {
    for (const id of this.states.keys()) if (!replaced.has(id)) this.options.remove(id);
    this.states.clear();
  }

  private standIns(): { id: string; resource: string }[] {
    const specs: ResourceSpec[] = [PODS, NODES, ...WORKLOADS, pdbSpec('v1')];
    return specs.flatMap((spec) => {
      const resource = `${apiVersionOf(spec)} ${spec.plural}`;
      if (!spec.namespaced || this.options.namespaces === undefined)
        return [{ id: spec.id, resource }];
      return this.options.namespaces.map((ns) => ({
        id: `${spec.id}@${ns}`,
        resource: `${resource} in ${ns}`,
      }));
    });
  }
}
