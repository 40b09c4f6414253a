import type { BudgetDetailResponse, NodeDetailResponse } from '@pdbscope/shared/api';
import { age } from './time.js';

/** A budget's or a node's condition (a budget's also has an observedGeneration, not shown). */
type Condition =
  BudgetDetailResponse['conditions'][number] | NodeDetailResponse['conditions'][number];
type ControllerEvent = BudgetDetailResponse['controllerEvents'][number];

interface ConditionsTableProps {
  conditions: readonly Condition[];
  /** The sentence shown instead of the table when there is neither a condition nor an event. */
  empty: string;
  /** The table's accessible name, if it has one. */
  label?: string;
  /** Events listed under the conditions, as `kubectl describe` does (a budget controller's). */
  events?: readonly ControllerEvent[];
  /** Given the time, Since is the condition's age (`12m`); else its timestamp as written. */
  now?: number;
  /** Each row is headed by its type (`<th scope="row">`) rather than a plain cell. */
  typeHeadsRow?: boolean;
}

/** `status.conditions` as a table: type, status, reason, message and since when. */
export function ConditionsTable({
  conditions,
  empty,
  label,
  events = [],
  now,
  typeHeadsRow = false,
}: ConditionsTableProps) {
  if (conditions.length === 0 && events.length === 0) return <p className="muted">{empty}</p>;
  const typeCell = (text: string) => (typeHeadsRow ? <th scope="row">{text}</th> : <td>{text}</td>);
  return (
    <table className="plain" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">Type</th>
          <th scope="col">Status</th>
          <th scope="col">Reason</th>
          <th scope="col">Message</th>
          <th scope="col">Since</th>
        </tr>
      </thead>
      <tbody>
        {conditions.map((condition) => (
          <tr key={condition.type}>
            {typeCell(condition.type)}
            <td>{condition.status}</td>
            <td>{condition.reason ?? ''}</td>
            <td>{condition.message ?? ''}</td>
            {now === undefined ? (
              <td className="mono">{condition.lastTransitionTime ?? ''}</td>
            ) : (
              <td>{age(condition.lastTransitionTime, now)}</td>
            )}
          </tr>
        ))}
        {events.map((event) => (
          <tr key={`event:${event.reason}:${event.message}`}>
            {typeCell(`Event (${event.type})`)}
            <td />
            <td>{event.reason}</td>
            <td>{event.message}</td>
            <td />
          </tr>
        ))}
      </tbody>
    </table>
  );
}
