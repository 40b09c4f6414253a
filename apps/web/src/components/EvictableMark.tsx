import type { EvictableNow } from '@pdbscope/shared/api';
import { ruleSentence } from './rule-words.js';

/**
 * Whether this pod could be evicted now, in words (not by colour alone): the verdict, the rule as
 * a sentence, then the engine's rule id, small; the HTTP status the API server would answer on
 * hover. `compact` (a table cell of one line) leaves the sentence out; the tooltip has the rule
 * in a few words.
 */
export function EvictableMark({
  evictable,
  compact = false,
}: {
  evictable: EvictableNow;
  compact?: boolean;
}) {
  const verdict = evictable.allowed ? 'Evictable now' : 'Not evictable now';
  const sentence = ruleSentence(evictable.rule);
  return (
    <span
      className={`badge evictable ${evictable.allowed ? 'good' : 'bad'}${compact ? '' : ' says'}`}
      title={`${verdict}: ${evictable.summary} (HTTP ${evictable.code})`}
    >
      {evictable.allowed ? '✓' : '✕'} {verdict}
      {compact ? ' · ' : `: ${sentence} `}
      <small className="rule-id mono">{evictable.rule}</small>
    </span>
  );
}
