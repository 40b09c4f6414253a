import { describe, expect, it } from 'vitest';
import { fitColumns, NO_CHOICE, toggleColumn, trackMinPx, type FitColumn } from './column-fit.js';

const columns: FitColumn[] = [
  { id: 'name', width: 'minmax(160px, 1.6fr)' },
  { id: 'selector', width: 'minmax(200px, 2fr)', priority: 9 },
  { id: 'current', width: '84px', priority: 4 },
  { id: 'allowed', width: '112px' },
  { id: 'age', width: '60px', priority: 10 },
  { id: 'policy', width: '136px', priority: 11, hiddenByDefault: true },
];
const ids = (list: readonly FitColumn[]) => list.map((column) => column.id);

describe('column fit', () => {
  it('reads the narrowest width of a track', () => {
    expect(['90px', 'minmax(110px, 1fr)', '1fr'].map(trackMinPx)).toStrictEqual([90, 110, 0]);
  });

  it('drops the least important columns until the narrowest widths fit, keeping order', () => {
    expect(ids(fitColumns(columns, { room: 2000, choice: NO_CHOICE }))).toStrictEqual([
      'name',
      'selector',
      'current',
      'allowed',
      'age',
    ]);
    // 616 wanted: age (60) then selector (200) give way.
    expect(ids(fitColumns(columns, { room: 400, choice: NO_CHOICE }))).toStrictEqual([
      'name',
      'current',
      'allowed',
    ]);
    // Selector (200) gives way at 500; age (60), gone before it, fits again beside the rest.
    expect(ids(fitColumns(columns, { room: 500, choice: NO_CHOICE }))).toStrictEqual([
      'name',
      'current',
      'allowed',
      'age',
    ]);
    // Never the columns without a priority, even with no room at all.
    expect(ids(fitColumns(columns, { room: 0, choice: NO_CHOICE }))).toStrictEqual([
      'name',
      'allowed',
    ]);
  });

  it('follows the reader: hidden columns stay out, asked-for ones give way last', () => {
    const policy = columns[5]!;
    const current = columns[2]!;
    const choice = toggleColumn(toggleColumn(NO_CHOICE, policy, true), current, false);
    expect(choice).toStrictEqual({ hidden: ['current'], shown: ['policy'] });
    // 668 wanted: age and selector give way before the asked-for policy.
    expect(ids(fitColumns(columns, { room: 420, choice }))).toStrictEqual([
      'name',
      'allowed',
      'policy',
    ]);
  });
});
