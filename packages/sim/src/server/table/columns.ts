import { parseSelector, readSelector, selectorToString } from '@pdbscope/shared';
import type { KubeObject } from '../../store/index.js';

export interface ColumnDefinition {
  name: string;
  type: string;
  format: string;
  description: string;
  priority: number;
}

/** A resource's table printer: the columns and one row of cells per object. */
export interface TablePrinter {
  columns: ColumnDefinition[];
  cells(obj: KubeObject, now: Date): unknown[];
}

export function column(
  name: string,
  type: string,
  options: { format?: string; priority?: number; description?: string } = {},
): ColumnDefinition {
  return {
    name,
    type,
    format: options.format ?? '',
    description: options.description ?? name,
    priority: options.priority ?? 0,
  };
}

export const NAME_COLUMN = column('Name', 'string', {
  format: 'name',
  description:
    'Name must be unique within a namespace. Is required when creating resources, although some resources may allow a client to request the generation of an appropriate name automatically. Name is primarily intended for creation idempotence and configuration definition. Cannot be updated. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names',
});

export const AGE_COLUMN = column('Age', 'string', {
  description:
    'CreationTimestamp is a timestamp representing the server time when this object was created. It is not guaranteed to be set in happens-before order across separate operations. Clients may not set this value. It is represented in RFC3339 form and is in UTC.\n\nPopulated by the system. Read-only. Null for lists. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata',
});

/** `duration.HumanDuration`, as kubectl prints ages. */
export function humanDuration(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 120) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 10) return seconds % 60 === 0 ? `${minutes}m` : `${minutes}m${seconds % 60}s`;
  if (minutes < 180) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 8) return minutes % 60 === 0 ? `${hours}h` : `${hours}h${minutes % 60}m`;
  if (hours < 48) return `${hours}h`;
  if (hours < 24 * 8)
    return hours % 24 === 0
      ? `${Math.floor(hours / 24)}d`
      : `${Math.floor(hours / 24)}d${hours % 24}h`;
  if (hours < 24 * 365 * 2) return `${Math.floor(hours / 24)}d`;
  const days = Math.floor(hours / 24);
  if (hours < 24 * 365 * 8)
    return days % 365 === 0
      ? `${Math.floor(days / 365)}y`
      : `${Math.floor(days / 365)}y${days % 365}d`;
  return `${Math.floor(days / 365)}y`;
}

/** `translateTimestampSince`: `<unknown>` without a timestamp. */
export function age(timestamp: unknown, now: Date): string {
  if (typeof timestamp !== 'string') return '<unknown>';
  const t = Date.parse(timestamp);
  return Number.isNaN(t) ? '<unknown>' : humanDuration(now.getTime() - t);
}

export function record(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
    ? (v as Record<string, unknown>)
    : {};
}

export function list(v: unknown): Record<string, unknown>[] {
  return Array.isArray(v) ? v.map(record) : [];
}

export function num(v: unknown): number {
  return typeof v === 'number' ? v : 0;
}

/** Containers and images columns of workload tables: comma-joined. */
export function containersAndImages(podSpec: Record<string, unknown>): [string, string] {
  const containers = list(podSpec.containers);
  return [
    containers.map((c) => String(c.name ?? '')).join(','),
    containers.map((c) => String(c.image ?? '')).join(','),
  ];
}

/** `metav1.FormatLabelSelector` of a LabelSelector object. */
/**
 * `metav1.FormatLabelSelector`, as kubectl's wide columns print it: the selector's String() form
 * (sorted, `k=v` for matchLabels, `k in (v)` for expressions), `<none>` when empty or absent,
 * `<error>` when it does not convert.
 */
export function formatSelector(selector: unknown): string {
  const parsed = parseSelector(readSelector(selector));
  if (!parsed.ok) return '<error>';
  const text = selectorToString(parsed.value);
  return text === '' ? '<none>' : text;
}
