import { z } from 'zod';
import { NodesResponseSchema, type NodesResponse } from '@pdbscope/shared/api';
import type { Parser } from './client.js';
import { namedItemsLater } from './first-paint.js';

// At 5,000 nodes checking each row against its schema was the longest part of the Nodes page's
// work after the answer (profiled, bench:web): the first paint checks everything but the rows one
// by one (first-paint.ts); `checkNodeRows` checks those right after.
const FirstPaintSchema = NodesResponseSchema.extend({ items: namedItemsLater(['name']) });
const RowsSchema = NodesResponseSchema.shape.items;

/** The node list's parser for the first paint: every field but each row's own fields. */
export const nodesFirstPaintParser: Parser<NodesResponse> = {
  parse: (data) => FirstPaintSchema.parse(data) as NodesResponse,
};

/** What is wrong with the node rows, in words, or undefined when they match the API. */
export function checkNodeRows(rows: unknown): string | undefined {
  const checked = RowsSchema.safeParse(rows);
  return checked.success ? undefined : z.prettifyError(checked.error);
}
