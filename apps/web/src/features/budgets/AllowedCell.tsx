/** Allowed disruptions: 0 is the number this product exists to show, so it is red and says so in words too. */
export function AllowedCell({ allowed }: { allowed: number }) {
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
  return <span>{allowed}</span>;
}
