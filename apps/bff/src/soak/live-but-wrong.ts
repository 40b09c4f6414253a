import type { SimHandle } from '@pdbscope/sim';
import type { SourceState } from '@pdbscope/shared/api';
import {
  NODES,
  PODS,
  WORKLOADS,
  pdbSpec,
  projector,
  pubSpec,
  type ClusterObject,
  type ResourceSpec,
} from '../kube/resources.js';
import { indexContents } from '../integration/harness.js';
import type { Bff } from '../server.js';

const SPECS: readonly ResourceSpec[] = [
  PODS,
  NODES,
  ...WORKLOADS,
  pdbSpec('v1'),
  pubSpec('v1alpha1'),
];

/** How long a live source may differ from the server before it counts: the watch's delivery. */
const GRACE_MS = 1_000;

interface Scope {
  spec: ResourceSpec;
  namespace: string | undefined;
}

/** The resource and namespace a source id names (`pods`, `pods@zookeeper`); none for others. */
function scopeOf(id: string): Scope | undefined {
  const [base, namespace] = id.split('@');
  const spec = SPECS.find((s) => s.id === base);
  return spec === undefined ? undefined : { spec, namespace };
}

const inScope = (scope: Scope) => (o: ClusterObject) =>
  o.kind === scope.spec.kind &&
  (scope.namespace === undefined || ('namespace' in o && o.namespace === scope.namespace));

/** What the server holds in a scope now, read from its store as the BFF would convert it. */
function serverHolds(sim: SimHandle, scope: Scope): string {
  const listed = sim.store.list(scope.spec.plural);
  if (!listed.ok) return '';
  const read = projector(scope.spec, () => {});
  const views = listed.value.items
    .map((raw) => read({ ...raw, kind: scope.spec.kind })?.view)
    .filter((v): v is ClusterObject => v !== undefined)
    .filter(inScope(scope));
  return JSON.stringify(views.map((v) => JSON.stringify(v)).sort());
}

function bffHolds(bff: Bff, scope: Scope): string | undefined {
  const index = bff.store.index;
  if (index === undefined) return undefined;
  const views = indexContents(index, bff.store.namespaces()).filter(inScope(scope));
  return JSON.stringify(views.map((v) => JSON.stringify(v)).sort());
}

/** The objects only one side holds, by `namespace/name@resourceVersion`: where to look first. */
function differing(held: string, server: string): string {
  const names = (json: string) =>
    new Set(
      (JSON.parse(json) as string[]).map((text) => {
        const o = JSON.parse(text) as {
          namespace?: string;
          name?: string;
          resourceVersion?: string;
        };
        return `${o.namespace ?? ''}/${o.name ?? ''}@${o.resourceVersion ?? ''}`;
      }),
    );
  const here = names(held);
  const there = names(server);
  const only = (a: Set<string>, b: Set<string>) => [...a].filter((k) => !b.has(k)).slice(0, 3);
  return `only here: ${only(here, there).join(', ') || 'none'}; only on the server: ${only(there, here).join(', ') || 'none'}`;
}

interface Suspect {
  firstAt: number;
  since: string;
  server: string;
}

/**
 * Watches the BFF under test for a source it calls `live` whose objects differ from the server's:
 * a difference that lasts GRACE_MS while the source stays live (same `since`) and the server's
 * objects in its scope do not change is one live-but-wrong moment (counted once per episode).
 */
export class LiveButWrongMonitor {
  private readonly suspects = new Map<string, Suspect>();
  private readonly counted = new Set<string>();
  readonly moments: string[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly target: () => { bff: Bff; sim: SimHandle; paused: boolean },
    private readonly everyMs = 200,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.sample(), this.everyMs);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private sample(): void {
    const { bff, sim, paused } = this.target();
    if (paused) {
      this.suspects.clear();
      return;
    }
    const now = performance.now();
    const live = bff.sources.states().filter((s: SourceState) => s.state === 'live');
    const seen = new Set<string>();
    for (const source of live) {
      const scope = scopeOf(source.id);
      if (scope === undefined) continue;
      const held = bffHolds(bff, scope);
      const server = serverHolds(sim, scope);
      if (held === undefined || held === server) continue;
      seen.add(source.id);
      const since = source.since ?? '';
      const suspect = this.suspects.get(source.id);
      if (suspect === undefined || suspect.since !== since || suspect.server !== server) {
        this.suspects.set(source.id, { firstAt: now, since, server });
        continue;
      }
      const episode = `${source.id}\u0000${since}`;
      if (now - suspect.firstAt >= GRACE_MS && !this.counted.has(episode)) {
        this.counted.add(episode);
        this.moments.push(
          `${source.id} live since ${since} with objects the server does not hold (${differing(held, server)})`,
        );
      }
    }
    for (const id of [...this.suspects.keys()]) if (!seen.has(id)) this.suspects.delete(id);
  }
}
