import type { LanePod } from '@pdbscope/shared/api';
import { countOf } from '../../components/numbers.js';

/**
 * Why a pod is in its lane, said once: the engine's words, the waiting reason and restarts when
 * they add something, and the lane code (`NotReady`) only when the words do not already say it.
 */
export function podStateWords(
  pod: Pick<LanePod, 'reason' | 'message' | 'waitingReason' | 'restartCount'>,
): { words: string; code: string | undefined } {
  const parts = [pod.message === '' ? pod.reason : pod.message];
  if (pod.waitingReason !== undefined && !pod.message.includes(pod.waitingReason))
    parts.push(pod.waitingReason);
  if (pod.restartCount > 0) parts.push(countOf(pod.restartCount, 'restart'));
  const squeezed = (text: string) => text.replace(/\s+/g, '').toLowerCase();
  const said = squeezed(parts[0] ?? '').includes(squeezed(pod.reason));
  return { words: parts.join(' · '), code: said ? undefined : pod.reason };
}
