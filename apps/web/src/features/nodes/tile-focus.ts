/**
 * Where the arrow keys take the focus in a wrapped grid of tiles (the tile map's one tab stop):
 * left/right to the previous/next tile, up/down to the nearest tile of the row above/below (by
 * position on screen, since rows wrap with the width), Home/End to the first/last tile.
 * Undefined when the key moves nothing.
 */
export function moveTileFocus<T extends Element>(
  tiles: readonly T[],
  current: T,
  { key }: { key: string },
): T | undefined {
  const at = tiles.indexOf(current);
  if (at < 0) return undefined;
  switch (key) {
    case 'ArrowRight':
      return tiles[at + 1];
    case 'ArrowLeft':
      return at > 0 ? tiles[at - 1] : undefined;
    case 'Home':
      return at > 0 ? tiles[0] : undefined;
    case 'End':
      return at < tiles.length - 1 ? tiles[tiles.length - 1] : undefined;
    case 'ArrowDown':
      return nearestInNextRow(tiles, at, 1);
    case 'ArrowUp':
      return nearestInNextRow(tiles, at, -1);
    default:
      return undefined;
  }
}

/** The tile of the next row in `step`'s direction closest to the current one horizontally. */
function nearestInNextRow<T extends Element>(
  tiles: readonly T[],
  at: number,
  step: 1 | -1,
): T | undefined {
  const from = tiles[at]?.getBoundingClientRect();
  if (from === undefined) return undefined;
  let rowTop: number | undefined;
  let best: T | undefined;
  let bestDistance = Infinity;
  for (let i = at + step; i >= 0 && i < tiles.length; i += step) {
    const tile = tiles[i];
    if (tile === undefined) break;
    const rect = tile.getBoundingClientRect();
    const beyond = step === 1 ? rect.top > from.top + 1 : rect.top < from.top - 1;
    if (!beyond) continue;
    rowTop ??= rect.top;
    // Past the next row: the best of that row is known.
    if (Math.abs(rect.top - rowTop) > 1) break;
    const distance = Math.abs(rect.left - from.left);
    if (distance < bestDistance) {
      best = tile;
      bestDistance = distance;
    }
  }
  return best;
}
