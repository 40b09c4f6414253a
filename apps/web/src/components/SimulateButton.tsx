interface SimulateButtonProps {
  pod: { namespace: string; name: string };
  onSimulate: (pod: string) => void;
  busy?: boolean;
}

/**
 * Its accessible name is exactly "Simulate eviction <pod name>", so it can be found per pod.
 *
 * While a simulation runs it says so (aria-disabled) and ignores clicks, but stays focusable: a
 * disabled button drops the focus to the page's body, and a keyboard user would start over from
 * the top. Focus stays here; the answer is announced by the page's decision region (aria-live).
 */
export function SimulateButton({ pod, onSimulate, busy }: SimulateButtonProps) {
  return (
    <button
      type="button"
      className="small"
      aria-label={`Simulate eviction ${pod.name}`}
      aria-disabled={busy === true ? true : undefined}
      onClick={() => {
        if (busy !== true) onSimulate(`${pod.namespace}/${pod.name}`);
      }}
    >
      Simulate eviction
    </button>
  );
}
