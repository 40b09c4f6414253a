import type { SimulateUpgradeRequest, UpgradeFix } from '@pdbscope/shared/api';

const FLAGS = ['force', 'ignoreDaemonSets', 'deleteEmptyDirData'] as const;

const whole = (text: string | null, fallback: number): number => {
  const n = Number(text);
  return text !== null && /^[0-9]+$/.test(text) ? n : fallback;
};

/** The request the page's address stands for (so a forecast can be linked); undefined: no pool yet. */
export function upgradeRequestOf(params: URLSearchParams): SimulateUpgradeRequest | undefined {
  const selector = params.get('selector');
  if (selector === null || selector === '') return undefined;
  let changes: UpgradeFix['changes'] | undefined;
  try {
    const raw = params.get('changes');
    changes = raw === null ? undefined : (JSON.parse(raw) as UpgradeFix['changes']);
  } catch {
    changes = undefined;
  }
  const request: SimulateUpgradeRequest = {
    selector,
    maxUnavailable: Math.max(1, whole(params.get('maxUnavailable'), 1)),
    maxSurge: whole(params.get('maxSurge'), 0),
  };
  for (const f of FLAGS) if (params.get(f) === '1') request[f] = true;
  if (changes !== undefined && changes.length > 0) request.changes = changes;
  return request;
}

export function upgradeHref(request: SimulateUpgradeRequest): string {
  const params = new URLSearchParams();
  if (request.selector !== undefined) params.set('selector', request.selector);
  params.set('maxUnavailable', String(request.maxUnavailable ?? 1));
  params.set('maxSurge', String(request.maxSurge ?? 0));
  for (const f of FLAGS) if (request[f] === true) params.set(f, '1');
  if (request.changes && request.changes.length > 0)
    params.set('changes', JSON.stringify(request.changes));
  return `/upgrade?${params.toString()}`;
}
