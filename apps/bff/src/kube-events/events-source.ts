import type { KubeConfig } from '@kubernetes/client-node';
import type { Logger } from 'pino';
import type { KubeHttp } from '../kube/http.js';
import { Source, type SourceOptions } from '../kube/source.js';
import type { Clock } from '@pdbscope/shared/clock';
import type { SourceReadiness } from '../kube/source-readiness.js';
import type { EventLog, LoggedEvent } from './event-log.js';
import { projectEvent } from './project-event.js';

export interface EventsSourceOptions {
  kc: KubeConfig;
  http: KubeHttp;
  readiness: Pick<SourceReadiness, 'add' | 'changed'>;
  log: EventLog;
  clock: Clock;
  logger: Logger;
  namespaces?: readonly string[];
  tuning?: Pick<
    SourceOptions<LoggedEvent>,
    'backoff' | 'watchTimeoutSeconds' | 'watchdogMs' | 'listPageSize' | 'listTimeoutMs'
  >;
}

/**
 * core/v1 Events watched like every other resource (one source, or one per namespace with
 * --namespace) into the bounded log. They never hold up readiness: a cluster's events are many
 * and the budgets do not depend on them; a refusal shows as a refused `events` source.
 */
export function startEventsSource(options: EventsSourceOptions): { stop(): Promise<void> } {
  const namespaces = options.namespaces ?? [undefined];
  const sources = namespaces.map((namespace) => {
    const id = namespace === undefined ? 'events' : `events@${namespace}`;
    const source: Source<LoggedEvent> = new Source<LoggedEvent>({
      id,
      resource: `v1 events${namespace === undefined ? '' : ` in ${namespace}`}`,
      ...(namespace !== undefined ? { namespace } : {}),
      kc: options.kc,
      http: options.http,
      path:
        namespace === undefined
          ? '/api/v1/events'
          : `/api/v1/namespaces/${encodeURIComponent(namespace)}/events`,
      project: projectEvent,
      sink: {
        upsert: (e) => options.log.upsert(e.key, e.event),
        remove: (e) => options.log.remove(e.key, e.event.involvedObject),
      },
      clock: options.clock,
      logger: options.logger,
      onState: (state) => options.readiness.changed(state),
      ...options.tuning,
    });
    options.readiness.add(id, { snapshot: () => source.snapshot(), settled: true });
    return source;
  });
  for (const s of sources) s.start();
  return { stop: async () => void (await Promise.all(sources.map((s) => s.stop()))) };
}
