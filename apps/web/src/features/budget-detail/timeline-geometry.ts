import type { HistoryMark, HistoryPoint } from '@pdbscope/shared/api';

export interface TimelineSize {
  width: number;
  height: number;
  /** Room for the axis labels. */
  left: number;
  bottom: number;
}

export interface TimelineGeometry {
  /** SVG path data of each series as steps (a value holds until the next point). */
  allowed: string;
  current: string;
  desired: string;
  /** Each mark's x. */
  marks: { x: number; mark: HistoryMark }[];
  /** The value axis' top and its ticks' values and y. */
  max: number;
  ticks: { value: number; y: number }[];
}

/**
 * Where the timeline's lines and marks go: time from `from` to `to` across, values from 0 to the
 * largest seen (at least 1) up. Pure, so it is tested without a browser.
 */
export function timelineGeometry(input: {
  points: readonly HistoryPoint[];
  marks: readonly HistoryMark[];
  from: number;
  to: number;
  size: TimelineSize;
}): TimelineGeometry {
  const { size } = input;
  const span = Math.max(1, input.to - input.from);
  const plotWidth = size.width - size.left;
  const plotHeight = size.height - size.bottom;
  const x = (t: number) =>
    size.left + (Math.min(Math.max(t, input.from), input.to) - input.from) * (plotWidth / span);
  const max = Math.max(
    1,
    ...input.points.flatMap((p) => [p.disruptionsAllowed, p.currentHealthy, p.desiredHealthy]),
  );
  const y = (v: number) => plotHeight - (Math.max(0, v) / max) * (plotHeight - 4);
  const round = (n: number) => Math.round(n * 10) / 10;
  const steps = (value: (p: HistoryPoint) => number): string => {
    let d = '';
    input.points.forEach((p, i) => {
      const px = round(x(Date.parse(p.at)));
      const py = round(y(value(p)));
      d += i === 0 ? `M${px},${py}` : `H${px}V${py}`;
    });
    return input.points.length === 0 ? '' : `${d}H${round(x(input.to))}`;
  };
  const tickValues = max <= 4 ? [...Array(max + 1).keys()] : [0, Math.round(max / 2), max];
  return {
    allowed: steps((p) => p.disruptionsAllowed),
    current: steps((p) => p.currentHealthy),
    desired: steps((p) => p.desiredHealthy),
    marks: input.marks.map((mark) => ({ x: round(x(Date.parse(mark.at))), mark })),
    max,
    ticks: tickValues.map((value) => ({ value, y: round(y(value)) })),
  };
}
