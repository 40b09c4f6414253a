import type { ReactNode } from 'react';
import type { WhatIfFigures } from '@pdbscope/shared/api';
import type { BudgetChange } from './use-what-if.js';

/** A figure the what-if layer changes, as `before → after`; unchanged, the figure alone. */
export function BeforeAfter<T>({
  before,
  after,
  show = (v) => String(v),
}: {
  before: T;
  after: T;
  show?: (value: T) => ReactNode;
}) {
  if (before === after) return <>{show(after)}</>;
  return (
    <span className="what-if-change" title="Changed by the what-if layer">
      <span className="what-if-before">{show(before)}</span> → <strong>{show(after)}</strong>
    </span>
  );
}

const FIGURES: { key: keyof WhatIfFigures; label: string }[] = [
  { key: 'minAvailable', label: 'Min available' },
  { key: 'maxUnavailable', label: 'Max unavailable' },
  { key: 'selected', label: 'Pods selected' },
  { key: 'expected', label: 'Expected pods' },
  { key: 'desiredHealthy', label: 'Desired healthy' },
  { key: 'currentHealthy', label: 'Current healthy' },
  { key: 'allowed', label: 'Allowed disruptions' },
];

const shown = (v: WhatIfFigures[keyof WhatIfFigures] | undefined) =>
  v === null || v === undefined ? '-' : String(v);

/** A budget's figures that the what-if layer changes, each before → after. */
export function WhatIfFiguresTable({ change }: { change: BudgetChange }) {
  const rows = FIGURES.filter(
    ({ key }) => shown(change.before?.[key]) !== shown(change.after?.[key]),
  );
  return (
    <table className="what-if-figures" aria-label="Figures with the what-if layer">
      <thead>
        <tr>
          <th scope="col">Figure</th>
          <th scope="col">Now</th>
          <th scope="col">With the what-if</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ key, label }) => (
          <tr key={key}>
            <th scope="row">{label}</th>
            <td className="num">{shown(change.before?.[key])}</td>
            <td className="num">
              <strong>{shown(change.after?.[key])}</strong>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
