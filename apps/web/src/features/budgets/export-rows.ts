import type { BudgetRow } from '@pdbscope/shared/api';
import { budgetNumbers } from '../../components/budget-numbers.js';

const CSV_HEADER = [
  'kind',
  'namespace',
  'name',
  'selector',
  'expected',
  'desired',
  'current',
  'allowed',
  'blocking',
  'blockingReason',
  'overlap',
  'findings',
  'stale',
  'mismatch',
  'error',
] as const;

/** RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled. */
export function csvField(value: string | number | boolean | null): string {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The rows shown, as CSV (CRLF line ends, a header line), in the order shown. */
export function budgetRowsCsv(rows: readonly BudgetRow[]): string {
  const lines = rows.map((row) => {
    const numbers = budgetNumbers(row);
    return [
      row.kind,
      row.namespace,
      row.name,
      row.selectorText,
      numbers.expected,
      numbers.desired,
      numbers.current,
      numbers.allowed,
      row.flags.blocking,
      row.flags.blockingReason,
      row.flags.overlap,
      row.flags.findings,
      row.flags.stale,
      row.flags.mismatch,
      row.flags.error,
    ]
      .map(csvField)
      .join(',');
  });
  return [CSV_HEADER.join(','), ...lines].map((line) => `${line}\r\n`).join('');
}

/** The rows shown, as the API gives them, in the order shown. */
export function budgetRowsJson(rows: readonly BudgetRow[]): string {
  return `${JSON.stringify(rows, null, 2)}\n`;
}

/** Hands a generated file to the browser's download. */
export function downloadText(options: { fileName: string; type: string; text: string }): void {
  const url = URL.createObjectURL(new Blob([options.text], { type: options.type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = options.fileName;
  link.click();
  URL.revokeObjectURL(url);
}
