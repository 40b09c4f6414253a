import type { Watch } from '@kubernetes/client-node';

/**
 * An object as the list-watch loop sees it: our slim view, and its `metadata` (name, namespace,
 * resourceVersion). A cluster object's view serves as its own metadata, so no second copy is made
 * (and the loop keeps the view alone).
 */
export interface Held<T> {
  metadata: { name: string; namespace?: string; resourceVersion: string };
  view: T;
}

type WatchCallback = (phase: string, obj: unknown, watchObj?: unknown) => void;
type DoneCallback = (err: unknown) => void;

export interface ProjectingWatchOptions<T> {
  watch: Pick<Watch, 'watch'>;
  project: (raw: unknown) => Held<T> | undefined;
  timeoutSeconds: number;
  onActivity: () => void;
  /** The watch request is established (HTTP 200 and streaming). */
  onConnected: () => void;
  /**
   * Looks at each event (the projected object, or a BOOKMARK's raw one) before it is passed on;
   * a reason means the stream belongs to another cluster: it is abandoned and the list watch is
   * told to relist, as after a 410.
   */
  check?: (phase: string, obj: unknown) => string | undefined;
  /** Told of every DELETED event's raw object, read or not. */
  deleted?: (raw: unknown) => void;
  /**
   * An object that no longer reads: what is held for it (under the event's resourceVersion), to
   * be deleted so that no stale version stays; undefined when nothing is held.
   */
  heldFor?: (raw: unknown) => Held<T> | undefined;
}

/** What makes the list-watch loop relist (it does so on 410 only). */
export function relistError(message: string): Error & { statusCode: number } {
  return Object.assign(new Error(message), { statusCode: 410 });
}

/**
 * A 504 on a watch is kube-apiserver's "Too large resource version" (client-node keeps only the
 * status text): the version we resume from is newer than the server's, which an etcd restore
 * does. Resuming again would fail again, so it is a relist.
 */
function tooLargeVersion(err: unknown): boolean {
  return (err as { statusCode?: unknown } | null)?.statusCode === 504;
}

/**
 * client-node's Watch turns an HTTP answer other than 200 into an error carrying only the status
 * text (e.g. `Forbidden`: the Status body is not read); naming the watch, as a failed list names
 * its request, lets a source's reason say what was refused. The status code stays.
 */
function namedWatchError(err: unknown, path: string): unknown {
  if (!(err instanceof Error)) return err;
  const statusCode = (err as Error & { statusCode?: unknown }).statusCode;
  if (typeof statusCode !== 'number') return err;
  return Object.assign(new Error(`${err.message} (watch ${path})`, { cause: err }), {
    statusCode,
  });
}

/**
 * Stands between the list-watch loop and client-node's Watch. It adds what the loop does not
 * send (`timeoutSeconds`, `allowWatchBookmarks`), projects every watched object to the slim
 * view before the loop holds it (so no full object is ever kept), and fences off
 * connections that were abandoned: after {@link invalidate}, a stale connection's events and
 * its done callback are ignored, so an old stream can never rewind the cache.
 */
export class ProjectingWatch<T> {
  private generation = 0;
  private active: AbortController | undefined;

  constructor(private readonly options: ProjectingWatchOptions<T>) {}

  async watch(
    path: string,
    queryParams: Record<string, unknown>,
    callback: WatchCallback,
    done: DoneCallback,
  ): Promise<AbortController> {
    const generation = this.generation;
    const current = () => generation === this.generation;
    let failed = false;
    const params = {
      ...queryParams,
      allowWatchBookmarks: true,
      timeoutSeconds: this.options.timeoutSeconds,
    };
    const controller = await this.options.watch.watch(
      path,
      params,
      (received: string, obj: unknown, watchObj?: unknown) => {
        if (!current()) return;
        let phase = received;
        this.options.onActivity();
        const change = phase === 'ADDED' || phase === 'MODIFIED' || phase === 'DELETED';
        // ERROR (a Status, e.g. 410 Gone) and BOOKMARK go through as they are.
        let object = change ? this.options.project(obj) : obj;
        if (phase === 'DELETED') this.options.deleted?.(obj);
        if (object === undefined && change) {
          object = this.options.heldFor?.(obj);
          phase = 'DELETED';
        }
        if (object === undefined) return;
        const otherCluster = this.options.check?.(phase, object);
        if (otherCluster !== undefined) {
          this.invalidate();
          done(relistError(otherCluster));
          return;
        }
        callback(phase, object, watchObj);
      },
      (err: unknown) => {
        failed = err !== null && err !== undefined;
        if (!current()) return;
        if (tooLargeVersion(err))
          done(
            relistError(`the watch's resourceVersion is newer than the server's (watch ${path})`),
          );
        else done(namedWatchError(err, path));
      },
    );
    if (current()) {
      this.active = controller;
      if (!failed && !controller.signal.aborted) this.options.onConnected();
    } else {
      controller.abort();
    }
    return controller;
  }

  /** Abandon the current connection: its events and completion will be ignored. */
  invalidate(): void {
    this.generation++;
    this.active?.abort();
    this.active = undefined;
  }
}
