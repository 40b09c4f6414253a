import { describe, expect, it } from 'vitest';
import { toggleSort } from './VirtualGrid.js';

describe('toggleSort', () => {
  it('reverses the order when the same column is clicked again', () => {
    expect(toggleSort({ column: 'name', direction: 'asc' }, 'name')).toStrictEqual({
      column: 'name',
      direction: 'desc',
    });
    expect(toggleSort({ column: 'name', direction: 'desc' }, 'allowed')).toStrictEqual({
      column: 'allowed',
      direction: 'asc',
    });
  });
});
