const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86_400 } as const;

/**
 * A duration as flags write it, one number and one unit (`90s`, `30m`, `24h`, `3d`), in seconds;
 * undefined for anything else, and for 0.
 */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d+)([smhd])$/.exec(text.trim());
  if (!match) return undefined;
  const seconds = Number(match[1]) * UNIT_SECONDS[match[2] as keyof typeof UNIT_SECONDS];
  return Number.isSafeInteger(seconds) && seconds > 0 ? seconds : undefined;
}

/** Seconds for people: `45 s` under two minutes, whole minutes from there (`90 min`). */
export const spellSeconds = (seconds: number): string =>
  seconds < 120 ? `${seconds} s` : `${Math.round(seconds / 60)} min`;
