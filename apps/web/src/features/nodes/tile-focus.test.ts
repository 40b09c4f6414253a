import { describe, expect, it } from 'vitest';
import { moveTileFocus } from './tile-focus.js';

/** Tiles laid out as a wrapped grid: `perRow` a row, 12 px apart, as the browser would. */
function grid(count: number, perRow: number): HTMLElement[] {
  return Array.from({ length: count }, (_, i) => {
    const tile = document.createElement('a');
    tile.textContent = `tile-${i}`;
    const left = (i % perRow) * 12;
    const top = Math.floor(i / perRow) * 12;
    tile.getBoundingClientRect = () => new DOMRect(left, top, 10, 10);
    return tile;
  });
}

const move = (tiles: HTMLElement[], from: number, key: string) => {
  const current = tiles[from];
  if (current === undefined) throw new Error(`no tile ${from}`);
  const next = moveTileFocus(tiles, current, { key });
  return next === undefined ? undefined : tiles.indexOf(next);
};

describe('moveTileFocus', () => {
  const tiles = grid(23, 5);

  it('moves along the tiles with left and right, to the ends with Home and End', () => {
    expect(move(tiles, 4, 'ArrowRight')).toBe(5);
    expect(move(tiles, 5, 'ArrowLeft')).toBe(4);
    expect(move(tiles, 0, 'ArrowLeft')).toBeUndefined();
    expect(move(tiles, 22, 'ArrowRight')).toBeUndefined();
    expect(move(tiles, 7, 'Home')).toBe(0);
    expect(move(tiles, 7, 'End')).toBe(22);
    expect(move(tiles, 7, 'a')).toBeUndefined();
  });

  it('moves up and down a row by position, to the nearest tile of a shorter last row', () => {
    expect(move(tiles, 7, 'ArrowDown')).toBe(12);
    expect(move(tiles, 12, 'ArrowUp')).toBe(7);
    expect(move(tiles, 19, 'ArrowDown')).toBe(22);
    expect(move(tiles, 22, 'ArrowDown')).toBeUndefined();
    expect(move(tiles, 3, 'ArrowUp')).toBeUndefined();
  });
});
