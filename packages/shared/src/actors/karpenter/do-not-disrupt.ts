import type { PodView } from '../../model/pod.js';
import { parseGoDuration } from '../go/duration.js';
import { goQuote } from '../go/quote.js';
import { formatRfc3339, parseGoTime } from '../go/time.js';
import type { KarpenterClock } from './events.js';

export const DO_NOT_DISRUPT = 'karpenter.sh/do-not-disrupt';

/** `parseDoNotDisrupt`: a positive Go duration, or Karpenter's sentence saying why not. */
function doNotDisruptDuration(value: string): { ns: bigint } | { error: string } {
  const parsed = parseGoDuration(value);
  if (!parsed.ok)
    return { error: `failed to parse ${goQuote(value)} as a duration: ${parsed.error}` };
  if (parsed.value <= 0n) return { error: `duration ${goQuote(value)} must be positive` };
  return { ns: parsed.value };
}

/**
 * `pod.IsDoNotDisruptActive`: the pod's `karpenter.sh/do-not-disrupt` annotation protects it now.
 * `"true"` always does (before Karpenter v1.12 it was the only value that did); a duration does while the pod has run for less than it since
 * `status.startTime` (always, without a start time). Anything else is ignored, with an
 * `InvalidDoNotDisruptAnnotation` event; a duration's check records when it elapses, or that it has.
 */
export function isDoNotDisruptActive(pod: PodView, clock: KarpenterClock): boolean {
  const value = pod.annotations[DO_NOT_DISRUPT];
  if (value === undefined) return false;
  if (value === 'true') return true;
  const duration = doNotDisruptDuration(value);
  if ('error' in duration) {
    clock.record?.({
      reason: 'InvalidDoNotDisruptAnnotation',
      on: 'Pod',
      message: `Invalid karpenter.sh/do-not-disrupt annotation: ${duration.error}, ignoring annotation`,
    });
    return false;
  }
  const started = pod.startTime === undefined ? undefined : parseGoTime(pod.startTime);
  // Fail safe: without a start time the grace period cannot have elapsed.
  if (started === undefined) return true;
  const active = clock.nowNs - started < duration.ns;
  clock.record?.(
    active
      ? {
          reason: 'DoNotDisruptUntil',
          on: 'Pod',
          message: `The karpenter.sh/do-not-disrupt grace period will elapse at ${formatRfc3339(started + duration.ns)}`,
        }
      : {
          reason: 'DoNotDisruptGracePeriodElapsed',
          on: 'Pod',
          message:
            'The karpenter.sh/do-not-disrupt grace period has elapsed, pod is now disruptable',
        },
  );
  return active;
}
