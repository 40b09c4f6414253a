import { describe, expect, it } from 'vitest';
import { parseDuration, spellSeconds } from './index.js';

describe('parseDuration', () => {
  it('reads one number and one unit, in seconds', () => {
    expect(['90s', '30m', '1h', '3d', ' 15m '].map(parseDuration)).toStrictEqual([
      90, 1800, 3600, 259_200, 900,
    ]);
  });

  it('refuses anything else, and 0', () => {
    expect(
      ['', '30', '1h30m', '-5m', '0m', '1.5h', 'm', '30 min', '99999999999999999d'].map(
        parseDuration,
      ),
    ).toStrictEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('spellSeconds', () => {
  it('says seconds under two minutes and whole minutes from there', () => {
    expect([0, 119, 120, 3600, 3629].map(spellSeconds)).toStrictEqual([
      '0 s',
      '119 s',
      '2 min',
      '60 min',
      '60 min',
    ]);
  });
});
