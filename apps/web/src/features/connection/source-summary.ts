import { notVisibleText, type SourceState } from '@pdbscope/shared/api';

/** How the sources stand together, in the words the connection bar uses. */
export function sourcesLabel(sources: readonly SourceState[], ready: boolean): string {
  const total = sources.length;
  const ofTotal = `of ${total} ${total === 1 ? 'source' : 'sources'}`;
  const degraded = sources.filter((s) => s.state === 'degraded').length;
  const refused = sources.filter((s) => s.state === 'refused').length;
  const credentials = sources.filter((s) => s.state === 'credentials').length;
  // A refusal (403) is missing data, not a broken watch: counted apart.
  const notVisible = `not visible (no permission)`;
  // Refused credentials (401) are the user's to renew: said first, with what to do in the details.
  if (credentials > 0)
    return `${credentials} ${ofTotal}: credentials refused (401), renew them${degraded > 0 ? `; ${degraded} degraded` : ''}${refused > 0 ? `; ${refused} ${notVisible}` : ''}`;
  if (degraded > 0)
    return `${degraded} ${ofTotal} degraded${refused > 0 ? `, ${refused} ${notVisible}` : ''}`;
  if (refused > 0) return `${refused} ${ofTotal} ${notVisible}`;
  if (!ready) {
    const synced = sources.filter((s) => s.state === 'live' || s.state === 'absent').length;
    return `Syncing: ${synced} of ${total} sources synced`;
  }
  return total === 1 ? 'The source is synced' : `All ${total} sources synced`;
}

/** The chip's colour: the state, as the badges elsewhere draw it. */
export function sourceTone(source: SourceState): 'good' | 'warn' | 'bad' | 'quiet' {
  if (source.state === 'degraded' || source.state === 'credentials') return 'bad';
  if (source.state === 'refused') return 'warn';
  if (source.state === 'live') return (source.unreadable?.length ?? 0) > 0 ? 'warn' : 'good';
  if (source.state === 'syncing') return 'warn';
  return 'quiet';
}

const STATE_SYMBOL = {
  live: '✓',
  syncing: '…',
  degraded: '✕',
  credentials: '⚿',
  refused: '⊘',
  absent: '–',
} as const;

/**
 * A source's state in words: its state's name, for a refused one what is not visible, for one
 * refused its credentials that they were.
 */
export function stateText(source: SourceState): string {
  if (source.state === 'credentials') return 'credentials refused (401)';
  return notVisibleText(source) ?? source.state;
}

/**
 * The chip's words: a symbol for the state (so it is not told by colour alone), the source, the
 * state in words for screen readers, and how many objects it could not read. Reasons and URLs
 * go in the details.
 */
export function chipParts(source: SourceState): {
  symbol: string;
  id: string;
  state: string;
  note: string;
} {
  const unreadable = source.unreadable?.length ?? 0;
  return {
    symbol: STATE_SYMBOL[source.state],
    id: source.id,
    state: stateText(source),
    note: unreadable > 0 ? ` · ${unreadable} unreadable` : '',
  };
}
