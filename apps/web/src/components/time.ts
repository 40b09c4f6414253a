import { useEffect, useState } from 'react';

/** "just now", "12 s ago", "3 min ago", "2 h ago", "4 d ago": for last-event and age columns. */
export function ago(thenMs: number, nowMs: number): string {
  const seconds = Math.max(0, Math.floor((nowMs - thenMs) / 1000));
  if (seconds < 2) return 'just now';
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} d ago`;
}

/** kubectl's AGE column: 45s, 12m, 5h, 3d. */
export function age(createdIso: string | undefined, nowMs: number): string {
  if (createdIso === undefined) return '';
  const created = Date.parse(createdIso);
  if (Number.isNaN(created)) return '';
  const seconds = Math.max(0, Math.floor((nowMs - created) / 1000));
  if (seconds < 120) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 120) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours}h`;
  return `${Math.floor(hours / 24)}d`;
}

/** The current time, refreshed every `intervalMs`, for relative times that must keep moving. */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
