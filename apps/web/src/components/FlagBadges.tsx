import type { BudgetFlags, BudgetNotVisible } from '@pdbscope/shared/api';

/**
 * The row's flags; with `notVisible` (what its figures read is not visible) a "?" says that the
 * flags drawn from its pods or recomputed status are not known, and why.
 */
export function FlagBadges({
  flags,
  notVisible,
}: {
  flags: BudgetFlags;
  notVisible?: BudgetNotVisible | undefined;
}) {
  return (
    <>
      {notVisible !== undefined ? (
        <span
          className="badge warn"
          title={`Not known: ${notVisible.pods ?? notVisible.recomputed}`}
          aria-label={`flags not known: ${notVisible.pods ?? notVisible.recomputed}`}
        >
          ?
        </span>
      ) : null}{' '}
      {flags.overlap ? <span className="badge bad">overlap</span> : null}{' '}
      {flags.findings > 0 ? (
        <span className="badge warn">
          {flags.findings === 1 ? '1 finding' : `${flags.findings} findings`}
        </span>
      ) : null}{' '}
      {flags.stale ? (
        <span className="badge warn" title="status.observedGeneration < metadata.generation">
          stale
        </span>
      ) : null}{' '}
      {flags.mismatch ? (
        <span className="badge warn" title="The recomputed status differs from the reported one">
          mismatch
        </span>
      ) : null}{' '}
      {flags.error !== null ? (
        <span className="badge bad" title={flags.error}>
          error
        </span>
      ) : null}
    </>
  );
}
