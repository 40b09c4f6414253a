import { describe, expect, it } from 'vitest';
import { stderrProgress } from './progress.js';

function written(isTTY: boolean, play: (p: ReturnType<typeof stderrProgress>) => void): string {
  let text = '';
  play(stderrProgress({ isTTY, write: (t: string) => (text += t) }));
  return text;
}

const pods = (p: ReturnType<typeof stderrProgress>) => {
  p.listed('pods', 500);
  p.done('nodes', 40);
  p.listed('pods', 5_000);
  p.listed('pods', 5_500);
  p.done('pods', 5_500);
};

describe('stderrProgress', () => {
  it('rewrites one line on a terminal once a list is large, and ends it with the count', () => {
    expect(written(true, pods)).toBe(
      '\r\x1b[Kpdbscope: listing pods: 5,000\r\x1b[Kpdbscope: listing pods: 5,500' +
        '\r\x1b[Kpdbscope: listed 5,500 pods\n',
    );
  });

  it('writes one line per large list elsewhere, and nothing for a small cluster', () => {
    expect([
      written(false, pods),
      written(true, (p) => {
        p.listed('pods', 40);
        p.done('pods', 40);
      }),
    ]).toStrictEqual(['pdbscope: listed 5,500 pods\n', '']);
  });
});
