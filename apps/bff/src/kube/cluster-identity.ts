/**
 * Notices, from what one source sees, that the cluster behind it was restored or replaced: a
 * resourceVersion lower than one already seen, or an object that changed its UID without being
 * deleted. resourceVersion is opaque in general; it is compared only while every version this
 * source has seen is a decimal integer (etcd's revisions, as every kube-apiserver and the simulator
 * serve them), and ignored for good once one is not.
 */
export class ResourceVersionTracker {
  private highest: bigint | undefined;
  private numeric = true;

  /**
   * Notes a version from a list's metadata, a watch event or a bookmark. Returns why the cluster
   * looks restored when it went back, else undefined.
   */
  seen(resourceVersion: string): string | undefined {
    if (!this.numeric || resourceVersion === '') return undefined;
    if (!/^\d+$/.test(resourceVersion)) {
      this.numeric = false;
      this.highest = undefined;
      return undefined;
    }
    const version = BigInt(resourceVersion);
    const highest = this.highest;
    if (highest !== undefined && version < highest)
      return `resourceVersion went back from ${highest} to ${version}: the cluster was restored or replaced`;
    this.highest = version;
    return undefined;
  }

  /** After a relist of a restored cluster: its versions start again from the list's. */
  restart(resourceVersion: string): void {
    this.highest = undefined;
    this.seen(resourceVersion);
  }
}

/** Why a watched change of `key` means another cluster, or undefined when the UIDs agree or are unknown. */
export function uidChanged(input: {
  key: string;
  held: string | undefined;
  arrived: string | undefined;
}): string | undefined {
  const { held, arrived } = input;
  if (held === undefined || arrived === undefined || held === '' || arrived === '')
    return undefined;
  if (held === arrived) return undefined;
  return `${input.key} changed its UID from ${held} to ${arrived} without being deleted: the cluster was restored or replaced`;
}
