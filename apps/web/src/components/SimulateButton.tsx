interface SimulateButtonProps {
  pod: { namespace: string; name: string };
  onSimulate: (pod: string) => void;
  busy?: boolean;
}

/** Its accessible name is exactly "Simulate eviction <pod name>", so it can be found per pod. */
export function SimulateButton({ pod, onSimulate, busy }: SimulateButtonProps) {
  return (
    <button
      type="button"
      className="small"
      aria-label={`Simulate eviction ${pod.name}`}
      disabled={busy}
      onClick={() => onSimulate(`${pod.namespace}/${pod.name}`)}
    >
      Simulate eviction
    </button>
  );
}
