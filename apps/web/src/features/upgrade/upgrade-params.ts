import {
  formatFix,
  UpgradeChangeSchema,
  withFixes,
  type SimulateUpgradeRequest,
} from '@pdbscope/shared/api';

const FLAGS = ['force', 'ignoreDaemonSets', 'deleteEmptyDirData'] as const;

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
  for (const fix of request.fix ?? []) params.append('fix', fix);
  // `/`, `:` and `=` need no escaping in a query: the changes stay readable.
  return `/upgrade?${params.toString().replace(/%2F/g, '/').replace(/%3A/g, ':').replace(/%3D/g, '=')}`;
}
