import type { NodeClaimView, NodePoolView, PriorityClassView } from '@pdbscope/shared';

/** What the actors read besides the index: priorities and Karpenter's pools and machines. */
export type ActorObject = PriorityClassView | NodePoolView | NodeClaimView;

const ACTOR_KINDS: ReadonlySet<string> = new Set(['PriorityClass', 'NodePool', 'NodeClaim']);

export const isActorObject = (object: { kind: string }): object is ActorObject =>
  ACTOR_KINDS.has(object.kind);

/**
 * The cluster-scoped objects the actors read (none of them selects pods, so the index does not
 * hold them), by name. Where Karpenter is not installed its maps stay empty.
 */
export class ActorObjects {
  private readonly classes = new Map<string, PriorityClassView>();
  private readonly pools = new Map<string, NodePoolView>();
  private readonly claims = new Map<string, NodeClaimView>();

  apply(type: 'upsert' | 'delete', object: ActorObject): void {
    const map = (
      object.kind === 'PriorityClass'
        ? this.classes
        : object.kind === 'NodePool'
          ? this.pools
          : this.claims
    ) as Map<string, ActorObject>;
    if (type === 'upsert') map.set(object.name, object);
    else map.delete(object.name);
  }

  priorityClasses(): PriorityClassView[] {
    return [...this.classes.values()];
  }

  nodePools(): NodePoolView[] {
    return [...this.pools.values()];
  }

  nodeClaims(): NodeClaimView[] {
    return [...this.claims.values()];
  }
}
