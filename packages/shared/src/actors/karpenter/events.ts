/** An event Karpenter publishes: its reason and message, and the kind of object it is on. */
export interface KarpenterEvent {
  readonly reason: string;
  readonly message: string;
  readonly on: 'Pod' | 'Node' | 'NodeClaim' | 'NodePool';
}

/**
 * The time Karpenter's predicates run at (nanoseconds since the epoch), and where their events go
 * (none recorded when absent, as with Karpenter's nil recorder).
 */
export interface KarpenterClock {
  readonly nowNs: bigint;
  readonly record?: (event: KarpenterEvent) => void;
}

/** `pretty.Sentence`: the first byte upper-cased (an error becomes an event's message). */
export const sentence = (text: string): string =>
  text === '' ? text : text.charAt(0).toUpperCase() + text.slice(1);
