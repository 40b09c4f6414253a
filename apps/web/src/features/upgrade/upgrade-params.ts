import {
  formatFix,
  UpgradeChangeSchema,
  withFixes,
  type SimulateUpgradeRequest,
} from '@pdbscope/shared/api';

const FLAGS = ['force', 'ignoreDaemonSets', 'deleteEmptyDirData'] as const;

/** Who upgrades the pool; absent from the address: the pool's node labels say (the page's guess). */
export const PROVIDERS = ['kubectl', 'gke', 'eks', 'aks'] as const;
export type Provider = (typeof PROVIDERS)[number];

/** The provider and its options as the address has them (`drainTimeout` in minutes). */
function providerOf(params: URLSearchParams): Partial<SimulateUpgradeRequest> {
  const provider = params.get('provider');
  const minutes = whole(params.get('drainTimeout'), 0);
  const undrainable = params.get('undrainable');
  return {
    ...(provider !== null && (PROVIDERS as readonly string[]).includes(provider)
      ? { provider: provider as Provider }
      : {}),
    ...(minutes > 0 ? { drainTimeoutSeconds: Math.min(minutes, 10_080) * 60 } : {}),
    ...(params.get('forceUpdate') === '1' ? { forceUpdate: true } : {}),
    ...(undrainable === 'Schedule' || undrainable === 'Cordon'
      ? { undrainableNodeBehavior: undrainable }
      : {}),
  };
}

const whole = (text: string | null, fallback: number): number => {
  const n = Number(text);
  return text !== null && /^[0-9]+$/.test(text) ? n : fallback;
};

/** An older address's `changes=` (JSON), read as `fix=` texts; what does not read is dropped. */
function legacyChanges(raw: string | null): string[] {
  if (raw === null) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((c: unknown) => {
      const change = UpgradeChangeSchema.safeParse(c);
      return change.success ? [formatFix(change.data)] : [];
    });
  } catch {
    return [];
  }
}

/**
 * The request the page's address stands for (so a forecast can be linked); undefined: no pool
 * yet. Its changes are `fix=` values, one per change, as written (the BFF says what is wrong
 * with one that does not read).
 */
export function upgradeRequestOf(params: URLSearchParams): SimulateUpgradeRequest | undefined {
  const selector = params.get('selector');
  if (selector === null || selector === '') return undefined;
  const request: SimulateUpgradeRequest = {
    selector,
    maxUnavailable: Math.max(1, whole(params.get('maxUnavailable'), 1)),
    maxSurge: whole(params.get('maxSurge'), 0),
    ...providerOf(params),
  };
  for (const f of FLAGS) if (params.get(f) === '1') request[f] = true;
  const fix = withFixes(legacyChanges(params.get('changes')), params.getAll('fix'));
  if (fix.length > 0) request.fix = fix;
  return request;
}

export function upgradeHref(request: SimulateUpgradeRequest): string {
  const params = new URLSearchParams();
  if (request.selector !== undefined) params.set('selector', request.selector);
  params.set('maxUnavailable', String(request.maxUnavailable ?? 1));
  params.set('maxSurge', String(request.maxSurge ?? 0));
  for (const f of FLAGS) if (request[f] === true) params.set(f, '1');
  if (request.provider !== undefined) params.set('provider', request.provider);
  if (request.drainTimeoutSeconds !== undefined)
    params.set('drainTimeout', String(Math.round(request.drainTimeoutSeconds / 60)));
  if (request.forceUpdate === true) params.set('forceUpdate', '1');
  if (request.undrainableNodeBehavior !== undefined)
    params.set('undrainable', request.undrainableNodeBehavior);
  for (const fix of request.fix ?? []) params.append('fix', fix);
  // `/`, `:` and `=` need no escaping in a query: the changes stay readable.
  return `/upgrade?${params.toString().replace(/%2F/g, '/').replace(/%3A/g, ':').replace(/%3D/g, '=')}`;
}
