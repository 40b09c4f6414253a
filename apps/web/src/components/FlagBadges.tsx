import type { BudgetFlags } from '@pdbscope/shared/api';

export function FlagBadges({ flags }: { flags: BudgetFlags }) {
  return (
    <>
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
