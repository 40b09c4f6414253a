/** Told as each page of a list arrives and when each list is complete. */
export interface ListProgress {
  listed(resource: string, count: number): void;
  done(resource: string, count: number): void;
}

/** A list this long gets a progress line; a small cluster's listing stays silent. */
export const PROGRESS_FROM = 5_000;

const figure = (n: number) => n.toLocaleString('en-US');

/**
 * The progress of a large cluster's listing on stderr: on a terminal one line, rewritten as the
 * pages arrive; elsewhere (a pipeline's log) one line per large list once it is complete.
 */
export function stderrProgress(stderr: {
  write(text: string): unknown;
  isTTY?: boolean;
}): ListProgress {
  let shown = false;
  return {
    listed(resource, count) {
      if (!stderr.isTTY || count < PROGRESS_FROM) return;
      stderr.write(`\r\x1b[Kpdbscope: listing ${resource}: ${figure(count)}`);
      shown = true;
    },
    done(resource, count) {
      if (count < PROGRESS_FROM) return;
      stderr.write(`${shown ? '\r\x1b[K' : ''}pdbscope: listed ${figure(count)} ${resource}\n`);
      shown = false;
    },
  };
}
