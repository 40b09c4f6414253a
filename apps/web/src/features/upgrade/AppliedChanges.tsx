import type { SimulateUpgradeResponse } from '@pdbscope/shared/api';
import { CopyButton } from '../../components/CopyButton.js';

/**
 * The changes the forecast was made with (the address's `fix=` values), each with what it does
 * (from the answer, once there) and a way to take it out; and all of them as one script and one
 * YAML to copy.
 */
export function AppliedChanges({
  fixes,
  applied,
  onRemove,
  onClear,
}: {
  fixes: readonly string[];
  /** The answer's account of them; undefined while forecasting or when the request failed. */
  applied: SimulateUpgradeResponse['applied'] | undefined;
  onRemove: (index: number) => void;
  onClear: () => void;
}) {
  return (
    <section className="notice" aria-label="Applied changes">
      <p>
        Forecast with {fixes.length} change{fixes.length === 1 ? '' : 's'} applied on a copy (never
        to the cluster).{' '}
        <button type="button" onClick={onClear}>
          Without the changes
        </button>
      </p>
      <ol aria-label="Changes applied">
        {fixes.map((fix, i) => {
          const item = applied?.items[i];
          return (
            <li key={`${i}:${fix}`}>
              {item?.fix === fix ? <>{item.title} </> : null}
              <code className="mono">{fix}</code>{' '}
              <button type="button" aria-label={`Remove ${fix}`} onClick={() => onRemove(i)}>
                Remove
              </button>
            </li>
          );
        })}
      </ol>
      {applied && applied.items.length > 0 ? (
        <div className="toolbar" role="group" aria-label="Copy the applied changes">
          <CopyButton text={applied.script} label="Copy as kubectl script" />
          <CopyButton text={applied.yaml} label="Copy as YAML" />
        </div>
      ) : null}
    </section>
  );
}
