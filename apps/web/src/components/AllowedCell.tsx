import { Figure } from './Figure.js';

interface AllowedCellProps {
  allowed: number;
  /** Why no eviction gets through although the status allows some (the row's flags), if so. */
  blockingReason?: string | null;
  /** How the figure was computed (figure-words.ts): the number's own tooltip. */
  how?: string;
}

/**
 * Allowed disruptions: 0 is the number this product exists to show, so it is red and says so in
 * words too. The number's tooltip says how it was computed; the "blocks" badge's, why it blocks.
 */
export function AllowedCell({ allowed, blockingReason, how }: AllowedCellProps) {
  const number = how === undefined ? allowed : <Figure value={allowed} how={how} />;
  if (allowed === 0) {
    return (
      <span
        className="zero"
        title="No disruption allowed: every eviction of a healthy pod is refused"
      >
        {number} <span className="badge bad">blocks</span>
      </span>
    );
  }
  if (blockingReason !== undefined && blockingReason !== null) {
    // The status allows some, yet none of its pods can go: say so as loudly as a 0.
    return (
      <span className="zero" title={`Blocks every eviction: ${blockingReason}`}>
        {number} <span className="badge bad">blocks</span>
      </span>
    );
  }
  return <span>{number}</span>;
}
