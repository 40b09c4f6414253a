/** The options of `kubectl drain` that decide which pods it evicts, with kubectl's defaults. */
export interface DrainOptions {
  /** `--force`: also delete pods that declare no controller. */
  force: boolean;
  /** `--ignore-daemonsets`: leave DaemonSet-managed pods instead of refusing the node. */
  ignoreDaemonSets: boolean;
  /** `--delete-emptydir-data`: also delete pods with emptyDir volumes (their data is lost). */
  deleteEmptyDirData: boolean;
  /** `--pod-selector`: only pods whose labels match this label query are drained ('' = all). */
  podSelector: string;
}

/** The flags that let kubectl past one of its refusals. */
export type DrainFlag = 'force' | 'ignoreDaemonSets' | 'deleteEmptyDirData';

/** `kubectl drain NODE` with no flags. */
export const KUBECTL_DRAIN_DEFAULTS: Readonly<DrainOptions> = Object.freeze({
  force: false,
  ignoreDaemonSets: false,
  deleteEmptyDirData: false,
  podSelector: '',
});

/** The command-line spelling of each flag. */
export const DRAIN_FLAG_NAMES: Readonly<Record<DrainFlag, string>> = Object.freeze({
  force: '--force',
  ignoreDaemonSets: '--ignore-daemonsets',
  deleteEmptyDirData: '--delete-emptydir-data',
});

/** The `kubectl drain` command line these options stand for. */
export function kubectlDrainCommand(node: string, options: DrainOptions): string {
  const flags = (Object.keys(DRAIN_FLAG_NAMES) as DrainFlag[])
    .filter((f) => options[f])
    .map((f) => DRAIN_FLAG_NAMES[f]);
  if (options.podSelector !== '') flags.push(`--pod-selector='${options.podSelector}'`);
  return ['kubectl drain', node, ...flags].join(' ');
}
