import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Overlap, OverlapGroup } from '@pdbscope/shared/api';
import { overlapPairsQuery } from '../../api/queries.js';
import { Link } from 'react-router';
import { podsHref } from '../../app/paths.js';
import { ObjectLink } from '../../components/ObjectLink.js';
import { PodLinks } from '../../components/PodLinks.js';
import { ErrorNotice } from '../../components/StateView.js';
import { formatCount } from '../../components/numbers.js';
import { labelsText, OverlapItem, ruleNames } from '../../components/OverlapList.js';

/** One page of a group's pairs; the next page is asked for by a button, from where this one stopped. */
function PairsPage({ id, cursor }: { id: string; cursor: string | undefined }) {
  const pairs = useQuery(overlapPairsQuery(id, cursor));
  const [more, setMore] = useState(false);
  if (pairs.isPending) return <p className="muted">Looking at pairs…</p>;
  if (pairs.isError) return <ErrorNotice error={pairs.error} what="the pairs" />;
  const { items, next } = pairs.data;
  return (
    <>
      {items.map((pair: Overlap) => (
        <OverlapItem key={pair.id} overlap={pair} />
      ))}
      {next === undefined ? null : more ? (
        <PairsPage id={id} cursor={next} />
      ) : (
        <li>
          <button type="button" onClick={() => setMore(true)}>
            More pairs
          </button>
        </li>
      )}
    </>
  );
}

/** A group of budgets connected by overlaps, opened into its pairs on demand. */
export function OverlapGroupView({ group }: { group: OverlapGroup }) {
  const [open, setOpen] = useState(false);
  const live = group.kind === 'live';
  return (
    <li className="card">
      <span className={`badge ${live ? 'bad' : 'warn'}`}>
        {live ? 'shares live pods' : 'could share pods'}
      </span>{' '}
      <strong>
        {formatCount(group.budgetCount)} budgets in {group.namespace}
      </strong>
      <p>{group.message}</p>
      <p>
        {group.budgets.map((budget, index) => (
          <span key={`${budget.kind}/${budget.name}`}>
            {index > 0 ? ', ' : ''}
            <ObjectLink object={budget} />
          </span>
        ))}
        {group.budgetCount > group.budgets.length
          ? ` and ${formatCount(group.budgetCount - group.budgets.length)} more`
          : ''}
      </p>
      <p className="muted">
        Flagged by: {group.detectedBy.map((rule) => ruleNames[rule]).join('; ')}
      </p>
      {live ? (
        <p>
          <Link to={podsHref({ group: group.id, budgets: 'several' })}>
            Shared pods ({formatCount(group.podCount)})
          </Link>
          : <PodLinks pods={group.pods} />
          {group.podCount > group.pods.length ? (
            <>
              {' and '}
              <Link to={podsHref({ group: group.id, budgets: 'several' })}>
                {formatCount(group.podCount - group.pods.length)} more
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
      {group.witness === undefined ? null : (
        <p>
          Example labels matching two of them:{' '}
          <span className="mono">{labelsText(group.witness) || '(no labels)'}</span>
        </p>
      )}
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? 'Hide pairs' : 'Show pairs'}
      </button>
      {open ? (
        <ul
          className="cards"
          aria-label={`Pairs of ${group.namespace}/${group.budgets[0]?.name ?? ''}`}
        >
          <PairsPage id={group.id} cursor={undefined} />
        </ul>
      ) : null}
    </li>
  );
}
