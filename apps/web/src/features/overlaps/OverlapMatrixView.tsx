import type { Overlap } from '@pdbscope/shared/api';
import { overlapMatrix } from './matrix.js';

const limit = 40;

/** A picture of which budgets overlap which: L = they share live pods now, P = they could. */
export function OverlapMatrixView({ overlaps }: { overlaps: readonly Overlap[] }) {
  const matrix = overlapMatrix(overlaps, limit);
  const names = matrix.budgets.map((ref) => `${ref.namespace}/${ref.name}`);
  return (
    <figure>
      <div style={{ overflow: 'auto' }}>
        <table className="matrix" aria-label="Overlap matrix">
          <thead>
            <tr>
              <td />
              {names.map((name) => (
                <th key={name} scope="col" className="col">
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {names.map((rowName, i) => (
              <tr key={rowName}>
                <th scope="row" className="row">
                  {rowName}
                </th>
                {names.map((colName, j) => {
                  const cell = matrix.cells.get(`${i},${j}`);
                  return (
                    <td
                      key={colName}
                      className={cell}
                      title={
                        cell === undefined
                          ? undefined
                          : `${rowName} and ${colName}: ${cell === 'live' ? 'share live pods' : 'could share pods'}`
                      }
                    >
                      {cell === 'live' ? 'L' : cell === 'potential' ? 'P' : i === j ? '·' : ''}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <figcaption className="muted">
        L: share live pods (evicting them fails with a 500). P: could share a pod.{' '}
        {matrix.omitted > 0 ? `${matrix.omitted} more budgets are not drawn.` : ''}
      </figcaption>
    </figure>
  );
}
