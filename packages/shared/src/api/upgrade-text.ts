/** What a combination's `search` says, as the CLI and the UI put it. */
export interface CombinationSearchFacts {
  fewestChanges: boolean;
  exhaustive: boolean;
  forecasts: number;
  maxChanges: number;
}

/**
 * The heading of a combination of changes: how many, what they do together, and how far the
 * search went: the fewest that complete; or complete but maybe not the fewest; or, when none
 * found completes, the one that gets furthest.
 */
export function combinationHeading(fix: {
  outcome: 'completes' | 'gets-further' | 'does-not-help';
  parts: readonly unknown[];
  search?: CombinationSearchFacts | null;
}): string {
  const n = fix.parts.length;
  const search = fix.search;
  if (fix.outcome !== 'completes') {
    const why =
      search && search.exhaustive
        ? `none of up to ${search.maxChanges} changes lets it complete, and no larger one found does`
        : `no combination found${search ? ` in ${search.forecasts} forecasts` : ''} lets it complete`;
    return `These ${n} changes together get furthest, but the upgrade still stalls (${why})`;
  }
  if (search && !search.fewestChanges) {
    const why = search.exhaustive
      ? `none of up to ${search.maxChanges} changes does; fewer than ${n} are not ruled out`
      : `the search for fewer stopped after ${search.forecasts} forecasts`;
    return `These ${n} changes together let it complete (${why})`;
  }
  return `These ${n} changes together, the fewest that let it complete (no single one is enough)`;
}
