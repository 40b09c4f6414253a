import { z } from 'zod';
import { BudgetDetailResponseSchema, type BudgetDetailResponse } from '@pdbscope/shared/api';
import type { Parser } from './client.js';

// A 1,000-pod budget's lanes are most of its answer, and checking each pod against the schema on
// a first visit (zod's code not yet warm) cost more than fetching and parsing the answer. The
// first paint checks everything but the pods one by one; `checkLanes` checks those right after.
// Until then a pod needs its name and namespace (its key and links): a plain test, as a zod
// object per pod (copied, on cold code) cost about as much again as the rest of the answer.
const isPodRef = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { name?: unknown }).name === 'string' &&
  typeof (value as { namespace?: unknown }).namespace === 'string';
const podsLater = z.array(
  z.custom<{ name: string; namespace: string }>(isPodRef, 'a pod with its name and namespace'),
);
const FirstPaintSchema = BudgetDetailResponseSchema.extend({
  lanes: z.object({ available: podsLater, unavailable: podsLater, disrupted: podsLater }),
});
const LanesSchema = BudgetDetailResponseSchema.shape.lanes;

/** The detail's parser for the first paint: every field but each lane pod's own fields. */
export const detailFirstPaintParser: Parser<BudgetDetailResponse> = {
  parse: (data) => FirstPaintSchema.parse(data) as BudgetDetailResponse,
};

/** What is wrong with the lanes' pods, in words, or undefined when they match the API. */
export function checkLanes(lanes: unknown): string | undefined {
  const checked = LanesSchema.safeParse(lanes);
  return checked.success ? undefined : z.prettifyError(checked.error);
}
