import type { EvictableNow } from '@pdbscope/shared/api';

/**
 * Whether this pod could be evicted now, in words (not by colour alone), with the engine's rule
 * and the HTTP status the API server would answer.
 */
export function EvictableMark({ evictable }: { evictable: EvictableNow }) {
  const verdict = evictable.allowed ? 'Evictable now' : 'Not evictable now';
  return (
    <span
      className={`badge evictable ${evictable.allowed ? 'good' : 'bad'}`}
      title={`${verdict}: ${evictable.summary} (HTTP ${evictable.code})`}
    >
      {evictable.allowed ? '✓' : '✕'} {verdict} · <span className="mono">{evictable.rule}</span>
    </span>
  );
}
