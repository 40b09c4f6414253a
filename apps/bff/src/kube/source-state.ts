import type { SourceState, SourceStateName } from '@pdbscope/shared/api';

/**
 * A source's visible state. Plain functions so the transitions are tested directly; the
 * Source class only calls them.
 */
export function initialState(input: { id: string; resource: string; now: Date }): SourceState {
  return {
    id: input.id,
    resource: input.resource,
    state: 'syncing',
    since: input.now.toISOString(),
    objects: 0,
    forbiddenNamespaces: [],
  };
}

/** Enter a state; `since` moves only when the state (or its reason) changes. */
export function enterState(
  current: SourceState,
  next: { state: SourceStateName; reason?: string; now: Date; forbiddenNamespaces?: string[] },
): SourceState {
  const forbidden =
    next.forbiddenNamespaces ?? (next.state === 'live' ? [] : current.forbiddenNamespaces);
  const same =
    current.state === next.state &&
    current.reason === next.reason &&
    current.forbiddenNamespaces.join(',') === forbidden.join(',');
  if (same) return current;
  const { reason: _previous, ...rest } = current;
  return {
    ...rest,
    state: next.state,
    since: current.state === next.state ? current.since : next.now.toISOString(),
    ...(next.reason !== undefined ? { reason: next.reason } : {}),
    forbiddenNamespaces: forbidden,
  };
}

/** Note activity (an event or a list) and the number of objects held. */
export function touchState(
  current: SourceState,
  input: { now: Date; objects: number },
): SourceState {
  return { ...current, lastEventAt: input.now.toISOString(), objects: input.objects };
}
