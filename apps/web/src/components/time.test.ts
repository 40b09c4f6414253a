import { describe, expect, it } from 'vitest';
import { age, ago } from './time.js';

describe('ago', () => {
  it('says how long ago, in the largest sensible unit', () => {
    const now = Date.parse('2026-11-21T19:40:00Z');
    expect(
      [0, 1500, 12_000, 185_000, 3 * 3600_000, 5 * 86_400_000].map((d) => ago(now - d, now)),
    ).toStrictEqual(['just now', 'just now', '12 s ago', '3 min ago', '3 h ago', '5 d ago']);
  });
});

describe('age', () => {
  it('prints ages as kubectl does', () => {
    const now = Date.parse('2026-11-21T19:40:00Z');
    expect(
      [
        '2026-11-21T19:39:15Z',
        '2026-11-21T19:10:00Z',
        '2026-11-21T10:40:00Z',
        '2026-11-11T19:40:00Z',
        undefined,
        'garbage',
      ].map((t) => age(t, now)),
    ).toStrictEqual(['45s', '30m', '9h', '10d', '', '']);
  });
});
