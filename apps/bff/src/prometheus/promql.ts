/** A string as a PromQL double-quoted literal (label matchers' values), quotes included. */
export function promString(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}

/** Prometheus' label names: what may stand in `by (...)` and before `=` in a matcher. */
export const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
