import { parseQuantity } from '../scheduling/quantity.js';
import type { Result } from '../result/index.js';
import type { PreemptRequest } from '../actors/reports/preempt.js';

export type { PreemptRequest };

export interface PreemptCommand {
  command: 'preempt';
  snapshot: string;
  json: boolean;
  now?: string;
  /** `-n`: where snapshot objects without a namespace go. */
  namespace?: string;
  statusSource: 'recomputed' | 'stored';
  pod: PreemptRequest;
}

/** The flags only `preempt` takes; each has a value (`--cpu 2` or `--cpu=2`). */
export const PREEMPT_FLAGS: readonly string[] = [
  '--priority',
  '--priority-class',
  '--cpu',
  '--memory',
  '--node-selector',
  '--preemption-policy',
];

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

/** One sentence on the first flag that is wrong, or the pod they describe. */
export function preemptRequest(
  flags: ReadonlyMap<string, readonly string[]>,
): Result<PreemptRequest> {
  const last = (flag: string): string | undefined => flags.get(flag)?.at(-1);
  const out: PreemptRequest = { nodeSelector: {} };
  const priority = last('--priority');
  if (priority !== undefined) {
    const n = Number(priority);
    if (!/^[+-]?\d+$/.test(priority) || n < INT32_MIN || n > INT32_MAX)
      return {
        ok: false,
        error: `--priority needs a whole number from ${INT32_MIN} to ${INT32_MAX} (a pod's priority is a 32-bit integer), got ${JSON.stringify(priority)}`,
      };
    out.priority = n;
  }
  const priorityClass = last('--priority-class');
  if (priorityClass !== undefined) out.priorityClassName = priorityClass;
  if (out.priority === undefined && out.priorityClassName === undefined)
    return {
      ok: false,
      error: "preempt needs the pod's priority: --priority N or --priority-class NAME",
    };
  for (const [flag, example] of [
    ['--cpu', '500m or 2'],
    ['--memory', '512Mi or 2Gi'],
  ] as const) {
    const text = last(flag);
    if (text === undefined) continue;
    const q = parseQuantity(text);
    if (q === undefined)
      return {
        ok: false,
        error: `${flag} needs a quantity such as ${example}, got ${JSON.stringify(text)}`,
      };
    if (q < 0)
      return { ok: false, error: `${flag} cannot be negative, got ${JSON.stringify(text)}` };
    if (flag === '--cpu') out.cpu = text;
    else out.memory = text;
  }
  const selector: Record<string, string> = {};
  for (const text of flags.get('--node-selector') ?? [])
    for (const pair of text.split(',')) {
      const eq = pair.indexOf('=');
      if (eq <= 0)
        return {
          ok: false,
          error: `--node-selector needs KEY=VALUE pairs, got ${JSON.stringify(text)}`,
        };
      selector[pair.slice(0, eq)] = pair.slice(eq + 1);
    }
  out.nodeSelector = selector;
  const policy = last('--preemption-policy');
  if (policy !== undefined) {
    if (policy !== 'Never' && policy !== 'PreemptLowerPriority')
      return {
        ok: false,
        error: `--preemption-policy needs Never or PreemptLowerPriority, got ${JSON.stringify(policy)}`,
      };
    out.preemptionPolicy = policy;
  }
  return { ok: true, value: out };
}
