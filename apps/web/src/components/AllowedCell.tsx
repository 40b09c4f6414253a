interface AllowedCellProps {
  allowed: number;
  /** Why no eviction gets through although the status allows some (the row's flags), if so. */
  blockingReason?: string | null;
}

/** Allowed disruptions: 0 is the number this product exists to show, so it is red and says so in words too. */
export function AllowedCell({ allowed, blockingReason }: AllowedCellProps) {
  if (allowed === 0) {
    return (
      <span
        className="zero"
        title="No disruption allowed: every eviction of a healthy pod is refused"
      >
        0 <span className="badge bad">blocks</span>
      </span>
    );
  }
  if (blockingReason !== undefined && blockingReason !== null) {
    // The status allows some, yet none of its pods can go: say so as loudly as a 0.
    return (
      <span className="zero" title={`Blocks every eviction: ${blockingReason}`}>
        {allowed} <span className="badge bad">blocks</span>
      </span>
    );
  }
  return <span>{allowed}</span>;
}
