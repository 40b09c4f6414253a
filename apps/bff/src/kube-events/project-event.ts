import type { KubeEvent } from '@pdbscope/shared/api';
import type { LoggedEvent } from './event-log.js';
import type { Held } from '../kube/projecting-watch.js';

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const obj = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};

/** Only events about what the detail page shows. */
const KINDS = new Set(['PodDisruptionBudget', 'PodUnavailableBudget', 'Pod']);

/** A core/v1 Event reduced to what `kubectl describe` shows; others (and malformed ones) dropped. */
export function projectEvent(raw: unknown): Held<LoggedEvent> | undefined {
  const o = obj(raw);
  const meta = obj(o['metadata']);
  const involved = obj(o['involvedObject']);
  const name = str(meta['name']);
  const namespace = str(meta['namespace']);
  const kind = str(involved['kind']);
  const involvedName = str(involved['name']);
  if (!name || !namespace || !kind || !involvedName || !KINDS.has(kind)) return undefined;
  const last = str(o['lastTimestamp']) ?? str(o['eventTime']);
  const first = str(o['firstTimestamp']);
  const source = str(obj(o['source'])['component']) ?? str(o['reportingComponent']);
  const count = typeof o['count'] === 'number' ? o['count'] : 1;
  const event: KubeEvent = {
    type: str(o['type']) ?? 'Normal',
    reason: str(o['reason']) ?? '',
    message: str(o['message']) ?? '',
    count,
    involvedObject: {
      kind,
      namespace: str(involved['namespace']) ?? namespace,
      name: involvedName,
    },
    ...(first !== undefined ? { firstTimestamp: first } : {}),
    ...(last !== undefined ? { lastTimestamp: last } : {}),
    ...(source !== undefined ? { source } : {}),
  };
  return {
    metadata: {
      name,
      namespace,
      resourceVersion: str(meta['resourceVersion']) ?? '',
    },
    view: { key: `${namespace}/${name}`, event },
  };
}
