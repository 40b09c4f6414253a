import { dns1123LabelErrors } from '../selectors/names.js';

/** What `what-if` takes beyond a snapshot: manifests to apply, objects to delete, scales. */
export interface WhatIfArgs {
  /** Files or directories of manifests, in the order given. */
  apply: string[];
  /** `KIND/NS/NAME` each. */
  delete: string[];
  /** `KIND/NS/NAME=N` each. */
  scale: string[];
  /** `--upgrade-selector K=V`: forecast this pool's upgrade before and after. */
  upgradeSelector?: string;
}

export const WHAT_IF_FLAGS = ['--apply', '--delete', '--scale', '--upgrade-selector'] as const;
export type WhatIfFlag = (typeof WHAT_IF_FLAGS)[number];

/** One what-if flag's value into `args`. */
export function setWhatIfFlag(args: WhatIfArgs, flag: WhatIfFlag, value: string): void {
  if (flag === '--apply') args.apply.push(value);
  else if (flag === '--delete') args.delete.push(value);
  else if (flag === '--scale') args.scale.push(value);
  else args.upgradeSelector = value;
}

/** `-n`/`--namespace`'s value, or why it is not a namespace. */
export function namespaceError(value: string): string | undefined {
  const errors = dns1123LabelErrors(value);
  return errors.length === 0
    ? undefined
    : `--namespace ${JSON.stringify(value)}: ${errors.join('; ')}`;
}
