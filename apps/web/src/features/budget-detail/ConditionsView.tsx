import type { BudgetDetailResponse } from '@pdbscope/shared/api';

type Conditions = BudgetDetailResponse['conditions'];
type ControllerEvents = BudgetDetailResponse['controllerEvents'];

export function ConditionsView({
  conditions,
  events,
}: {
  conditions: Conditions;
  events: ControllerEvents;
}) {
  if (conditions.length === 0 && events.length === 0)
    return <p className="muted">No conditions reported.</p>;
  return (
    <table className="plain">
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
            <td>{condition.type}</td>
            <td>{condition.status}</td>
            <td>{condition.reason ?? ''}</td>
            <td>{condition.message ?? ''}</td>
            <td className="mono">{condition.lastTransitionTime ?? ''}</td>
          </tr>
        ))}
        {events.map((event) => (
          <tr key={`event:${event.reason}:${event.message}`}>
            <td>Event ({event.type})</td>
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
