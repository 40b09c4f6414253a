import { RESOURCE_TYPES } from '../store/resource-types.js';
import type { StoreEvent } from '../store/types.js';
import type { ControllerContext } from './context.js';

/**
 * What a deleted namespace's content is deleted in: owners before pods, so no workload
 * controller replaces a pod deleted while its owner is still there.
 */
const CONTENT = RESOURCE_TYPES.filter((t) => t.namespaced)
  .map((t) => t.resource)
  .sort((a, b) => Number(a === 'pods') - Number(b === 'pods'));

/**
 * The namespace controller's part that matters here: a deleted namespace's objects are deleted
 * as single DELETEs would (pods gracefully). The real one keeps the namespace Terminating until
 * they are gone; here the namespace goes first and its objects right after.
 */
export class NamespaceController {
  constructor(private readonly ctx: ControllerContext) {}

  onEvent(event: StoreEvent): void {
    if (event.resource !== 'namespaces' || event.type !== 'DELETED') return;
    const namespace = event.object.metadata.name ?? '';
    for (const resource of CONTENT) {
      const listed = this.ctx.store.list(resource, { namespace });
      if (!listed.ok) continue;
      for (const obj of listed.value.items) {
        const deleted = this.ctx.store.delete(resource, namespace, obj.metadata.name ?? '');
        if (!deleted.ok)
          this.ctx.onError(
            `namespace ${namespace}: ${resource}/${obj.metadata.name ?? ''}: ${deleted.error.message}`,
          );
      }
    }
  }
}
