import type { Overlap } from '@pdbscope/shared/api';
import { ObjectLink } from './ObjectLink.js';
import { PodLinks } from './PodLinks.js';
import { ShowMore, useShowMore } from './ShowMore.js';

export const ruleNames = {
  'live-pods': 'live pods',
  'static-analysis': 'static analysis of the selectors',
  'kruise-admission': "OpenKruise's admission rule",
} as const;

export function labelsText(labels: Readonly<Record<string, string>>): string {
  return Object.entries(labels)
    .map(([key, value]) => `${key}=${value}`)
    .join(', ');
}

export function OverlapItem({ overlap }: { overlap: Overlap }) {
  return (
    <li className="card">
      <span className={`badge ${overlap.kind === 'live' ? 'bad' : 'warn'}`}>
        {overlap.kind === 'live' ? 'shares live pods' : 'could share pods'}
      </span>{' '}
      {overlap.budgets.map((budget, index) => (
        <span key={`${budget.kind}/${budget.namespace}/${budget.name}`}>
          {index > 0 ? ' and ' : ''}
          <ObjectLink object={budget} />
        </span>
      ))}
      <p>{overlap.message}</p>
      <p className="muted">
        Flagged by: {overlap.detectedBy.map((rule) => ruleNames[rule]).join('; ')}
      </p>
      {overlap.kind === 'live' ? (
        <p>
          Shared pods ({overlap.podCount}): <PodLinks pods={overlap.pods} />
          {overlap.podCount > overlap.pods.length
            ? ` and ${overlap.podCount - overlap.pods.length} more`
            : ''}
        </p>
      ) : null}
      {overlap.witness === undefined ? null : (
        <p>
          Example labels matching both:{' '}
          <span className="mono">{labelsText(overlap.witness) || '(no labels)'}</span>
        </p>
      )}
    </li>
  );
}

export function OverlapList({ overlaps }: { overlaps: readonly Overlap[] }) {
  const { limit, more } = useShowMore();
  return (
    <>
      <ul className="cards">
        {overlaps.slice(0, limit).map((overlap) => (
          <OverlapItem key={overlap.id} overlap={overlap} />
        ))}
      </ul>
      <ShowMore shown={Math.min(limit, overlaps.length)} total={overlaps.length} onMore={more} />
    </>
  );
}
